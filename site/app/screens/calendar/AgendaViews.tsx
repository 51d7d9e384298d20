// My Calendar on a phone: the agenda (the coming days, one heading per day with sessions) and the day view
// (one day, with previous and next). Both ask only for the days they show.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { pacificDay, pacificWallTimeToInstant } from '../../../../common/pacific';
import { fetchSessionsBetween, isSeriesParent, MANAGED, type ManagedClass } from '../../managed-classes/classes';
import { addDays, dayHeading } from './month';
import SessionRow from './SessionRow';

const AGENDA_DAYS = 14;
const midnight = (day: string) => pacificWallTimeToInstant(day, '00:00').toISOString();

function useSessions(fromDay: string, toDay: string) {
  const from = midnight(fromDay);
  const to = midnight(toDay);
  return useQuery({
    queryKey: [...MANAGED, 'days', from, to],
    queryFn: async () => (await fetchSessionsBetween(from, to)).filter((c) => !isSeriesParent(c) && c.startTime),
    placeholderData: keepPreviousData,
  });
}

function Failed({ retry }: { retry: () => void }) {
  return (
    <p role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      Error loading your classes.{' '}
      <button type="button" className="font-semibold underline" onClick={retry}>
        Try again
      </button>
    </p>
  );
}

/** Today and the next days, two weeks at a time. */
export function AgendaView({ today, onOpen }: { today: string; onOpen: (c: ManagedClass) => void }) {
  const [days, setDays] = useState(AGENDA_DAYS);
  const sessions = useSessions(today, addDays(today, days));
  const byDay = useMemo(() => {
    const map = new Map<string, ManagedClass[]>();
    for (const c of sessions.data ?? []) {
      const day = pacificDay(c.startTime!);
      map.set(day, [...(map.get(day) ?? []), c]);
    }
    return [...map.entries()];
  }, [sessions.data]);
  return (
    <section aria-labelledby="agenda-title" className="mt-6">
      <h2 id="agenda-title" className="sr-only">
        Agenda
      </h2>
      {sessions.isError && !sessions.data ? (
        <Failed retry={() => void sessions.refetch()} />
      ) : !sessions.data ? (
        <p role="status" className="text-fog-600 dark:text-fog-400">
          Loading calendar...
        </p>
      ) : (
        <>
          {byDay.length === 0 && <p className="card p-5 text-fog-600 dark:text-fog-400">No classes in the next {days} days.</p>}
          {byDay.map(([day, list]) => (
            <section key={day} aria-label={dayHeading(day, today)} className="mb-5">
              <h3
                className={`sticky top-16 z-[1] -mx-1 bg-fog-50/95 px-1 py-1.5 text-sm font-semibold dark:bg-fog-950/95 ${day === today ? 'text-brand-700 dark:text-brand-300' : ''}`}
              >
                {dayHeading(day, today)}
              </h3>
              <ul className="mt-1 space-y-2">
                {list.map((c) => (
                  <SessionRow key={c.id} session={c} onOpen={onOpen} />
                ))}
              </ul>
            </section>
          ))}
          <button type="button" className="btn-secondary w-full" onClick={() => setDays(days + AGENDA_DAYS)} disabled={sessions.isFetching}>
            Show the next {AGENDA_DAYS} days
          </button>
        </>
      )}
    </section>
  );
}

/** One day at a time, from today by default. */
export function DayView({ today, onOpen }: { today: string; onOpen: (c: ManagedClass) => void }) {
  const [day, setDay] = useState(today);
  const sessions = useSessions(day, addDays(day, 1));
  return (
    <section aria-labelledby="day-title" className="card mt-6 overflow-hidden">
      <div className="flex items-center justify-between gap-2 border-b border-fog-200 px-4 py-3 dark:border-fog-800">
        <h2 id="day-title" className="text-lg font-semibold" aria-live="polite">
          {dayHeading(day, today)}
        </h2>
        <div className="flex items-center gap-1">
          <button type="button" className="btn-ghost h-9 w-9 p-0" aria-label="Previous day" onClick={() => setDay(addDays(day, -1))}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="btn-secondary h-9 px-4 py-0" onClick={() => setDay(today)}>
            Today
          </button>
          <button type="button" className="btn-ghost h-9 w-9 p-0" aria-label="Next day" onClick={() => setDay(addDays(day, 1))}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <div className="p-3">
        {sessions.isError && !sessions.data ? (
          <Failed retry={() => void sessions.refetch()} />
        ) : !sessions.data ? (
          <p role="status" className="p-2 text-fog-600 dark:text-fog-400">
            Loading calendar...
          </p>
        ) : sessions.data.length === 0 ? (
          <p className="p-2 text-fog-600 dark:text-fog-400">No classes on this day.</p>
        ) : (
          <ul className="space-y-2">
            {sessions.data.map((c) => (
              <SessionRow key={c.id} session={c} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
