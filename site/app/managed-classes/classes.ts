// The shared "managed classes" module: the classes a coach (or admin) manages, as GET /api/classes/managed
// documents them, and what the screens read from them (series parents, sessions, active bookings, Roster links,
// delete). Used by My Calendar, My Classes, the coach's dashboard and the admin's class table.
import type { ManagedClass } from '../../../api/classes/model';
import { api, type Page, unwrap, unwrapPage } from '../../lib/api';
import type { PageWindow } from '../components/Pagination';
import { pageQuery } from '../components/Pagination';

/** A row as GET /api/classes/managed documents it (api/classes/model.ts), typed through Eden. */
export type { ManagedClass };
export const MANAGED = ['classes', 'managed'] as const;

type ManagedQuery = NonNullable<Parameters<typeof api.classes.managed.get>[0]>['query'];
const managedPage = (query: ManagedQuery): Promise<Page<ManagedClass>> => unwrapPage(api.classes.managed.get({ query }));

/** One page of series and one-time classes (My Classes: upcoming first, or only upcoming / only past; the admin
 * table: newest first). */
export const fetchSeriesPage = (window: PageWindow, options: { sort: 'next' | 'created'; q?: string; when?: 'upcoming' | 'past' }) =>
  managedPage({
    view: 'series',
    sort: options.sort,
    ...(options.q ? { q: options.q } : {}),
    ...(options.when ? { when: options.when } : {}),
    ...pageQuery(window),
  });

/** The sessions of one series from `from` on, by start (at most one page of 100). */
export const fetchSeriesSessions = async (parentId: number, from: string) =>
  (await managedPage({ view: 'sessions', series: String(parentId), from, limit: '100' })).items;

/** The rows starting in [from, to) by start (one calendar month), page by page as the server caps a page;
 * at most `max` of them. */
export async function fetchSessionsBetween(from: string, to: string, max = Number.POSITIVE_INFINITY): Promise<ManagedClass[]> {
  const rows: ManagedClass[] = [];
  for (;;) {
    const page = await managedPage({ from, to, ...pageQuery({ limit: Math.min(100, max - rows.length), offset: rows.length }) });
    rows.push(...page.items);
    if (!page.items.length || rows.length >= page.total || rows.length >= max) return rows;
  }
}

/** A series' parent row: a template, never booked itself. */
export const isSeriesParent = (c: Pick<ManagedClass, 'isRecurring' | 'parentClassId'>) => c.isRecurring && c.parentClassId === null;
/** A bookable row that belongs to a series. */
/** What a class row's Roster button opens: a series' next session (or its last), any other class itself. */
export function rosterLinkOf(cls: Pick<ManagedClass, 'id' | 'title' | 'isRecurring' | 'parentClassId' | 'nextSession'>): {
  href: string;
  label: string;
} {
  const session = cls.nextSession ?? cls;
  return { href: `/roster/${session.id}`, label: `Roster of ${cls.title}${isSeriesParent(cls) ? ', next session' : ''}` };
}

export const isSeriesSession = (c: Pick<ManagedClass, 'parentClassId'>) => c.parentClassId !== null;

interface DeleteAnswer {
  message: string;
  deleted: number;
  cancelledBookings: number;
}

export function deleteClassRequest(id: number, following: boolean): Promise<DeleteAnswer> {
  return unwrap(api.classes({ id }).delete(undefined, { query: following ? { deleteOption: 'following' } : {} }));
}
