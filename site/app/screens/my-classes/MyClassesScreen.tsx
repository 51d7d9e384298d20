// /my-classes (coach): one card per series (grouped by parent) or one-time class, with the type badge, the
// number of sessions, View Details, edit and delete (coach-admin-areas §2).
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { formatDateLong, formatTimePT } from '../../../../api/lib/pacific';
import { Icon } from '../../../components/catalog/icons';
import { dollars } from '../../../lib/catalog';
import { $user } from '../../../lib/stores/session';
import { toast } from '../../../lib/stores/toast';
import AccessDenied from '../../components/AccessDenied';
import Spinner from '../../components/Spinner';
import ClassImage from '../calendar/ClassImage';
import { fetchManagedClasses, isSeriesParent, type ManagedClass } from '../calendar/classes';
import { useDeleteClass } from '../calendar/DeleteClassFlow';

type Kind = 'series' | 'session' | 'one-time';

interface Card {
  cls: ManagedClass;
  kind: Kind;
  sessions: ManagedClass[];
  /** The next session that has not ended (or the last one), for View Details and the date line. */
  next: ManagedClass;
  activeBookings: number;
}

const BADGES: Record<Kind, { label: string; className: string }> = {
  series: { label: 'Recurring Series', className: 'bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100' },
  session: { label: 'Session in Series', className: 'bg-accent-100 text-accent-700 dark:bg-accent-700/30 dark:text-accent-100' },
  'one-time': { label: 'One-time Class', className: 'bg-fog-100 text-fog-800 dark:bg-fog-800 dark:text-fog-100' },
};

/** Sessions are grouped under their series' parent: one card per series, one per one-time class. */
export function groupClasses(list: ManagedClass[], now = Date.now()): Card[] {
  const byParent = new Map<number, ManagedClass[]>();
  for (const c of list) if (c.parentClassId !== null) byParent.set(c.parentClassId, [...(byParent.get(c.parentClassId) ?? []), c]);
  const parents = new Set(list.filter(isSeriesParent).map((c) => c.id));
  const cards: Card[] = [];
  const nextOf = (sessions: ManagedClass[], fallback: ManagedClass) =>
    sessions.find((s) => Date.parse(s.endTime ?? s.startTime ?? '') >= now) ?? sessions.at(-1) ?? fallback;
  for (const c of list) {
    if (isSeriesParent(c)) {
      const sessions = byParent.get(c.id) ?? [];
      cards.push({ cls: c, kind: 'series', sessions, next: nextOf(sessions, c), activeBookings: sessions.reduce((n, s) => n + s.activeBookings, 0) });
    } else if (c.parentClassId === null) {
      cards.push({ cls: c, kind: 'one-time', sessions: [c], next: c, activeBookings: c.activeBookings });
    } else if (!parents.has(c.parentClassId)) {
      cards.push({ cls: c, kind: 'session', sessions: [c], next: c, activeBookings: c.activeBookings });
    }
  }
  // Upcoming first (soonest first), then past ones (most recent first).
  const ended = (c: Card) => Date.parse(c.next.endTime ?? c.next.startTime ?? '') < now;
  return cards.sort((a, b) => {
    if (ended(a) !== ended(b)) return ended(a) ? 1 : -1;
    const order = (a.next.startTime ?? '').localeCompare(b.next.startTime ?? '');
    return ended(a) ? -order : order;
  });
}

export default function MyClassesScreen() {
  const user = useStore($user);
  if (user?.role !== 'coach') return <AccessDenied message="This page is only accessible to coaches." />;
  return <MyClasses />;
}

function MyClasses() {
  const [list, setList] = useState<ManagedClass[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    fetchManagedClasses()
      .then((rows) => {
        setList(rows);
        setFailed(false);
      })
      .catch(() => {
        setFailed(true);
        toast({ title: 'Error loading your classes', description: 'Failed to fetch your classes', variant: 'destructive' });
      });
  }, []);
  useEffect(load, [load]);
  const cards = useMemo(() => groupClasses(list ?? []), [list]);
  const { start, dialogs } = useDeleteClass(load);

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

      {failed && list === null ? (
        <div role="alert" className="card mt-6 p-8 text-center">
          <p className="text-lg font-semibold">Error loading your classes</p>
          <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Failed to fetch your classes</p>
          <button type="button" className="btn-secondary mt-4" onClick={load}>Try again</button>
        </div>
      ) : list === null ? (
        <Spinner label="Loading your classes..." />
      ) : cards.length === 0 ? (
        <div className="card mt-6 px-6 py-14 text-center">
          <p className="text-lg font-semibold">No classes yet</p>
          <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Create your first class and it will show up here.</p>
          <a href="/create-class" className="btn-primary mt-5">Create New Class</a>
        </div>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <li key={card.cls.id}>
              <ClassCard card={card} onDelete={() => start({ ...card.cls, activeBookings: card.activeBookings })} />
            </li>
          ))}
        </ul>
      )}
      {dialogs}
    </div>
  );
}

function ClassCard({ card, onDelete }: { card: Card; onDelete: () => void }) {
  const { cls, kind, sessions, next } = card;
  const badge = BADGES[kind];
  const waiting = sessions.reduce((n, s) => n + s.waitlistCount, 0);
  return (
    <article className="card flex h-full flex-col overflow-hidden">
      <ClassImage src={cls.image} className="" />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-lg font-semibold leading-snug">{cls.title}</h2>
          <span className="shrink-0 text-sm font-semibold text-brand-700 dark:text-brand-300">{dollars(cls.price)}<span className="font-normal text-fog-600 dark:text-fog-400"> / session</span></span>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <span className={`badge ${badge.className}`}>{badge.label}</span>
          {kind === 'series' && <span className="text-xs font-medium text-fog-600 dark:text-fog-400">{sessions.length} {sessions.length === 1 ? 'session' : 'sessions'}</span>}
        </div>
        <p className="mt-3 line-clamp-2 text-sm text-fog-700 dark:text-fog-300">{cls.description}</p>
        {next.startTime && (
          <p className="mt-3 flex items-center gap-2 text-sm text-fog-600 dark:text-fog-400">
            <Icon name="calendar" />
            {kind === 'series' ? 'Next: ' : ''}
            {formatDateLong(next.startTime)} · {formatTimePT(next.startTime)}
          </p>
        )}
        {waiting > 0 && (
          <p className="mt-2 flex items-center gap-2 text-sm font-medium text-amber-800 dark:text-amber-200">
            <Icon name="users" />
            {waiting} on the waitlist
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          <a href={`/classes/${next.id}`} className="btn-secondary flex-1">View Details</a>
          <a href={`/roster/${next.id}`} className="btn-secondary" aria-label={`Roster of ${cls.title}${kind === 'series' ? ', next session' : ''}`}>Roster</a>
          <a href={`/edit-class/${cls.id}`} className="btn-ghost" aria-label={`Edit ${cls.title}`}>Edit</a>
          <button type="button" className="btn-ghost text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950" aria-label={`Delete ${cls.title}`} onClick={onDelete}>
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}
