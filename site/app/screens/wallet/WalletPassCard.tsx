// One pass in the wallet (issue 19): credits left of those bought, expiry, coverage, a membership's renewal,
// its history from the credit ledger, and the membership's Cancel and Pause (each behind a confirm dialog).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LedgerEntry, PurchaseStatusName, WalletPass } from '../../../../api/passes/model';
import { formatDateLong, formatDateShort } from '../../../../common/pacific';
import { errorMessage } from '../../../lib/api-error';
import { dollars } from '../../../lib/catalog';
import { cancelMembership, pauseMembership } from '../../../lib/passes-api';
import { coverageText } from '../../../lib/pass-terms';
import { toast } from '../../../lib/stores/toast';
import Modal from '../../components/Modal';
import { UpdateCardDialog } from './UpdateCardDialog';

export const WALLET = ['wallet'] as const;

const STATUS: Record<PurchaseStatusName, { label: string; style: string }> = {
  pending: { label: 'Payment pending', style: 'border border-amber-500 text-amber-800 dark:border-amber-400 dark:text-amber-200' },
  active: { label: 'Active', style: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200' },
  past_due: { label: 'Past due', style: 'bg-red-100 text-red-800 dark:bg-red-950/60 dark:text-red-200' },
  paused: { label: 'Paused', style: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200' },
  cancelled: { label: 'Cancelled', style: 'border border-red-600 text-red-700 dark:border-red-400 dark:text-red-300' },
  ended: { label: 'Ended', style: 'bg-fog-100 text-fog-800 dark:bg-fog-800 dark:text-fog-200' },
  refunded: { label: 'Refunded', style: 'bg-fog-100 text-fog-800 dark:bg-fog-800 dark:text-fog-200' },
};

const KIND = { pack: 'Class pack', membership: 'Membership', intro: 'Intro offer' } as const;

function historyLine(entry: LedgerEntry): string {
  const cls = entry.classTitle
    ? `${entry.classTitle}${entry.classStartTime ? ` (${formatDateShort(entry.classStartTime)})` : ''}`
    : 'a class';
  const n = Math.abs(entry.delta);
  const credits = `${n} ${n === 1 ? 'credit' : 'credits'}`;
  switch (entry.kind) {
    case 'purchase':
      return entry.delta > 0 ? `Bought: ${credits}` : 'Bought';
    case 'renewal':
      return entry.delta > 0 ? `Renewed: ${credits} for the period` : 'Renewed';
    case 'booking':
      return entry.delta === 0 ? `Booked ${cls} with the membership` : `Booked ${cls}`;
    case 'return':
      return `Returned from ${cls}`;
    case 'expiry':
      return `Expired: ${credits}`;
    case 'refund':
      return `Refunded: ${credits}`;
  }
}

export function WalletPassCard({ pass, highlighted }: { pass: WalletPass; highlighted: boolean }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'cancel' | 'pause' | 'card' | null>(null);
  const [pauseWeeks, setPauseWeeks] = useState(1);
  const refresh = () => queryClient.invalidateQueries({ queryKey: WALLET });
  const cancel = useMutation({
    mutationFn: () => cancelMembership(pass.purchaseId),
    onSuccess: (answer) => {
      toast({ title: 'Membership cancelled', description: answer.message, variant: 'success' });
      setAsking(null);
      void refresh();
    },
    onError: (error) =>
      toast({
        title: 'Could not cancel',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
        variant: 'destructive',
      }),
  });
  const pause = useMutation({
    mutationFn: () => pauseMembership(pass.purchaseId, pauseWeeks),
    onSuccess: (answer) => {
      toast({ title: 'Membership paused', description: answer.message, variant: 'success' });
      setAsking(null);
      void refresh();
    },
    onError: (error) =>
      toast({
        title: 'Could not pause',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
        variant: 'destructive',
      }),
  });

  const membership = pass.kind === 'membership';
  const live = pass.status === 'active' || pass.status === 'past_due' || pass.status === 'paused';
  const expiry = pass.creditsExpireAt ?? pass.expiresAt;
  const status = STATUS[pass.status];
  const titleId = `wallet-pass-${pass.purchaseId}`;
  return (
    <li
      data-purchase-id={pass.purchaseId}
      aria-labelledby={titleId}
      className={`card p-5 sm:p-6 ${highlighted ? 'ring-2 ring-brand-500 ring-offset-2 dark:ring-offset-fog-950' : ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-fog-600 dark:text-fog-400">
            {KIND[pass.kind]} ·{' '}
            <a href={`/coaches/${pass.coachId}`} className="hover:underline">
              {pass.coachName}
            </a>
          </p>
          <h2 id={titleId} className="mt-1 text-lg font-semibold">
            {pass.name}
          </h2>
        </div>
        <span className={`badge ${status.style}`}>
          {pass.cancelAtPeriodEnd && pass.status === 'active' ? 'Cancelled: ends at period end' : status.label}
        </span>
      </div>

      {pass.status === 'past_due' && (
        <div
          role="alert"
          className="mt-4 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
        >
          <p className="font-semibold">Your membership payment is past due.</p>
          <p className="mt-0.5">The renewal could not be charged. Pay with another card to book with it again.</p>
          <button type="button" className="btn-primary mt-3" onClick={() => setAsking('card')}>
            Update card
          </button>
        </div>
      )}

      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-fog-600 dark:text-fog-400">{membership ? 'This period' : 'Credits left'}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="credits-left">
            {pass.unlimited ? 'Unlimited' : `${pass.creditsLeft ?? 0} of ${pass.creditsTotal ?? 0}`}
          </dd>
        </div>
        {expiry && live && (
          <div>
            <dt className="text-sm text-fog-600 dark:text-fog-400">{membership ? 'Period ends' : 'Expires'}</dt>
            <dd className="font-semibold">{formatDateLong(expiry)}</dd>
          </div>
        )}
        {membership && (
          <div>
            <dt className="text-sm text-fog-600 dark:text-fog-400">Next renewal</dt>
            <dd className="font-semibold">
              {pass.status === 'paused' && pass.pauseEndsAt
                ? `Paused until ${formatDateLong(pass.pauseEndsAt)}`
                : pass.nextRenewalAt && pass.nextRenewalAmount !== null
                  ? `${formatDateLong(pass.nextRenewalAt)} · ${dollars(pass.nextRenewalAmount)}`
                  : pass.cancelAtPeriodEnd && pass.currentPeriodEnd
                    ? `None: ends ${formatDateLong(pass.currentPeriodEnd)}`
                    : 'None'}
            </dd>
          </div>
        )}
        <div className="col-span-2 sm:col-span-3">
          <dt className="text-sm text-fog-600 dark:text-fog-400">Covers</dt>
          <dd>
            {coverageText(pass.coverage)} with {pass.coachName}
          </dd>
        </div>
      </dl>

      <p className="mt-3 text-xs text-fog-600 dark:text-fog-400">
        Bought {formatDateLong(pass.purchasedAt)} for {dollars(pass.amountPaid)}
        {pass.refunded > 0 ? ` · ${dollars(pass.refunded)} refunded` : ''}
      </p>

      <div className="mt-4 flex flex-wrap gap-2">
        {live && (
          <a href={`/coaches/${pass.coachId}`} className="btn-secondary">
            Book a class
          </a>
        )}
        {membership && pass.status === 'active' && !pass.cancelAtPeriodEnd && (pass.maxPauseWeeks ?? 0) > 0 && (
          <button type="button" className="btn-ghost" onClick={() => setAsking('pause')}>
            Pause
          </button>
        )}
        {membership && live && !pass.cancelAtPeriodEnd && (
          <button type="button" className="btn-ghost text-red-700 dark:text-red-300" onClick={() => setAsking('cancel')}>
            Cancel membership
          </button>
        )}
      </div>

      {pass.history.length > 0 && (
        <details className="group mt-4 border-t border-fog-200 pt-3 dark:border-fog-800">
          <summary className="cursor-pointer text-sm font-semibold text-brand-700 dark:text-brand-300">
            History ({pass.history.length})
          </summary>
          <ol className="mt-2 divide-y divide-fog-100 text-sm dark:divide-fog-800" aria-label={`History of ${pass.name}`}>
            {pass.history.map((entry) => (
              <li key={entry.id} className="flex items-baseline justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block">{historyLine(entry)}</span>
                  <span className="text-xs text-fog-600 dark:text-fog-400">{formatDateShort(entry.at)}</span>
                </span>
                {entry.delta !== 0 && (
                  <span
                    className={`shrink-0 font-semibold tabular-nums ${entry.delta > 0 ? 'text-emerald-700 dark:text-emerald-300' : 'text-fog-800 dark:text-fog-200'}`}
                  >
                    {entry.delta > 0 ? `+${entry.delta}` : `−${-entry.delta}`}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}

      <Modal
        open={asking === 'cancel'}
        onClose={() => setAsking(null)}
        title="Cancel this membership?"
        description={
          pass.currentPeriodEnd
            ? `You have paid until ${formatDateLong(pass.currentPeriodEnd)}: you keep booking until then, and it will not renew. Nothing more is charged.`
            : 'It will not renew, and nothing more is charged.'
        }
        actions={
          <>
            <button type="button" className="btn-ghost" onClick={() => setAsking(null)} disabled={cancel.isPending}>
              Keep membership
            </button>
            <button type="button" className="btn-danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel membership'}
            </button>
          </>
        }
      />
      <Modal
        open={asking === 'pause'}
        onClose={() => setAsking(null)}
        title="Pause this membership?"
        description={`The pause starts when the paid ${pass.billingPeriod ?? 'period'} ends${pass.currentPeriodEnd ? ` (${formatDateLong(pass.currentPeriodEnd)})` : ''}: nothing is charged and you cannot book with it meanwhile. It renews when the pause ends, and later renewals move by as much.`}
        actions={
          <>
            <button type="button" className="btn-ghost" onClick={() => setAsking(null)} disabled={pause.isPending}>
              Don't pause
            </button>
            <button type="button" className="btn-primary" onClick={() => pause.mutate()} disabled={pause.isPending}>
              {pause.isPending ? 'Pausing...' : `Pause for ${pauseWeeks} ${pauseWeeks === 1 ? 'week' : 'weeks'}`}
            </button>
          </>
        }
      >
        <label className="label" htmlFor={`pause-weeks-${pass.purchaseId}`}>
          Weeks to pause
        </label>
        <select
          id={`pause-weeks-${pass.purchaseId}`}
          className="input"
          value={pauseWeeks}
          onChange={(e) => setPauseWeeks(Number(e.target.value))}
        >
          {Array.from({ length: Math.max(1, pass.maxPauseWeeks ?? 1) }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? 'week' : 'weeks'}
            </option>
          ))}
        </select>
        <p className="mt-1.5 text-xs text-fog-600 dark:text-fog-400">Up to {pass.maxPauseWeeks} weeks a year.</p>
      </Modal>
      {asking === 'card' && <UpdateCardDialog pass={pass} onClose={() => setAsking(null)} onPaid={refresh} />}
    </li>
  );
}
