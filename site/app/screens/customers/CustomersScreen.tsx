// /customers (coach or admin): Customer Management with the three summary cards and the Customer Bookings
// table (coach-admin-areas §2). Rows and figures come from GET /api/customers. Coaches open on their customers
// grouped by person (issue 22, ./CustomerPeople.tsx); ?view=bookings (an admin's default) shows the table.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { CustomerBookingRow } from '../../../../api/customers/model';
import { formatDateShort, formatTime } from '../../../../common/pacific';
import { api, unwrap } from '../../../lib/api';
import { $user } from '../../../lib/stores/session';
import AccessDenied from '../../components/AccessDenied';
import { pageQuery, SkeletonRows, TABLE_PAGE_SIZE, usePagedQuery, type PageWindow } from '../../components/Pagination';
import StatCard from '../../components/StatCard';
import CustomerPeople from './CustomerPeople';

type View = 'people' | 'bookings';

/** One page of rows; the summary (over every row) rides along with each page. */
async function fetchCustomers(window: PageWindow) {
  const answer = await unwrap(api.customers.get({ query: pageQuery(window) }));
  return { items: answer.rows, total: answer.summary.totalBookings, summary: answer.summary };
}

/** "MMM dd, yyyy" in Pacific time; N/A when missing, Invalid Date when unreadable. */
function rowDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  return Number.isNaN(Date.parse(value)) ? 'Invalid Date' : formatDateShort(value);
}

/** "h:mm a" in Pacific time; N/A when missing, Invalid Time when unreadable. */
function rowTime(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  return Number.isNaN(Date.parse(value)) ? 'Invalid Time' : formatTime(value);
}

export default function CustomersScreen() {
  const user = useStore($user);
  if (user?.role !== 'coach' && user?.role !== 'admin') return <AccessDenied />;
  return <Customers isAdmin={user.role === 'admin'} />;
}

function Customers({ isAdmin }: { isAdmin: boolean }) {
  const [view, setViewState] = useState<View>(() => {
    const asked = new URLSearchParams(location.search).get('view');
    return asked === 'people' || asked === 'bookings' ? asked : isAdmin ? 'bookings' : 'people';
  });
  const setView = (next: View) => {
    setViewState(next);
    const url = new URL(location.href);
    url.searchParams.set('view', next);
    history.replaceState(history.state, '', url);
  };
  const paged = usePagedQuery(['customers'], fetchCustomers, { anchor: 'bookings-title' });
  const summary = paged.query.data?.summary;
  const failed = paged.query.isError && !paged.query.data;

  return (
    <div className="container-page py-6 sm:py-10">
      <h1 className="text-3xl font-bold">Customer Management</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400">
        {isAdmin ? 'View all customer bookings and class attendance data' : 'View customers who have booked your classes'}
      </p>

      {failed ? (
        <p role="alert" className="card mt-6 p-6 text-center font-medium text-red-700 dark:text-red-400">
          Failed to load customer data
        </p>
      ) : (
        <>
          <div className="mt-6 grid gap-4 sm:grid-cols-3">
            <StatCard label="Total Bookings" value={summary?.totalBookings ?? '–'} hint="Active customer bookings" />
            <StatCard
              label="Unique Customers"
              value={summary?.uniqueCustomers ?? '–'}
              hint="Count of unique customers who have taken your class"
            />
            <StatCard label="Completed Classes" value={summary?.completedClasses ?? '–'} hint="Classes taught with attendees" />
          </div>

          <div
            role="group"
            aria-label="Show"
            className="mt-6 inline-flex rounded-full border border-fog-300 bg-white p-1 dark:border-fog-700 dark:bg-fog-900"
          >
            {(['people', 'bookings'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={`rounded-full px-4 py-1.5 text-sm font-medium ${view === v ? 'bg-brand-700 text-white' : 'text-fog-800 dark:text-fog-100'}`}
              >
                {v === 'people' ? 'By customer' : 'All bookings'}
              </button>
            ))}
          </div>

          {view === 'people' ? <CustomerPeople /> : <BookingsTable rows={paged.rows} isAdmin={isAdmin} footer={paged.footer} />}
        </>
      )}
    </div>
  );
}

const cell = 'px-3 py-3';

