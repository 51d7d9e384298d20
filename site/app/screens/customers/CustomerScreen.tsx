// /customers/{id} (coach or admin): one customer of the coach's classes (every class for an admin), with their
// contact, their figures, the passes they hold and each booking with how it was paid (issue 19), the people booked
// and their check-ins (issue 22).
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { formatDateShort, formatTimePT } from '../../../../common/pacific';
import type { HeldPass, PaidWith } from '../../../../api/passes/model';
import { api, unwrap } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { $user } from '../../../lib/stores/session';
import AccessDenied from '../../components/AccessDenied';
import StatCard from '../../components/StatCard';
import type { ScreenProps } from '../../router';

const ATTENDANCE = { present: ' ✓ attended', no_show: ' · no-show' } as const;

/** How a booking was paid, as the coach reads it. */
function paidWithLabel(paidWith: PaidWith, passName: string | null): string {
  if (paidWith === 'credit') return passName ? `Credit · ${passName}` : 'Credit';
  if (paidWith === 'membership') return passName ? `Membership · ${passName}` : 'Membership';
  return paidWith === 'card' ? 'Card' : 'Free';
}

const PASS_STATUS: Record<HeldPass['status'], string> = {
  pending: 'payment pending',
  active: 'active',
  past_due: 'past due',
  paused: 'paused',
  cancelled: 'cancelled',
  ended: 'ended',
  refunded: 'refunded',
};

export default function CustomerScreen({ params }: ScreenProps) {
  const user = useStore($user);
  if (user?.role !== 'coach' && user?.role !== 'admin') return <AccessDenied />;
  return <Customer id={params.id ?? ''} isAdmin={user.role === 'admin'} />;
}

function Customer({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const loaded = useQuery({ queryKey: ['customers', 'person', id], queryFn: () => unwrap(api.customers.people({ id }).get()) });
  const back = (
    <a href="/customers" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
      ← All customers
    </a>
  );
  if (loaded.isError && !loaded.data) {
    const missing = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <div className="container-page py-6 sm:py-10">
        {back}
        <div role="alert" className="card mt-4 p-6 text-center">
          <p className="font-semibold">{missing ? 'Customer not found' : 'Failed to load customer data'}</p>
          {!missing && (
            <button type="button" className="btn-primary mt-3" onClick={() => void loaded.refetch()}>
              Retry
            </button>
          )}
        </div>
      </div>
    );
  }
  const data = loaded.data;
  if (!data)
    return (
      <p role="status" className="container-page py-10 text-fog-600 dark:text-fog-400">
        Loading customer...
      </p>
    );
  const { customer, summary, bookings, passes } = data;
  return (
    <div className="container-page py-6 sm:py-10">
      {back}
      <h1 className="mt-2 text-3xl font-bold">{`${customer.firstName} ${customer.lastName}`.trim()}</h1>
      <p className="mt-1 flex flex-wrap gap-x-4 text-fog-700 dark:text-fog-300">
        <a className="text-brand-700 hover:underline dark:text-brand-300" href={`mailto:${customer.email}`}>
          {customer.email}
        </a>
        {customer.phone ? (
          <a className="text-brand-700 hover:underline dark:text-brand-300" href={`tel:${customer.phone}`}>
            {customer.phone}
          </a>
        ) : (
          <span>Phone N/A</span>
        )}
      </p>
      <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatCard label="Bookings" value={summary.bookings} hint={`${summary.spots} ${summary.spots === 1 ? 'spot' : 'spots'}`} />
        <StatCard label="Completed Classes" value={summary.completedClasses} hint={`${summary.upcomingClasses} upcoming`} />
        <StatCard label="Attended" value={summary.attended} tone="success" hint="Check-ins at the sessions" />
        <StatCard label="No-shows" value={summary.noShows} tone={summary.noShows ? 'warning' : 'muted'} hint="Marked absent by the coach" />
      </div>
      <section aria-labelledby="customer-passes" className="card mt-6 p-5">
        <h2 id="customer-passes" className="text-lg font-semibold">
          Passes
        </h2>
        {passes.length === 0 ? (
          <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">No pass or membership right now: they pay by card.</p>
        ) : (
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {passes.map((p) => (
              <li key={p.purchaseId} className="rounded-xl border border-fog-200 p-3 text-sm dark:border-fog-800">
                <p className="font-semibold">{p.name}</p>
                <p className="text-fog-600 dark:text-fog-400">
                  {p.creditsLeft === null ? 'Unlimited classes' : `${p.creditsLeft} ${p.creditsLeft === 1 ? 'credit' : 'credits'} left`} ·{' '}
                  {PASS_STATUS[p.status]}
                  {p.expiresAt ? ` · until ${formatDateShort(p.expiresAt)}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="customer-bookings" className="card mt-6 overflow-hidden">
        <h2 id="customer-bookings" className="border-b border-fog-200 px-5 py-4 text-lg font-semibold dark:border-fog-800">
          Bookings
        </h2>
        <ul className="divide-y divide-fog-200 dark:divide-fog-800">
          {bookings.map((b) => (
            <li key={b.id} className="px-5 py-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <a href={`/roster/${b.classId}`} className="font-semibold hover:underline">
                  {b.className}
                </a>
                <span
                  className={`badge capitalize ${b.status === 'confirmed' ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200' : 'bg-fog-100 text-fog-700 dark:bg-fog-800 dark:text-fog-200'}`}
                >
                  {b.status}
                </span>
              </div>
              <p className="text-sm text-fog-600 dark:text-fog-400">
                {b.classDate ? `${formatDateShort(b.classDate)} · ${formatTimePT(b.classDate)}` : 'N/A'} · {b.quantity}{' '}
                {b.quantity === 1 ? 'spot' : 'spots'}
                {isAdmin ? ` · coach ${b.coachFirstName} ${b.coachLastName}` : ''}
              </p>
              <p className="mt-1 text-sm" data-testid="paid-with">
                <span className="text-fog-600 dark:text-fog-400">Paid with:</span> {paidWithLabel(b.paidWith, b.passName)}
              </p>
              {b.attendees.length > 0 && (
                <ul aria-label={`Attendees of booking ${b.id}`} className="mt-2 flex flex-wrap gap-1.5 text-sm">
                  {b.attendees.map((a, i) => (
                    <li key={i} className="rounded-full border border-fog-200 px-2.5 py-0.5 dark:border-fog-700">
                      {a.name}
                      {a.age !== null ? ` (${a.age})` : ''}
                      {a.attendance ? ATTENDANCE[a.attendance] : ''}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
