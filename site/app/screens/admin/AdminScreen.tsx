// /admin (admin only): Coaches (search, review the application, then approve, reject, suspend or reinstate;
// pending badge), Users (search by name or email, each opening /admin/users/{id}), Class Management (search,
// edit, delete), the Audit Log, Passes (issue 19: every coach's, with Archive), the platform's Promo codes (issue 20)
// and Platform Settings; ?tab=classes opens the class tab (coach-admin-areas §2).
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useQuery as useRemoteQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import type { AdminUserRow } from '../../../../api/admin/model';
import { formatDateShort } from '../../../../common/pacific';
import { Icon } from '../../../components/catalog/icons';
import { dollars, locationOf } from '../../../lib/catalog';
import { api, type Page, unwrap, unwrapPage } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { $user } from '../../../lib/stores/session';
import { useSettled } from '../../../lib/use-settled';
import { toast } from '../../../lib/stores/toast';
import AccessDenied from '../../components/AccessDenied';
import { pageQuery, type PageWindow, usePagedQuery } from '../../components/Pagination';
import Spinner from '../../components/Spinner';
import { navigate, useQuery } from '../../router';
import { fetchSeriesPage, isSeriesParent, MANAGED, rosterLinkOf } from '../../managed-classes/classes';
import { useDeleteClass } from '../../managed-classes/DeleteClassFlow';
import { AccountStatusBadge } from './AccountStatusBadge';
import { AuditLogTab } from './AuditLogTab';
import { PassesTab } from './PassesTab';
import { PromoCodesPanel } from '../../promo-codes/PromoCodesPanel';
import { CoachReviewDialog } from './CoachReviewDialog';
import { UserSearch } from '../admin-users/UserSearch';

const TABS = ['coaches', 'users', 'classes', 'audit', 'passes', 'promo', 'settings'] as const;

export default function AdminScreen() {
  const user = useStore($user);
  if (user?.role !== 'admin') return <AccessDenied message="You need an administrator account to view the admin dashboard." />;
  return <AdminDashboard />;
}

const COACHES = ['admin', 'users', { role: 'coach' }] as const;

