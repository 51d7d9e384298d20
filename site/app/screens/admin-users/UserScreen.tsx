// /admin/users/{id} (admin only; issue 24, item 4): a user's page for support. The account and where it stands
// (Suspend, Reinstate), their bookings with Refund, Cancel and Resend Confirmation, their payments and refunds,
// their passes with Refund unused credits (issue 19), and the audit log about them. Every action asks why, emails the person and lands in the audit log.
import { useStore } from '@nanostores/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SupportBooking } from '../../../../api/admin/model';
import { formatDateShort } from '../../../../common/pacific';
import { api, unwrap } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { dateAtTime, dollars } from '../../../lib/catalog';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import AccessDenied from '../../components/AccessDenied';
import Spinner from '../../components/Spinner';
import type { ScreenProps } from '../../router';
import { AccountStatusBadge } from '../admin/AccountStatusBadge';
import { AuditLogTab } from '../admin/AuditLogTab';
import { type SupportAction, SupportActionDialog } from './SupportActionDialog';
import { paidLine } from './paid-line';
import { UserMembershipFees } from './UserMembershipFees';
import { UserPasses } from './UserPasses';

export default function UserScreen({ params }: ScreenProps) {
  const me = useStore($user);
  if (me?.role !== 'admin') return <AccessDenied message="You need an administrator account to view users." />;
  return <UserPage userId={Number(params.id)} />;
}

const STATUS_LABEL: Record<string, string> = { confirmed: 'Confirmed', pending: 'Awaiting payment', cancelled: 'Cancelled' };

