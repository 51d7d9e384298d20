// /my-calendar (coach only): the month grid of the coach's sessions with bookings, the class detail dialog,
// the delete dialogs and the Upcoming Classes list (coach-admin-areas §2); on a phone it opens on the agenda,
// with a day view beside it (issue 22), and the month grid stays one tap away (?view=agenda|day|month).
import { useStore } from '@nanostores/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDateLong, formatTime, pacificDay, pacificWallTimeToInstant } from '../../../../common/pacific';
import { Icon } from '../../../components/catalog/icons';
import { dollars, locationOf } from '../../../lib/catalog';
import { $user } from '../../../lib/stores/session';
import AccessDenied from '../../components/AccessDenied';
import { fetchSeriesPage, fetchSessionsBetween, isSeriesParent, MANAGED, type ManagedClass } from '../../managed-classes/classes';
import { AgendaView, DayView } from './AgendaViews';
import ClassDetailDialog from './ClassDetailDialog';
import { useDeleteClass } from '../../managed-classes/DeleteClassFlow';
import { addMonths, inMonth, lastDayOf, type Month, monthGrid, monthOf, monthTitle, todayPacific } from './month';

const WEEKDAY_HEADERS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MAX_PER_DAY = 3;
const MAX_UPCOMING = 10;
const DAY_MS = 86_400_000;

/** Midnight Pacific on the month's first day. */
const startOfMonth = ({ year, month }: Month) => pacificWallTimeToInstant(`${year}-${String(month).padStart(2, '0')}-01`, '00:00');

type View = 'agenda' | 'day' | 'month';
const VIEWS: { key: View; label: string }[] = [
  { key: 'agenda', label: 'Agenda' },
  { key: 'day', label: 'Day' },
  { key: 'month', label: 'Month' },
];

/** ?view= when given, else the agenda on a phone-sized screen and the month grid from 640 px up. */
function initialView(): View {
  const asked = new URLSearchParams(location.search).get('view');
  if (asked === 'agenda' || asked === 'day' || asked === 'month') return asked;
  return window.matchMedia('(max-width: 639px)').matches ? 'agenda' : 'month';
}

export default function MyCalendarScreen() {
  const user = useStore($user);
  if (user?.role !== 'coach') return <AccessDenied message="This page is only accessible to coaches." />;
  return <MyCalendar />;
}