function AdminDashboard() {
  const query = useQuery();
  const selected = Math.max(0, TABS.indexOf((query.get('tab') ?? 'coaches') as (typeof TABS)[number]));
  const pendingCount = useRemoteQuery({
    queryKey: [...COACHES, { approved: 'false' }],
    queryFn: () => unwrapPage(api.admin.users.get({ query: { role: 'coach', approved: 'false', limit: '1' } })),
  });
  const pending = pendingCount.data?.total ?? 0;

  const tabClass = ({ selected: on }: { selected: boolean }) =>
    `inline-flex items-center gap-2 whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${on ? 'bg-white text-brand-800 shadow-sm dark:bg-fog-900 dark:text-brand-200' : 'text-fog-700 hover:text-fog-900 dark:text-fog-300 dark:hover:text-white'}`;

  return (
    <div className="container-page py-6 sm:py-10">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400">Approve coaches and manage every class on Fogline.</p>
      <TabGroup
        selectedIndex={selected}
        onChange={(index) => navigate(`/admin${index === 0 ? '' : `?tab=${TABS[index]}`}`, { replace: true })}
        className="mt-6"
      >
        <TabList
          aria-label="Admin sections"
          className="flex w-full gap-1 overflow-x-auto rounded-full bg-fog-100 p-1 sm:w-fit dark:bg-fog-800"
        >
          <Tab className={tabClass}>
            Coaches
            {pending > 0 && (
              <span className="badge bg-amber-500 text-fog-950" aria-label={`${pending} pending approval`}>
                {pending}
              </span>
            )}
          </Tab>
          <Tab className={tabClass}>Users</Tab>
          <Tab className={tabClass}>Class Management</Tab>
          <Tab className={tabClass}>Audit Log</Tab>
          <Tab className={tabClass}>Passes</Tab>
          <Tab className={tabClass}>Promo codes</Tab>
          <Tab className={tabClass}>Platform Settings</Tab>
        </TabList>
        <TabPanels className="mt-6">
          <TabPanel>
            <CoachesTab />
          </TabPanel>
          <TabPanel>
            <UserSearch />
          </TabPanel>
          <TabPanel>
            <ClassesTab />
          </TabPanel>
          <TabPanel>
            <AuditLogTab />
          </TabPanel>
          <TabPanel>
            <PassesTab />
          </TabPanel>
          <TabPanel>
            <PromoCodesPanel scope="platform" />
          </TabPanel>
          <TabPanel>
            <div className="card p-8 text-center">
              <h2 className="text-lg font-semibold">Platform Settings</h2>
              <p className="mt-1 text-fog-600 dark:text-fog-400">Platform settings are coming soon.</p>
            </div>
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}

/** A search box over a table: column headers, an empty message, the rows as children, an actions column and
 * the pages footer. */
function SearchTable(props: {
  name: string;
  searchLabel: string;
  placeholder: string;
  search: string;
  onSearch: (v: string) => void;
  headers: string[];
  minWidth: string;
  empty: string | null;
  footer: ReactNode;
  children: ReactNode;
}) {
  const id = `search-${props.name.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-label={props.name} id={`${id}-section`} className="scroll-mt-20">
      <div className="relative max-w-md">
        <label className="sr-only" htmlFor={id}>
          {props.searchLabel}
        </label>
        <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-fog-500" />
        <input
          id={id}
          type="search"
          className="input pl-9"
          placeholder={props.placeholder}
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
        />
      </div>
      <div className="card mt-4 overflow-hidden">
        {props.empty ? (
          <p className="px-6 py-10 text-center text-fog-600 dark:text-fog-400">{props.empty}</p>
        ) : (
          // relative: the wrapper contains the sr-only header too, which would otherwise widen the page on phones
          <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={`${props.name} table`}>
            <table className={`w-full text-left text-sm ${props.minWidth}`}>
              <thead className="bg-fog-50 text-xs uppercase tracking-wide text-fog-600 dark:bg-fog-900 dark:text-fog-400">
                <tr>
                  {props.headers.map((h) => (
                    <th key={h} scope="col" className="px-4 py-3 font-semibold">
                      {h}
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-fog-200 dark:divide-fog-800">{props.children}</tbody>
            </table>
          </div>
        )}
        {!props.empty && props.footer}
      </div>
    </section>
  );
}

/** A searched admin table: the search box's text, the page of rows for the text once typing paused (null while
 * the first page loads, none after a failure, which a toast reports) and the page footer. */
function useSearchedTable<T>(
  key: readonly unknown[],
  fetchPage: (q: string, window: PageWindow) => Promise<Page<T>>,
  options: { anchor: string; failure: string },
) {
  const [search, setSearch] = useState('');
  const q = useSettled(search).trim();
  const paged = usePagedQuery([...key, { q }], (window) => fetchPage(q, window), { anchor: options.anchor });
  useEffect(() => {
    if (paged.query.isError) toast({ title: 'Error', description: options.failure, variant: 'destructive' });
  }, [paged.query.isError, options.failure]);
  return { search, setSearch, q, rows: paged.rows ?? (paged.query.isError ? [] : null), footer: paged.footer };
}

function CoachesTab() {
  const [reviewing, setReviewing] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const {
    search,
    setSearch,
    q,
    rows: coaches,
    footer,
  } = useSearchedTable(
    COACHES,
    (q, window) => unwrapPage(api.admin.users.get({ query: { role: 'coach', ...(q ? { q } : {}), ...pageQuery(window) } })),
    { anchor: 'search-coaches-section', failure: 'Failed to load coaches' },
  );
  const review = (coach: AdminUserRow) => setReviewing(coach.id);

  if (!coaches) return <Spinner label="Loading coaches..." />;
  return (
    <>
      <SearchTable
        name="Coaches"
        searchLabel="Search coaches by name or email"
        placeholder="Search by name or email"
        search={search}
        onSearch={setSearch}
        headers={['Name', 'Email', 'Status', 'Joined']}
        minWidth="min-w-[40rem]"
        empty={coaches.length === 0 ? (q ? 'No coaches match your search.' : 'No coaches yet.') : null}
        footer={footer}
      >
        {coaches.map((coach) => (
          <tr key={coach.id}>
            <td className="whitespace-nowrap px-4 py-3 font-medium">
              {coach.firstName} {coach.lastName}
            </td>
            <td className="px-4 py-3">{coach.email}</td>
            <td className="px-4 py-3">
              <AccountStatusBadge status={coach.status} />
            </td>
            <td className="whitespace-nowrap px-4 py-3">{formatDateShort(coach.createdAt)}</td>
            <td className="px-4 py-3 text-right">
              {/* The application opens before any decision: Approve, Reject, Suspend and Reinstate live in it. */}
              <button
                type="button"
                className={`${coach.status === 'pending' ? 'btn-primary' : 'btn-ghost'} px-4 py-1.5`}
                onClick={() => review(coach)}
                aria-label={`Review ${coach.firstName} ${coach.lastName}`}
              >
                Review
              </button>
            </td>
          </tr>
        ))}
      </SearchTable>
      <CoachReviewDialog
        coachId={reviewing}
        onClose={() => setReviewing(null)}
        onChanged={() => queryClient.invalidateQueries({ queryKey: COACHES })}
      />
    </>
  );
}

function ClassesTab() {
  const queryClient = useQueryClient();
  // One row per series (its parent) or one-time class, newest first; sessions are managed from their series.
  const {
    search,
    setSearch,
    q,
    rows: found,
    footer,
  } = useSearchedTable([...MANAGED, 'series', 'created'], (q, window) => fetchSeriesPage(window, { sort: 'created', q }), {
    anchor: 'search-class-management-section',
    failure: 'Failed to load classes',
  });
  const { start, dialogs } = useDeleteClass(() => void queryClient.invalidateQueries({ queryKey: MANAGED }));

  if (!found) return <Spinner label="Loading classes..." />;
  return (
    <>
      <SearchTable
        name="Class Management"
        searchLabel="Search classes by title or location"
        placeholder="Search by title or location"
        search={search}
        onSearch={setSearch}
        headers={['Title', 'Coach', 'Location', 'Price', 'Created']}
        minWidth="min-w-[48rem]"
        empty={found.length === 0 ? (q ? 'No classes match your search.' : 'No classes yet.') : null}
        footer={footer}
      >
        {found.map((c) => (
          <tr key={c.id}>
            <td className="px-4 py-3">
              <span className="font-medium">{c.title}</span>
              {isSeriesParent(c) && (
                <span className="badge ml-2 bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100">
                  Series · {c.sessionCount}
                </span>
              )}
            </td>
            <td className="whitespace-nowrap px-4 py-3">{c.coach ? `${c.coach.firstName} ${c.coach.lastName}` : 'Unknown Coach'}</td>
            <td className="px-4 py-3">{locationOf(c)}</td>
            <td className="whitespace-nowrap px-4 py-3">{dollars(c.price)}</td>
            <td className="whitespace-nowrap px-4 py-3">{formatDateShort(c.createdAt)}</td>
            <td className="whitespace-nowrap px-4 py-3 text-right">
              <a href={rosterLinkOf(c).href} className="btn-ghost px-3 py-1.5" aria-label={rosterLinkOf(c).label}>
                Roster
              </a>
              <a href={`/create-class?id=${c.id}`} className="btn-ghost px-3 py-1.5" aria-label={`Edit ${c.title}`}>
                Edit
              </a>
              <button
                type="button"
                className="btn-ghost px-3 py-1.5 text-red-700 dark:text-red-400"
                aria-label={`Delete ${c.title}`}
                onClick={() => start(c)}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </SearchTable>
      {dialogs}
    </>
  );
}