function UserPage({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const [action, setAction] = useState<SupportAction | null>(null);
  const page = useQuery({ queryKey: ['admin', 'user', userId], queryFn: () => unwrap(api.admin.users({ id: userId }).get()) });
  if (page.isError)
    return (
      <div className="container-page py-10">
        <p role="alert" className="card p-6">
          {errorMessage(page.error, 'This user could not be loaded.')}
        </p>
      </div>
    );
  if (!page.data) return <Spinner label="Loading user..." />;
  const { user, bookings, payments, refunds } = page.data;
  const name = `${user.firstName} ${user.lastName}`.trim();

  async function run(input: { amount: number; reason: string }) {
    if (!action) return;
    const { reason, amount } = input;
    if (action.kind === 'refund') {
      const done = await unwrap(api.admin.bookings({ id: action.bookingId }).refund.post({ amount, reason }));
      toast({
        title: 'Refund issued',
        description: `${dollars(done.amount)} refunded to ${name}; ${dollars(done.refunded)} refunded in all.`,
        variant: 'success',
      });
    } else if (action.kind === 'cancel') {
      const done = await unwrap(api.admin.bookings({ id: action.bookingId }).cancel.put({ refundAmount: amount, reason }));
      toast({
        title: 'Booking cancelled',
        description: `${name} has been emailed. Refunded in all: ${dollars(done.refunded)}.`,
        variant: 'success',
      });
    } else if (action.kind === 'resend') {
      await unwrap(api.admin.bookings({ id: action.bookingId })['resend-confirmation'].post({ reason }));
      toast({ title: 'Confirmation sent', description: `${name} has been sent the confirmation again.`, variant: 'success' });
    } else {
      await unwrap(api.admin.users({ id: userId })[action.kind].put({ reason }));
      toast({
        title: action.kind === 'suspend' ? 'Account suspended' : 'Account reinstated',
        description: `${name} has been emailed.`,
        variant: 'success',
      });
    }
    setAction(null);
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
  }

  const bookingAction = (kind: 'refund' | 'cancel' | 'resend', b: SupportBooking): SupportAction =>
    kind === 'resend'
      ? { kind, bookingId: b.id, classTitle: b.classTitle }
      : { kind, bookingId: b.id, classTitle: b.classTitle, refundable: b.refundable };

  return (
    <div className="container-page py-6 sm:py-10">
      <a href="/admin/users" className="text-sm text-brand-700 underline dark:text-brand-300">
        Users
      </a>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold">{name}</h1>
          <p className="mt-1 break-all text-fog-600 dark:text-fog-400">
            {user.email}
            {user.phone ? ` · ${user.phone}` : ''}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <span className="capitalize">{user.role}</span>
            <AccountStatusBadge status={user.status} customer={user.role !== 'coach'} />
            <span className="text-fog-600 dark:text-fog-400">Joined {formatDateShort(user.createdAt)}</span>
          </p>
        </div>
        {user.role !== 'admin' &&
          user.status !== 'deleted' &&
          (user.status === 'suspended' ? (
            <button type="button" className="btn-primary" onClick={() => setAction({ kind: 'reinstate', name })}>
              Reinstate
            </button>
          ) : (
            <button type="button" className="btn-danger" onClick={() => setAction({ kind: 'suspend', name })}>
              Suspend
            </button>
          ))}
      </div>

      <section aria-labelledby="bookings-title" className="mt-8">
        <h2 id="bookings-title" className="text-lg font-semibold">
          Bookings
        </h2>
        {bookings.length === 0 ? (
          <p className="card mt-3 p-6 text-fog-600 dark:text-fog-400">No bookings.</p>
        ) : (
          <ul className="mt-3 space-y-3" aria-label="Bookings">
            {bookings.map((b) => (
              <li key={b.id} className="card p-4" aria-label={`Booking #${b.id}: ${b.classTitle}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold">{b.classTitle}</p>
                  <span className="badge bg-fog-100 text-fog-800 dark:bg-fog-800 dark:text-fog-100">
                    {STATUS_LABEL[b.status] ?? b.status}
                  </span>
                </div>
                <p className="mt-1 text-sm text-fog-700 dark:text-fog-300">
                  #{b.id} · {b.classStart ? dateAtTime(b.classStart) : 'No date'} · {b.coachName} · {b.quantity}{' '}
                  {b.quantity === 1 ? 'spot' : 'spots'}
                </p>
                <p className="mt-1 text-sm">
                  {paidLine(b)}
                  {b.refunded > 0 ? ` · Refunded ${dollars(b.refunded)}` : ''}
                  {b.refundedAsCredit > 0 ? ` · ${dollars(b.refundedAsCredit)} back as credit` : ''}
                  {b.refundable > 0 && b.refunded > 0 ? ` · ${dollars(b.refundable)} left` : ''}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  {b.refundable > 0 && (
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1.5"
                      onClick={() => setAction(bookingAction('refund', b))}
                      aria-label={`Refund booking #${b.id}`}
                    >
                      Refund
                    </button>
                  )}
                  {b.cancellable && (
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1.5"
                      onClick={() => setAction(bookingAction('cancel', b))}
                      aria-label={`Cancel booking #${b.id}`}
                    >
                      Cancel
                    </button>
                  )}
                  {b.status === 'confirmed' && (
                    <button
                      type="button"
                      className="btn-ghost px-3 py-1.5"
                      onClick={() => setAction(bookingAction('resend', b))}
                      aria-label={`Resend confirmation of booking #${b.id}`}
                    >
                      Resend Confirmation
                    </button>
                  )}
                  <a
                    className="btn-ghost px-3 py-1.5"
                    href={`/api/admin/bookings/${b.id}/waivers`}
                    download
                    aria-label={`Export the waiver record of booking #${b.id}`}
                  >
                    Export Waivers
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="payments-title">
          <h2 id="payments-title" className="text-lg font-semibold">
            Payments
          </h2>
          <ul className="card mt-3 divide-y divide-fog-200 text-sm dark:divide-fog-800" aria-label="Payments">
            {payments.length === 0 && <li className="p-4 text-fog-600 dark:text-fog-400">No payments.</li>}
            {payments.map((p) => (
              <li key={p.bookingId} className="flex flex-wrap justify-between gap-2 p-4">
                <span>
                  {p.classTitle}{' '}
                  <span className="text-fog-600 dark:text-fog-400">
                    #{p.bookingId} · {dateAtTime(p.paidAt)}
                  </span>
                </span>
                <span className="font-semibold tabular-nums">{dollars(p.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="refunds-title">
          <h2 id="refunds-title" className="text-lg font-semibold">
            Refunds
          </h2>
          <ul className="card mt-3 divide-y divide-fog-200 text-sm dark:divide-fog-800" aria-label="Refunds">
            {refunds.length === 0 && <li className="p-4 text-fog-600 dark:text-fog-400">No refunds.</li>}
            {refunds.map((r, i) => (
              <li key={`${r.bookingId}-${i}`} className="p-4">
                <p className="flex flex-wrap justify-between gap-2">
                  <span>
                    {r.classTitle}{' '}
                    <span className="text-fog-600 dark:text-fog-400">
                      #{r.bookingId} · {dateAtTime(r.at)}
                    </span>
                  </span>
                  <span className="font-semibold tabular-nums">{dollars(r.amount)}</span>
                </p>
                <p className="mt-1 text-fog-700 dark:text-fog-300">
                  {r.kind === 'support' ? `Support: ${r.reason}` : 'With the cancellation'}
                </p>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <UserPasses userId={userId} />
      <UserMembershipFees userId={userId} />

      <div className="mt-8">
        <AuditLogTab userId={userId} heading={`Admin actions about ${name}`} />
      </div>
      {action && <SupportActionDialog action={action} onClose={() => setAction(null)} onSubmit={run} />}
    </div>
  );
}
