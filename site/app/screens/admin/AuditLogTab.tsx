// The audit log on the admin panel (issue 24, items 3 and 4): every admin action, newest first, with who did
// it, about whom, when (Pacific time) and why. `userId` narrows it to one account (the user's page).
import type { AuditAction, AuditEntry } from '../../../../api/admin/model';
import { dateAtTime, dollars } from '../../../lib/catalog';
import { api, unwrapPage } from '../../../lib/api';
import { pageQuery, usePagedQuery } from '../../components/Pagination';
import Spinner from '../../components/Spinner';

export const ACTION_LABEL: Record<AuditAction, string> = {
  'coach.approve': 'Approved coach',
  'coach.reject': 'Rejected application',
  'account.suspend': 'Suspended account',
  'account.reinstate': 'Reinstated account',
  'booking.refund': 'Refunded booking',
  'booking.cancel': 'Cancelled booking',
  'booking.resend_confirmation': 'Resent confirmation',
  'pass.archive': 'Archived pass',
  'pass.unarchive': 'Sold pass again',
  'pass.refund': 'Refunded pass',
  'membership_fee.refund': 'Refunded membership fee',
};

/** The amounts and ids an action carries, in words. */
function detailsOf(entry: AuditEntry): string {
  const parts: string[] = [];
  if (entry.bookingId) parts.push(`Booking #${entry.bookingId}`);
  const amount = entry.details.amount;
  if (typeof amount === 'number') parts.push(dollars(amount));
  return parts.join(' · ');
}

export function AuditLogTab({ userId, heading = 'Audit log' }: { userId?: number; heading?: string }) {
  const anchor = userId ? `audit-${userId}` : 'audit-log';
  const paged = usePagedQuery(
    ['admin', 'audit', { userId }],
    (window) => unwrapPage(api.admin.audit.get({ query: { ...(userId ? { userId: String(userId) } : {}), ...pageQuery(window) } })),
    { anchor },
  );
  const entries = paged.rows;
  return (
    <section aria-labelledby={`${anchor}-title`} id={anchor} className="scroll-mt-20">
      <h2 id={`${anchor}-title`} className="text-lg font-semibold">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Every admin action: who, what, when and why.</p>
      <div className="card mt-4 overflow-hidden">
        {!entries ? (
          paged.query.isError ? (
            <p role="alert" className="px-6 py-10 text-center">
              The audit log could not be loaded.
            </p>
          ) : (
            <Spinner label="Loading the audit log..." />
          )
        ) : entries.length === 0 ? (
          <p className="px-6 py-10 text-center text-fog-600 dark:text-fog-400">No admin actions yet.</p>
        ) : (
          <ol className="divide-y divide-fog-200 dark:divide-fog-800" aria-label="Admin actions">
            {entries.map((entry) => (
              <li key={entry.id} className="px-4 py-3 text-sm">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold">
                    {ACTION_LABEL[entry.action]}
                    {entry.subject ? `: ${entry.subject.name}` : ''}
                  </span>
                  <time dateTime={entry.createdAt} className="text-xs text-fog-600 dark:text-fog-400">
                    {dateAtTime(entry.createdAt)}
                  </time>
                </p>
                <p className="mt-0.5 text-fog-700 dark:text-fog-300">
                  By {entry.actor?.name ?? 'a removed admin'}
                  {detailsOf(entry) ? ` · ${detailsOf(entry)}` : ''}
                </p>
                {entry.reason && <p className="mt-1 text-fog-800 dark:text-fog-200">Why: {entry.reason}</p>}
              </li>
            ))}
          </ol>
        )}
        {paged.footer}
      </div>
    </section>
  );
}
