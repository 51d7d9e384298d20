// /earnings (coach; an admin with ?coach={id}): what the coach's classes took, per month and per class, the
// platform's fee, refunds, and where their share stands at the payment provider, with a CSV export.
// Figures come from GET /api/coaches/{id}/earnings (our payment records, in cents on the server).
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EarningsAnswer as Answer } from '../../../../api/earnings/model';
import { formatDateShort } from '../../../../common/pacific';
import { $user } from '../../../lib/stores/session';
import AccessDenied from '../../components/AccessDenied';
import StatCard from '../../components/StatCard';
import Bars, { BarsLegend } from './Bars';
import { csvHref, dollars, earningsQuery } from './query';
import { monthLabel, rangeOf, type RangeKey } from './range';

const RANGES: { key: RangeKey; label: string }[] = [
  { key: 'all', label: 'All time' },
  { key: 'this-month', label: 'This month' },
  { key: 'last-month', label: 'Last month' },
  { key: 'this-year', label: 'This year' },
];

export default function EarningsScreen() {
  const user = useStore($user);
  if (user?.role === 'admin') {
    const coachId = Number(new URLSearchParams(location.search).get('coach'));
    if (Number.isSafeInteger(coachId) && coachId > 0) return <Earnings coachId={coachId} />;
    return <AccessDenied message="Open a coach's earnings from the admin dashboard (add ?coach= and the coach's id)." />;
  }
  if (user?.role !== 'coach') return <AccessDenied message="This page is only accessible to coaches." />;
  return <Earnings coachId={user.id} />;
}