function MyCalendar() {
  const today = todayPacific();
  const [month, setMonth] = useState<Month>(monthOf(today));
  const [open, setOpen] = useState<ManagedClass | null>(null);
  const [view, setViewState] = useState<View>(initialView);
  const setView = (next: View) => {
    setViewState(next);
    const url = new URL(location.href);
    url.searchParams.set('view', next);
    history.replaceState(history.state, '', url);
  };
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: MANAGED });
  // Only the month on screen is asked for; the Upcoming list (today to the month's end) and whether the coach
  // has any class at all are their own small requests.
  const from = startOfMonth(month).toISOString();
  const to = startOfMonth(addMonths(month, 1)).toISOString();
  const monthRows = useQuery({
    queryKey: [...MANAGED, 'month', from],
    queryFn: () => fetchSessionsBetween(from, to),
    placeholderData: keepPreviousData,
  });
  const soon = useQuery({
    queryKey: [...MANAGED, 'upcoming', to],
    queryFn: () => fetchSessionsBetween(new Date(Date.now() - DAY_MS).toISOString(), to, 50),
  });
  const any = useQuery({ queryKey: [...MANAGED, 'any'], queryFn: () => fetchSeriesPage({ limit: 1, offset: 0 }, { sort: 'created' }) });
  const classes = useMemo(() => monthRows.data?.filter((c) => !isSeriesParent(c) && c.startTime) ?? null, [monthRows.data]);
  const error = [monthRows, soon, any].some((q) => q.isError);
  const load = () => void Promise.all([monthRows.refetch(), soon.refetch(), any.refetch()]);

  const { start: startDelete, dialogs } = useDeleteClass(() => {
    setOpen(null);
    void reload();
  });

  const byDay = useMemo(() => {
    const map = new Map<string, ManagedClass[]>();
    for (const c of classes ?? []) {
      const day = pacificDay(c.startTime!);
      map.set(day, [...(map.get(day) ?? []), c]);
    }
    return map;
  }, [classes]);

  const upcoming = useMemo(() => {
    const now = Date.now();
    const end = lastDayOf(month);
    return (soon.data ?? [])
      .filter((c) => !isSeriesParent(c) && c.startTime)
      .filter((c) => Date.parse(c.endTime ?? c.startTime!) >= now && pacificDay(c.startTime!) >= today && pacificDay(c.startTime!) <= end)
      .sort((a, b) => a.startTime!.localeCompare(b.startTime!))
      .slice(0, MAX_UPCOMING);
  }, [soon.data, month, today]);

  return (
    <div className="container-page py-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">My Calendar</h1>
          <p className="mt-1 text-fog-600 dark:text-fog-400">Manage your class schedule and view upcoming sessions.</p>
        </div>
        <a href="/create-class" className="btn-primary self-start sm:self-auto">
          <Icon name="plus" /> Add Class
        </a>
      </div>

      {error && (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          Error loading your classes.{' '}
          <button type="button" className="font-semibold underline" onClick={load}>
            Try again
          </button>
        </p>
      )}

      {(classes === null || !any.data) && !error ? (
        <div role="status" className="card mt-6 flex min-h-[40vh] items-center justify-center text-fog-600 dark:text-fog-400">
          Loading calendar...
        </div>
      ) : any.data?.total === 0 ? (
        <div className="card mt-6 px-6 py-14 text-center">
          <Icon name="calendar" className="mx-auto h-10 w-10 text-brand-500" />
          <p className="mt-3 text-lg font-semibold">No classes scheduled</p>
          <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Start by creating your first class</p>
          <a href="/create-class" className="btn-primary mt-5">
            Create Class
          </a>
        </div>
      ) : (
        <>
          <div
            role="group"
            aria-label="Calendar view"
            className="mt-6 inline-flex rounded-full border border-fog-300 bg-white p-1 dark:border-fog-700 dark:bg-fog-900"
          >
            {VIEWS.map((v) => (
              <button
                key={v.key}
                type="button"
                aria-pressed={view === v.key}
                onClick={() => setView(v.key)}
                className={`rounded-full px-4 py-1.5 text-sm font-medium ${view === v.key ? 'bg-brand-700 text-white' : 'text-fog-800 dark:text-fog-100'}`}
              >
                {v.label}
              </button>
            ))}
          </div>
          {view === 'agenda' && <AgendaView today={today} onOpen={setOpen} />}
          {view === 'day' && <DayView today={today} onOpen={setOpen} />}
          {view === 'month' && classes && (
            <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
              <section aria-labelledby="month-title" className="card overflow-hidden">
                <div className="flex items-center justify-between gap-2 border-b border-fog-200 px-4 py-3 dark:border-fog-800">
                  <h2 id="month-title" className="text-lg font-semibold" aria-live="polite">
                    {monthTitle(month)}
                  </h2>
                  <div className="flex items-center gap-1">
                    <button
                      type="button"
                      className="btn-ghost h-9 w-9 p-0"
                      aria-label="Previous month"
                      onClick={() => setMonth(addMonths(month, -1))}
                    >
                      <span aria-hidden="true">‹</span>
                    </button>
                    <button type="button" className="btn-secondary h-9 px-4 py-0" onClick={() => setMonth(monthOf(today))}>
                      Today
                    </button>
                    <button
                      type="button"
                      className="btn-ghost h-9 w-9 p-0"
                      aria-label="Next month"
                      onClick={() => setMonth(addMonths(month, 1))}
                    >
                      <span aria-hidden="true">›</span>
                    </button>
                  </div>
                </div>
                <div role="grid" aria-labelledby="month-title">
                  <div
                    role="row"
                    className="grid grid-cols-7 border-b border-fog-200 bg-fog-50 text-center text-xs font-semibold uppercase tracking-wide text-fog-600 dark:border-fog-800 dark:bg-fog-900 dark:text-fog-400"
                  >
                    {WEEKDAY_HEADERS.map((d) => (
                      <div role="columnheader" key={d} className="py-2">
                        {d}
                      </div>
                    ))}
                  </div>
                  {chunk(monthGrid(month), 7).map((week) => (
                    <div role="row" key={week[0]} className="grid grid-cols-7">
                      {week.map((day) => (
                        <DayCell key={day} day={day} today={today} month={month} classes={byDay.get(day) ?? []} onOpen={setOpen} />
                      ))}
                    </div>
                  ))}
                </div>
              </section>

              <section aria-labelledby="upcoming-title" className="card p-4">
                <h2 id="upcoming-title" className="text-lg font-semibold">
                  Upcoming Classes
                </h2>
                {upcoming.length === 0 ? (
                  <p className="mt-3 text-sm text-fog-600 dark:text-fog-400">No more classes this month.</p>
                ) : (
                  <ul className="mt-3 space-y-2">
                    {upcoming.map((c) => (
                      <li key={c.id}>
                        <button
                          type="button"
                          onClick={() => setOpen(c)}
                          className="w-full rounded-xl border border-fog-200 p-3 text-left transition-colors hover:border-brand-300 hover:bg-brand-50/50 dark:border-fog-800 dark:hover:bg-brand-900/20"
                        >
                          <span className="block font-semibold">{c.title}</span>
                          <span className="mt-0.5 block text-sm text-fog-600 dark:text-fog-400">
                            {formatDateLong(c.startTime)} · {formatTime(c.startTime)}
                          </span>
                          <span className="block truncate text-sm text-fog-600 dark:text-fog-400">{locationOf(c)}</span>
                          <span className="mt-2 flex gap-2">
                            <span className="badge bg-brand-50 text-brand-800 dark:bg-brand-900/50 dark:text-brand-200">
                              {c.activeBookings}/{c.capacity}
                            </span>
                            <span className="badge bg-fog-100 text-fog-800 dark:bg-fog-800 dark:text-fog-100">{dollars(c.price)}</span>
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
          )}
        </>
      )}

      <ClassDetailDialog cls={open} onClose={() => setOpen(null)} onDelete={(c) => startDelete(c)} />
      {dialogs}
    </div>
  );
}

function DayCell({
  day,
  today,
  month,
  classes,
  onOpen,
}: {
  day: string;
  today: string;
  month: Month;
  classes: ManagedClass[];
  onOpen: (c: ManagedClass) => void;
}) {
  const isToday = day === today;
  const outside = !inMonth(day, month);
  const shown = classes.slice(0, MAX_PER_DAY);
  const more = classes.length - shown.length;
  const now = Date.now();
  return (
    <div
      role="gridcell"
      aria-current={isToday ? 'date' : undefined}
      className={`relative min-h-24 border-b border-r border-fog-200 p-1 sm:min-h-28 sm:p-1.5 dark:border-fog-800 ${outside ? 'bg-fog-50/70 dark:bg-fog-950/40' : ''} ${isToday ? 'bg-brand-50 ring-2 ring-inset ring-brand-500 dark:bg-brand-900/30' : ''}`}
    >
      {/* The cell is named by its content (WCAG 2.5.3): the full date for screen readers, then its classes. */}
      <span className="sr-only">{`${formatDateLong(`${day}T12:00:00Z`)}${classes.length ? `, ${classes.length} ${classes.length === 1 ? 'class' : 'classes'}` : ''}`}</span>
      <span
        aria-hidden="true"
        className={`inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-xs font-semibold ${isToday ? 'bg-brand-600 text-white' : outside ? 'text-fog-500 dark:text-fog-400' : 'text-fog-700 dark:text-fog-300'}`}
      >
        {Number(day.slice(8))}
      </span>
      <ul className="mt-1 space-y-1">
        {shown.map((c) => {
          const past = Date.parse(c.endTime ?? c.startTime!) < now;
          return (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => onOpen(c)}
                className={`block w-full truncate rounded-md px-1 py-1 text-left text-[10px] leading-tight sm:px-1.5 sm:text-xs ${past ? 'bg-fog-100/80 text-fog-600 hover:bg-fog-200 dark:bg-fog-800/60 dark:text-fog-400 dark:hover:bg-fog-800' : 'bg-brand-100 text-brand-900 hover:bg-brand-200 dark:bg-brand-900/60 dark:text-brand-100'}`}
              >
                <span className="block truncate font-semibold">{c.title}</span>
                {/* On a phone a cell is 50px wide: the title and start time, the bookings from sm up. */}
                <span className="block truncate">
                  {formatTime(c.startTime).replace(' ', '\u00a0')}
                  <span className="hidden sm:inline">
                    {' '}
                    · {c.activeBookings}/{c.capacity}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {more > 0 && <p className="mt-1 px-1 text-[11px] font-medium text-fog-600 dark:text-fog-400">+{more} more</p>}
    </div>
  );
}

function chunk<T>(list: T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < list.length; i += size) rows.push(list.slice(i, i + size));
  return rows;
}
