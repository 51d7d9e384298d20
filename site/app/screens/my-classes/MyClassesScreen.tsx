// /my-classes (coach): one card per series (grouped by parent) or one-time class, with the type badge, the
// number of sessions, View Details, edit and delete (coach-admin-areas §2); split into Upcoming and Past, each
// card with its next (or last) session's booked/capacity, waitlist and Full, and a series' coming sessions
// one by one (issue 22).
import { useStore } from '@nanostores/react';
import { useQueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { formatDateLong, formatTimePT } from '../../../../common/pacific';
import { Icon } from '../../../components/catalog/icons';
import { dollars } from '../../../lib/catalog';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import AccessDenied from '../../components/AccessDenied';
import { LoadMoreButton, useLoadMore } from '../../components/LoadMore';
import Spinner from '../../components/Spinner';
import ClassImage from '../../managed-classes/ClassImage';
import {
  fetchSeriesPage,
  fetchSeriesSessions,
  isSeriesParent,
  MANAGED,
  type ManagedClass,
  rosterLinkOf,
} from '../../managed-classes/classes';
import { useDeleteClass } from '../../managed-classes/DeleteClassFlow';
import { WeatherCallBanner } from './WeatherCallBanner';

type Kind = 'series' | 'session' | 'one-time';

interface Card {
  cls: ManagedClass;
  kind: Kind;
  sessionCount: number;
  /** The next session that has not ended (or the last one), for View Details and the date line. */
  next: { id: number; startTime: string | null; activeBookings: number; capacity: number; waitlistCount: number };
}

type Tab = 'upcoming' | 'past';
const TABS: { key: Tab; label: string }[] = [
  { key: 'upcoming', label: 'Upcoming' },
  { key: 'past', label: 'Past' },
];

const BADGES: Record<Kind, { label: string; className: string }> = {
  series: { label: 'Recurring Series', className: 'bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100' },
  session: { label: 'Session in Series', className: 'bg-accent-100 text-accent-700 dark:bg-accent-700/30 dark:text-accent-100' },
  'one-time': { label: 'One-time Class', className: 'bg-fog-100 text-fog-800 dark:bg-fog-800 dark:text-fog-100' },
};

/** The server sends one row per series (its parent) or one-time class, upcoming first; a session whose
 * series is gone comes as its own row. */
function toCard(cls: ManagedClass): Card {
  const kind: Kind = isSeriesParent(cls) ? 'series' : cls.parentClassId === null ? 'one-time' : 'session';
  const own = {
    id: cls.id,
    startTime: cls.startTime,
    activeBookings: cls.activeBookings,
    capacity: cls.capacity,
    waitlistCount: cls.waitlistCount,
  };
  return { cls, kind, sessionCount: cls.sessionCount, next: cls.nextSession ?? own };
}

const PAGE_SIZE = 12;

export default function MyClassesScreen() {
  const user = useStore($user);
  if (user?.role !== 'coach') return <AccessDenied message="This page is only accessible to coaches." />;
  return <MyClasses />;
}

function MyClasses() {
  const [tab, setTab] = useState<Tab>(() => (new URLSearchParams(location.search).get('tab') === 'past' ? 'past' : 'upcoming'));
  const choose = (next: Tab) => {
    setTab(next);
    const url = new URL(location.href);
    url.searchParams.set('tab', next);
    history.replaceState(history.state, '', url);
  };
  const list = useLoadMore(
    [...MANAGED, 'series', 'next', tab],
    (window) => fetchSeriesPage(window, { sort: 'next', when: tab }),
    PAGE_SIZE,
  );
  const queryClient = useQueryClient();
  const failed = list.query.isError && !list.items;
  useEffect(() => {
    if (list.query.isError)
      toast({ title: 'Error loading your classes', description: 'Failed to fetch your classes', variant: 'destructive' });
  }, [list.query.isError]);
  const cards = useMemo(() => list.items?.map(toCard) ?? null, [list.items]);
  const { start, dialogs } = useDeleteClass(() => void queryClient.invalidateQueries({ queryKey: MANAGED }));

  return (
    <div className="container-page py-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">My Classes</h1>
          <p className="mt-1 text-fog-600 dark:text-fog-400">Your one-time classes and recurring series.</p>
        </div>
        <a href="/create-class" className="btn-primary self-start sm:self-auto">
          <Icon name="plus" /> Create New Class
        </a>
      </div>

      <WeatherCallBanner />

      <div
        role="tablist"
        aria-label="Which classes"
        className="mt-6 inline-flex rounded-full border border-fog-300 bg-white p-1 dark:border-fog-700 dark:bg-fog-900"
      >
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls="classes-panel"
            onClick={() => choose(t.key)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${tab === t.key ? 'bg-brand-700 text-white' : 'text-fog-800 dark:text-fog-100'}`}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div role="tabpanel" id="classes-panel" aria-labelledby={`tab-${tab}`}>
        {failed ? (
          <div role="alert" className="card mt-6 p-8 text-center">
            <p className="text-lg font-semibold">Error loading your classes</p>
            <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Failed to fetch your classes</p>
            <button type="button" className="btn-secondary mt-4" onClick={() => void list.query.refetch()}>
              Try again
            </button>
          </div>
        ) : !cards ? (
          <Spinner label="Loading your classes..." />
        ) : cards.length === 0 && tab === 'past' ? (
          <div className="card mt-6 px-6 py-14 text-center">
            <p className="text-lg font-semibold">No past classes yet</p>
            <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Classes move here once their last session has ended.</p>
          </div>
        ) : cards.length === 0 ? (
          <div className="card mt-6 px-6 py-14 text-center">
            <p className="text-lg font-semibold">No classes yet</p>
            <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Create your first class and it will show up here.</p>
            <a href="/create-class" className="btn-primary mt-5">
              Create New Class
            </a>
          </div>
        ) : (
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {cards.map((card) => (
              <li key={card.cls.id}>
                <ClassCard card={card} past={tab === 'past'} onDelete={() => start(card.cls)} />
              </li>
            ))}
          </ul>
        )}
        {cards && <LoadMoreButton query={list.query} loaded={cards.length} total={list.total} noun="classes" />}
      </div>
      {dialogs}
    </div>
  );
}

/** A session's booked/capacity, its waitlist and Full: the same three facts on every card and session line. */
function SessionFigures({ session }: { session: { activeBookings: number; capacity: number; waitlistCount: number } }) {
  return (
    <span className="flex flex-wrap gap-1.5 text-xs font-semibold">
      <span className="badge bg-brand-50 text-brand-800 dark:bg-brand-900/50 dark:text-brand-200">
        {session.activeBookings}/{session.capacity} booked
      </span>
      {session.activeBookings >= session.capacity && (
        <span className="badge bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200">Full</span>
      )}
      {session.waitlistCount > 0 && (
        <span className="badge bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
          {session.waitlistCount} on the waitlist
        </span>
      )}
    </span>
  );
}

/** A series' coming sessions one by one, loaded when opened. */
function SeriesSessions({ parentId }: { parentId: number }) {
  const [open, setOpen] = useState(false);
  const from = useMemo(() => new Date().toISOString(), []);
  const sessions = useQuery({
    queryKey: [...MANAGED, 'series-sessions', parentId],
    queryFn: () => fetchSeriesSessions(parentId, from),
    enabled: open,
  });
  return (
    <details className="mt-3 text-sm" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-300">Upcoming sessions</summary>
      {!sessions.data ? (
        <p className="mt-2 text-fog-600 dark:text-fog-400">{sessions.isError ? 'Failed to load the sessions' : 'Loading...'}</p>
      ) : (
        <ul className="mt-2 divide-y divide-fog-200 dark:divide-fog-800">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <a href={`/roster/${s.id}`} className="hover:underline">
                {formatDateLong(s.startTime)} · {formatTimePT(s.startTime)}
              </a>
              <SessionFigures session={s} />
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

function ClassCard({ card, past, onDelete }: { card: Card; past: boolean; onDelete: () => void }) {
  const { cls, kind, sessionCount, next } = card;
  const badge = BADGES[kind];
  return (
    <article className="card flex h-full flex-col overflow-hidden">
      <ClassImage src={cls.image} className="" />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-lg font-semibold leading-snug">{cls.title}</h2>
          <span className="shrink-0 text-sm font-semibold text-brand-700 dark:text-brand-300">
            {dollars(cls.price)}
            <span className="font-normal text-fog-600 dark:text-fog-400"> / session</span>
          </span>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <span className={`badge ${badge.className}`}>{badge.label}</span>
          {kind === 'series' && (
            <span className="text-xs font-medium text-fog-600 dark:text-fog-400">
              {sessionCount} {sessionCount === 1 ? 'session' : 'sessions'}
            </span>
          )}
        </div>
        <p className="mt-3 line-clamp-2 text-sm text-fog-700 dark:text-fog-300">{cls.description}</p>
        {next.startTime && (
          <p className="mt-3 flex items-center gap-2 text-sm text-fog-600 dark:text-fog-400">
            <Icon name="calendar" />
            {kind === 'series' ? (past ? 'Last: ' : 'Next: ') : ''}
            {formatDateLong(next.startTime)} · {formatTimePT(next.startTime)}
          </p>
        )}
        <div className="mt-2">
          <SessionFigures session={next} />
        </div>
        {kind === 'series' && !past && <SeriesSessions parentId={cls.id} />}
        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          <a href={`/classes/${next.id}`} className="btn-secondary flex-1">
            View Details
          </a>
          <a href={rosterLinkOf(cls).href} className="btn-secondary" aria-label={rosterLinkOf(cls).label}>
            Roster
          </a>
          <a href={`/edit-class/${cls.id}`} className="btn-ghost" aria-label={`Edit ${cls.title}`}>
            Edit
          </a>
          <button
            type="button"
            className="btn-ghost text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
            aria-label={`Delete ${cls.title}`}
            onClick={onDelete}
          >
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}
