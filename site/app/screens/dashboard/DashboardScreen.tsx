// /dashboard (coach): where a coach lands after signing in (issue 22). Today's sessions with their rosters
// (who is coming, by name), this week's earnings, and the next sessions when today has none.
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { formatDateLong, formatTimeRangePT, pacificDay, pacificWallTimeToInstant } from '../../../../common/pacific';
import { api, unwrap } from '../../../lib/api';
import { $user } from '../../../lib/stores/session';
import AccessDenied from '../../components/AccessDenied';
import { fetchSessionsBetween, isSeriesParent, MANAGED, type ManagedClass } from '../../managed-classes/classes';
import { dollars, earningsQuery } from '../earnings/query';
import { rangeOf } from '../earnings/range';

const DAY = 86_400_000;

function nextPacificDay(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  return new Date(noon.getTime() + DAY).toISOString().slice(0, 10);
}

export default function DashboardScreen() {
  const user = useStore($user);
  if (user?.role !== 'coach') return <AccessDenied message="This page is only accessible to coaches." />;
  return <Dashboard coachId={user.id} firstName={user.firstName} approved={user.isApproved} />;
}

function Dashboard({ coachId, firstName, approved }: { coachId: number; firstName: string; approved: boolean }) {
  const now = new Date();
  const today = pacificDay(now);
  const from = pacificWallTimeToInstant(today, '00:00').toISOString();
  const to = pacificWallTimeToInstant(nextPacificDay(today), '00:00').toISOString();
  const sessions = useQuery({
    queryKey: [...MANAGED, 'day', from],
    queryFn: async () => (await fetchSessionsBetween(from, to)).filter((c) => !isSeriesParent(c)),
  });
  const soon = useQuery({
    queryKey: [...MANAGED, 'soon', to],
    queryFn: async () =>
      (await fetchSessionsBetween(to, new Date(Date.parse(to) + 30 * DAY).toISOString(), 6)).filter((c) => !isSeriesParent(c)).slice(0, 3),
    enabled: sessions.data?.length === 0,
  });
  const week = rangeOf('this-week', now);
  const earnings = useQuery(earningsQuery(coachId, week));

  return (
    <div className="container-page py-6 sm:py-10">
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400">
        Hello {firstName} · {formatDateLong(now)}
      </p>
      {!approved && (
        <p
          role="status"
          className="card mt-4 border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100"
        >
          Awaiting Approval: you can create classes once an admin has approved your account.
        </p>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="today-title">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="today-title" className="text-xl font-semibold">
              Today
            </h2>
            <a href="/my-calendar" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
              My Calendar
            </a>
          </div>
          {sessions.isError ? (
            <div role="alert" className="card mt-3 p-5 text-center">
              <p className="font-medium text-red-700 dark:text-red-400">Failed to load today's classes</p>
              <button type="button" className="btn-primary mt-3" onClick={() => void sessions.refetch()}>
                Retry
              </button>
            </div>
          ) : !sessions.data ? (
            <p role="status" className="mt-3 text-fog-600 dark:text-fog-400">
              Loading today's classes...
            </p>
          ) : sessions.data.length === 0 ? (
            <div className="card mt-3 p-5">
              <p className="font-medium">No classes today.</p>
              {soon.data && soon.data.length > 0 && (
                <>
                  <p className="mt-3 text-sm font-semibold text-fog-700 dark:text-fog-300">Coming up</p>
                  <ul className="mt-1 divide-y divide-fog-200 dark:divide-fog-800">
                    {soon.data.map((c) => (
                      <li key={c.id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
                        <a href={`/roster/${c.id}`} className="min-w-0 truncate font-medium hover:underline">
                          {c.title}
                        </a>
                        <span className="shrink-0 text-fog-600 dark:text-fog-400">
                          {formatDateLong(c.startTime)} · {c.activeBookings}/{c.capacity}
                        </span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          ) : (
            <ul className="mt-3 space-y-4">
              {sessions.data.map((c) => (
                <TodaySession key={c.id} session={c} />
              ))}
            </ul>
          )}
        </section>

        <aside className="space-y-6">
          <section aria-labelledby="week-title" className="card p-5">
            <h2 id="week-title" className="text-lg font-semibold">
              This week's earnings
            </h2>
            {earnings.data ? (
              <>
                <p className="mt-2 text-3xl font-bold tabular-nums text-emerald-700 dark:text-emerald-300">
                  {dollars(earnings.data.summary.net)}
                </p>
                <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">
                  {earnings.data.summary.bookings} {earnings.data.summary.bookings === 1 ? 'booking' : 'bookings'} · gross{' '}
                  {dollars(earnings.data.summary.gross)} · sessions from Sunday to Saturday
                </p>
              </>
            ) : (
              <p className="mt-2 text-sm text-fog-600 dark:text-fog-400" role="status">
                {earnings.isError ? 'Failed to load your earnings' : 'Loading...'}
              </p>
            )}
            <a href="/earnings" className="btn-secondary mt-4 inline-flex">
              All earnings
            </a>
          </section>
          <nav aria-label="Coach tools" className="card grid grid-cols-2 gap-2 p-4 text-sm font-medium">
            <a className="btn-ghost justify-start" href="/my-classes">
              My Classes
            </a>
            <a className="btn-ghost justify-start" href="/my-calendar">
              My Calendar
            </a>
            <a className="btn-ghost justify-start" href="/customers">
              Customers
            </a>
            <a className="btn-ghost justify-start" href="/create-class">
              Create Class
            </a>
          </nav>
        </aside>
      </div>
    </div>
  );
}

/** A session of today with who is coming: each attendee by name, and the check-in counts. */
function TodaySession({ session }: { session: ManagedClass }) {
  const roster = useQuery({
    queryKey: ['roster', String(session.id)],
    queryFn: () => unwrap(api.classes({ id: session.id }).roster.get()),
  });
  const full = session.activeBookings >= session.capacity;
  const attendees =
    roster.data?.bookings.flatMap((b) =>
      b.attendees.map((a) => ({ key: `${b.bookingId}-${a.position}`, name: a.name, attendance: a.attendance })),
    ) ?? [];
  return (
    <li className="card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{session.title}</h3>
        <span className="flex gap-2 text-xs font-semibold">
          <span className="rounded-full bg-fog-100 px-2.5 py-1 dark:bg-fog-800">
            {session.activeBookings}/{session.capacity} booked
          </span>
          {full && <span className="rounded-full bg-red-100 px-2.5 py-1 text-red-800 dark:bg-red-900/40 dark:text-red-200">Full</span>}
          {session.waitlistCount > 0 && (
            <span className="rounded-full bg-amber-100 px-2.5 py-1 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
              {session.waitlistCount} waiting
            </span>
          )}
        </span>
      </div>
      <p className="text-sm text-fog-600 dark:text-fog-400">
        {formatTimeRangePT(session.startTime, session.endTime)} · {session.location}
      </p>
      {roster.data ? (
        attendees.length === 0 ? (
          <p className="mt-2 text-sm text-fog-600 dark:text-fog-400">No one has booked yet.</p>
        ) : (
          <ul aria-label={`Roster of ${session.title}`} className="mt-2 flex flex-wrap gap-1.5 text-sm">
            {attendees.map((a) => (
              <li key={a.key} className="rounded-full border border-fog-200 px-2.5 py-0.5 dark:border-fog-700">
                {a.name}
                {a.attendance === 'present' ? ' ✓' : a.attendance === 'no_show' ? ' (no-show)' : ''}
              </li>
            ))}
          </ul>
        )
      ) : (
        <p className="mt-2 text-sm text-fog-600 dark:text-fog-400">{roster.isError ? 'Failed to load the roster' : 'Loading roster...'}</p>
      )}
      <a href={`/roster/${session.id}`} className="btn-secondary mt-3 inline-flex">
        Open roster and check in
      </a>
    </li>
  );
}
