// /wallet (issue 19): the customer's passes and memberships: credits left and when they expire, the classes each
// covers, its history (the credit ledger), a membership's status, next renewal date and amount, and Cancel /
// Pause with their confirm dialogs. A past-due membership says so with the way to pay with another card.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { WalletPass } from '../../../../api/passes/model';
import { EmptyState } from '../../../components/catalog/EmptyState';
import { formatDollars } from '../../../../common/money';
import { showCarriedToast } from '../../../lib/carry-toast';
import { readWallet } from '../../../lib/passes-api';
import { useLocation } from '../../router';
import { WALLET, WalletPassCard } from './WalletPassCard';

export default function WalletScreen() {
  const { search } = useLocation();
  const wallet = useQuery({ queryKey: WALLET, queryFn: () => readWallet() });
  const highlight = Number(new URLSearchParams(search).get('highlight')) || null;

  useEffect(() => {
    showCarriedToast();
  }, []);
  useEffect(() => {
    if (highlight && wallet.data) document.querySelector(`[data-purchase-id="${highlight}"]`)?.scrollIntoView({ block: 'center' });
  }, [highlight, wallet.data]);

  const passes = wallet.data?.passes ?? [];
  const current = passes.filter(isCurrent);
  const past = passes.filter((p) => !isCurrent(p));
  return (
    <div className="container-page max-w-4xl py-8 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">Wallet</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400">
        Your class packs and memberships: what is left, when it expires, and its history.
      </p>
      {/* Credit with coaches (issue 20): a money balance per coach from its own ledger. */}
      {wallet.data && wallet.data.coachCredit.credits.length > 0 && (
        <section aria-labelledby="coach-credit" className="card mt-6 p-5 sm:p-6" data-testid="coach-credit">
          <h2 id="coach-credit" className="text-lg font-semibold">
            Credit with coaches
          </h2>
          <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">
            Spent automatically when you book that coach's classes, the card paying any rest. It does not expire.
          </p>
          <ul className="mt-3 divide-y divide-fog-200 dark:divide-fog-800">
            {wallet.data.coachCredit.credits.map((credit) => (
              <li key={credit.coachId} className="flex items-center justify-between gap-3 py-2">
                <a href={`/coaches/${credit.coachId}`} className="font-medium hover:underline">
                  {credit.coachName}
                </a>
                <span className="font-semibold tabular-nums">{formatDollars(credit.balanceCents)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="mt-6">
        {wallet.isError && !wallet.data ? (
          <div
            role="alert"
            className="rounded-[var(--radius-card)] border border-dashed border-red-300 bg-red-50 px-6 py-10 text-center dark:border-red-900 dark:bg-red-950/40"
          >
            <p className="text-lg font-semibold text-red-800 dark:text-red-300">Error Loading Wallet</p>
            <p className="mt-1 text-sm text-fog-700 dark:text-fog-300">We couldn't load your passes. Please try again later.</p>
            <button type="button" className="btn-primary mt-5" onClick={() => void wallet.refetch()}>
              Retry
            </button>
          </div>
        ) : !wallet.data ? (
          <div className="space-y-4" role="status" aria-label="Loading your wallet">
            <div className="skeleton h-48 w-full rounded-[var(--radius-card)]" />
            <div className="skeleton h-48 w-full rounded-[var(--radius-card)]" />
          </div>
        ) : passes.length === 0 ? (
          <EmptyState
            title="No passes yet"
            hint="Coaches sell class packs and memberships on their profile and class pages."
            action={{ href: '/coaches', label: 'Browse Coaches' }}
          />
        ) : (
          <>
            {current.length > 0 && (
              <ul className="space-y-4" aria-label="Your passes">
                {current.map((pass) => (
                  <WalletPassCard key={pass.purchaseId} pass={pass} highlighted={pass.purchaseId === highlight} />
                ))}
              </ul>
            )}
            {past.length > 0 && (
              <section aria-labelledby="past-passes" className="mt-10">
                <h2 id="past-passes" className="text-lg font-semibold">
                  Ended
                </h2>
                <ul className="mt-3 space-y-4">
                  {past.map((pass) => (
                    <WalletPassCard key={pass.purchaseId} pass={pass} highlighted={pass.purchaseId === highlight} />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** Still usable or still to settle (a membership past due, paused or pending its first payment). */
function isCurrent(pass: WalletPass): boolean {
  if (pass.status === 'cancelled' || pass.status === 'ended' || pass.status === 'refunded') return false;
  if (pass.kind === 'membership') return true;
  const expired = pass.expiresAt !== null && Date.parse(pass.expiresAt) <= Date.now();
  return !expired && (pass.creditsLeft ?? 0) > 0;
}