function Earnings({ coachId }: { coachId: number }) {
  const [rangeKey, setRangeKey] = useState<RangeKey>('all');
  const range = rangeOf(rangeKey);
  const query = useQuery(earningsQuery(coachId, range));
  const data = query.data;

  return (
    <div className="container-page py-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Earnings</h1>
          <p className="mt-1 text-fog-600 dark:text-fog-400">
            What your classes took, what Fogline kept, and what is yours. Sessions by their date in Pacific time.
          </p>
        </div>
        <a className="btn-secondary" href={csvHref(coachId, range)} download>
          Export CSV
        </a>
      </div>

      <div role="group" aria-label="Period" className="mt-5 flex gap-2 overflow-x-auto pb-1">
        {RANGES.map((r) => (
          <button
            key={r.key}
            type="button"
            aria-pressed={rangeKey === r.key}
            onClick={() => setRangeKey(r.key)}
            className={`shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium ${rangeKey === r.key ? 'border-brand-700 bg-brand-700 text-white' : 'border-fog-300 bg-white text-fog-800 dark:border-fog-700 dark:bg-fog-900 dark:text-fog-100'}`}
          >
            {r.label}
          </button>
        ))}
      </div>

      {query.isError && !data ? (
        <div role="alert" className="card mt-6 p-6 text-center">
          <p className="font-medium text-red-700 dark:text-red-400">Failed to load your earnings</p>
          <button type="button" className="btn-primary mt-4" onClick={() => void query.refetch()}>
            Retry
          </button>
        </div>
      ) : !data ? (
        <p className="mt-8 text-fog-600 dark:text-fog-400" role="status">
          Loading earnings...
        </p>
      ) : (
        <>
          <section aria-label="Totals" className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard
              label="Your earnings"
              value={dollars(data.summary.net)}
              tone="success"
              hint={`85% of what was kept · ${data.summary.bookings} bookings, ${data.summary.spots} spots`}
            />
            <StatCard
              label="Gross sales"
              value={dollars(data.summary.gross)}
              hint="Price × spots paid by card (coach credit counts once)"
            />
            <StatCard label="Platform fees" value={dollars(data.summary.platformFees)} tone="muted" hint="15% of what was kept" />
            <StatCard
              label="Refunded"
              value={dollars(data.summary.refunds)}
              tone="warning"
              hint={`${dollars(data.summary.refundedToCustomers)} back to customers with their 5% service fee`}
            />
          </section>
          <p className="mt-3 text-sm text-fog-700 dark:text-fog-300">
            <strong>{dollars(data.summary.earned)}</strong> from sessions already held · <strong>{dollars(data.summary.upcoming)}</strong>{' '}
            from sessions to come (customers may still cancel).
          </p>
          <CreditNote summary={data.summary} passCredit={data.passSales?.creditApplied ?? 0} />
          {data.passSales && data.passSales.purchases > 0 ? (
            <p className="mt-1 text-sm text-fog-700 dark:text-fog-300">
              Passes sold: <strong>{dollars(data.passSales.net)}</strong> yours of {dollars(data.passSales.gross)} from{' '}
              {data.passSales.purchases} {data.passSales.purchases === 1 ? 'pass' : 'passes'}
              {data.passSales.refunds > 0 ? ` (${dollars(data.passSales.refunds)} refunded)` : ''}
              {data.passSales.creditApplied > 0 ? `, ${dollars(data.passSales.creditApplied)} of them paid with credit you issued` : ''}.
              Classes booked with their credits are not counted again above.
            </p>
          ) : null}
          {data.membershipFees && data.membershipFees.fees > 0 ? (
            <p className="mt-1 text-sm text-fog-700 dark:text-fog-300">
              Membership fees (late cancels and no-shows): <strong>{dollars(data.membershipFees.net)}</strong> yours of{' '}
              {dollars(data.membershipFees.gross)} from {data.membershipFees.fees} {data.membershipFees.fees === 1 ? 'fee' : 'fees'}
              {data.membershipFees.refunds > 0 ? ` (${dollars(data.membershipFees.refunds)} refunded)` : ''}.
            </p>
          ) : null}

          <PayoutCard payouts={data.payouts} />

          <section aria-labelledby="months-title" className="card mt-6 p-5">
            <h2 id="months-title" className="text-lg font-semibold">
              By month
            </h2>
            <div className="mt-2">
              <BarsLegend />
            </div>
            {data.byMonth.length === 0 ? (
              <p className="mt-4 text-sm text-fog-600 dark:text-fog-400">No paid bookings in this period.</p>
            ) : (
              <ul className="mt-4 space-y-3">
                {data.byMonth.map((m) => (
                  <li key={m.month} className="grid grid-cols-[4.5rem_1fr_auto] items-center gap-3 text-sm">
                    <span className="font-medium">{monthLabel(m.month)}</span>
                    <Bars figures={m} max={Math.max(...data.byMonth.map((x) => x.gross))} />
                    <span className="text-right tabular-nums">
                      <strong>{dollars(m.net)}</strong>
                      <span className="sr-only">{` earned of ${dollars(m.gross)} gross, ${dollars(m.platformFees)} platform fee, ${dollars(m.refunds)} refunded`}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <ClassLines lines={data.byClass} />
        </>
      )}
    </div>
  );
}

/** Coach credit, counted once: why a booking shows less card money (credit it was paid with was already earned when
 * the credit was issued), and that a cancellation given back as credit keeps its money yours. Shown only when
 * credit moved. */
function CreditNote({ summary, passCredit }: { summary: Answer['summary']; passCredit: number }) {
  const spent = summary.creditApplied + passCredit;
  if (spent === 0 && summary.refundedAsCredit === 0 && summary.creditOutstanding === 0) return null;
  return (
    <section aria-labelledby="credit-title" className="card mt-4 p-4 text-sm text-fog-700 dark:text-fog-300">
      <h2 id="credit-title" className="font-semibold text-fog-900 dark:text-fog-100">
        Coach credit
      </h2>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {summary.refundedAsCredit > 0 && (
          <li>
            <strong>{dollars(summary.refundedAsCredit)}</strong> given back as credit instead of a refund: that money stays in your earnings
            above.
          </li>
        )}
        {spent > 0 && (
          <li>
            <strong>{dollars(spent)}</strong> paid with credit you issued: you were paid your share of it when it was issued, so only the
            card part of those bookings is counted.
          </li>
        )}
        <li>
          Customers hold <strong>{dollars(summary.creditOutstanding)}</strong> of credit with you now (all dates), to spend on your classes
          and passes.
        </li>
      </ul>
    </section>
  );
}

const ACCOUNT_TEXT = { not_set_up: 'Not set up', incomplete: 'Setup incomplete', ready: 'Receiving payouts' } as const;

function PayoutCard({ payouts }: { payouts: Answer['payouts'] }) {
  return (
    <section aria-labelledby="payouts-title" className="card mt-6 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payouts-title" className="text-lg font-semibold">
          Payouts
        </h2>
        <span className="flex gap-2 text-xs font-semibold">
          <span className="rounded-full bg-fog-100 px-2.5 py-1 text-fog-800 dark:bg-fog-800 dark:text-fog-100">
            {payouts.provider === 'test' ? 'Test provider' : 'Stripe'}
          </span>
          <span
            className={`rounded-full px-2.5 py-1 ${payouts.account === 'ready' ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200' : 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200'}`}
          >
            {ACCOUNT_TEXT[payouts.account]}
          </span>
        </span>
      </div>
      <p className="mt-2 text-sm text-fog-700 dark:text-fog-300">{payouts.note}</p>
      {payouts.account !== 'ready' && (
        <a href="/profile?tab=payment" className="btn-primary mt-3 inline-flex">
          Set up payouts
        </a>
      )}
      {payouts.available !== null && (
        <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-fog-600 dark:text-fog-400">Available</dt>
            <dd className="text-xl font-bold tabular-nums">{dollars(payouts.available)}</dd>
          </div>
          <div>
            <dt className="text-fog-600 dark:text-fog-400">Pending</dt>
            <dd className="text-xl font-bold tabular-nums">{dollars(payouts.pending ?? 0)}</dd>
          </div>
          <div>
            <dt className="text-fog-600 dark:text-fog-400">Paid out</dt>
            <dd className="text-xl font-bold tabular-nums">{dollars(payouts.paidOut ?? 0)}</dd>
          </div>
        </dl>
      )}
      {payouts.payouts.length > 0 && (
        <ul className="mt-4 divide-y divide-fog-200 text-sm dark:divide-fog-800">
          {payouts.payouts.map((p) => (
            <li key={p.id} className="flex justify-between py-2">
              <span>
                {formatDateShort(p.arrivalDate)} · {p.status.replace('_', ' ')}
              </span>
              <span className="tabular-nums font-medium">{dollars(p.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const FIRST_LINES = 10;

function ClassLines({ lines }: { lines: Answer['byClass'] }) {
  const [all, setAll] = useState(false);
  const shown = all ? lines : lines.slice(0, FIRST_LINES);
  const max = Math.max(0, ...lines.map((l) => l.gross));
  return (
    <section aria-labelledby="classes-title" className="card mt-6 p-5">
      <h2 id="classes-title" className="text-lg font-semibold">
        By class
      </h2>
      {lines.length === 0 ? (
        <p className="mt-4 text-sm text-fog-600 dark:text-fog-400">No paid bookings in this period.</p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-fog-200 dark:divide-fog-800">
            {shown.map((line) => (
              <li key={line.classId} className="py-3">
                <div className="flex items-baseline justify-between gap-3">
                  <a href={`/classes/${line.classId}`} className="min-w-0 truncate font-medium hover:underline">
                    {line.title}
                  </a>
                  <strong className="shrink-0 tabular-nums">{dollars(line.net)}</strong>
                </div>
                <p className="text-xs text-fog-600 dark:text-fog-400">
                  {line.startTime ? formatDateShort(line.startTime) : 'No date'} · {line.spots} {line.spots === 1 ? 'spot' : 'spots'} ·
                  gross {dollars(line.gross)} · fee {dollars(line.platformFees)}
                  {line.refunds > 0 ? ` · refunded ${dollars(line.refunds)}` : ''}
                  {line.creditApplied > 0 ? ` · paid with credit you issued ${dollars(line.creditApplied)}` : ''}
                  {line.refundedAsCredit > 0 ? ` · given back as credit ${dollars(line.refundedAsCredit)}` : ''}
                </p>
                <div className="mt-1.5">
                  <Bars figures={line} max={max} />
                </div>
              </li>
            ))}
          </ul>
          {lines.length > FIRST_LINES && (
            <button type="button" className="btn-secondary mt-3" onClick={() => setAll(!all)}>
              {all ? 'Show fewer' : `Show all ${lines.length} classes`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