/** Customer Bookings: the spec's columns (Coach for admins only), a page of rows at a time; skeleton rows
 * the size of a page while the first one loads. */
function BookingsTable({ rows, isAdmin, footer }: { rows: CustomerBookingRow[] | undefined; isAdmin: boolean; footer: React.ReactNode }) {
  const columns = isAdmin ? 11 : 10;
  return (
    <section aria-labelledby="bookings-title" className="card mt-6 overflow-hidden">
      <h2 id="bookings-title" className="scroll-mt-20 border-b border-fog-200 px-5 py-4 text-lg font-semibold dark:border-fog-800">
        Customer Bookings
      </h2>
      {rows?.length === 0 ? (
        <div className="px-6 py-12 text-center">
          <p className="font-semibold">No customer bookings found</p>
          <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Customer bookings will appear here once classes are booked.</p>
        </div>
      ) : (
        <>
          <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Customer Bookings table">
            <table className={`w-full text-left text-sm ${isAdmin ? 'min-w-[68rem]' : 'min-w-[60rem]'}`}>
              <thead className="bg-fog-50 text-xs uppercase tracking-wide text-fog-600 dark:bg-fog-900 dark:text-fog-400">
                <tr>
                  <th scope="col" className={`${cell} font-semibold`}>
                    Class Date
                  </th>
                  <th scope="col" className={`${cell} font-semibold`}>
                    Class Time
                  </th>
                  <th scope="col" className={`${cell} font-semibold`}>
                    Class Name
                  </th>
                  {isAdmin && (
                    <th scope="col" className={`${cell} font-semibold`}>
                      Coach
                    </th>
                  )}
                  <th scope="col" className={`${cell} font-semibold`}>
                    Customer Name
                  </th>
                  <th scope="col" className={`${cell} font-semibold`}>
                    Phone
                  </th>
                  <th scope="col" className={`${cell} font-semibold`}>
                    Email
                  </th>
                  <th scope="col" className={`${cell} font-semibold`}>
                    Status
                  </th>
                  <th scope="col" className={`${cell} text-right font-semibold`}>
                    Completed Classes
                  </th>
                  <th scope="col" className={`${cell} text-right font-semibold`}>
                    Attended
                  </th>
                  <th scope="col" className={`${cell} text-right font-semibold`}>
                    No-shows
                  </th>
                </tr>
              </thead>
              {!rows ? (
                <SkeletonRows rows={TABLE_PAGE_SIZE} columns={columns} label="Loading customers..." />
              ) : (
                <tbody className="divide-y divide-fog-200 dark:divide-fog-800">
                  {rows.map((row) => (
                    <tr key={row.id} className="hover:bg-fog-50 dark:hover:bg-fog-800/50">
                      <td className={`whitespace-nowrap ${cell}`}>{rowDate(row.classDate)}</td>
                      <td className={`whitespace-nowrap ${cell}`}>{rowTime(row.classTime)}</td>
                      <td className={`${cell} font-medium`}>{row.className}</td>
                      {isAdmin && <td className={`whitespace-nowrap ${cell}`}>{`${row.coachFirstName} ${row.coachLastName}`.trim()}</td>}
                      <td className={`whitespace-nowrap ${cell}`}>{`${row.customerFirstName} ${row.customerLastName}`.trim()}</td>
                      <td className={`whitespace-nowrap ${cell}`}>{row.customerPhone || 'N/A'}</td>
                      <td className={`whitespace-nowrap ${cell}`}>
                        <a
                          className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                          href={`mailto:${row.customerEmail}`}
                        >
                          {row.customerEmail}
                        </a>
                      </td>
                      <td className={cell}>
                        <span
                          className={`badge capitalize ${row.status === 'confirmed' ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200' : 'bg-fog-100 text-fog-700 dark:bg-fog-800 dark:text-fog-200'}`}
                        >
                          {row.status}
                        </span>
                      </td>
                      <td className={`${cell} text-right tabular-nums`}>{row.completedClasses ?? 0}</td>
                      <td className={`${cell} text-right tabular-nums`}>{row.attended}</td>
                      <td className={`${cell} text-right tabular-nums`}>{row.noShows}</td>
                    </tr>
                  ))}
                </tbody>
              )}
            </table>
          </div>
          {footer}
        </>
      )}
    </section>
  );
}
