// Customer Management grouped by customer (issue 22): search, then one card per person with their bookings,
// completed and upcoming classes, check-ins, no-shows and the names booked, each opening /customers/{id}.
import { useEffect, useState } from 'react';
import { formatDateShort } from '../../../../common/pacific';
import { api, unwrapPage } from '../../../lib/api';
import { pageQuery, usePagedQuery } from '../../components/Pagination';

const PAGE_SIZE = 20;

/** The text typed, once the typing pauses (one request per search, not per key). */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export default function CustomerPeople() {
  const [text, setText] = useState('');
  const q = useSettled(text.trim());
  const paged = usePagedQuery(
    ['customers', 'people', q],
    (window) => unwrapPage(api.customers.people.get({ query: { ...(q ? { q } : {}), ...pageQuery(window) } })),
    { anchor: 'people-title', size: PAGE_SIZE },
  );
  const people = paged.rows;
  return (
    <section aria-labelledby="people-title" className="card mt-6 overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-fog-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between dark:border-fog-800">
        <h2 id="people-title" className="scroll-mt-20 text-lg font-semibold">
          Customers
        </h2>
        <label className="block sm:w-80">
          <span className="sr-only">Search customers</span>
          <input
            type="search"
            className="input w-full"
            placeholder="Search by name, email, phone or attendee"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby="people-count"
          />
        </label>
      </div>
      <p id="people-count" className="sr-only" aria-live="polite">
        {people ? `${paged.total} ${paged.total === 1 ? 'customer' : 'customers'}` : ''}
      </p>
      {paged.query.isError && !people ? (
        <p role="alert" className="p-6 text-center font-medium text-red-700 dark:text-red-400">
          Failed to load customer data
        </p>
      ) : !people ? (
        <p role="status" className="p-6 text-fog-600 dark:text-fog-400">
          Loading customers...
        </p>
      ) : people.length === 0 ? (
        <div className="px-6 py-12 text-center">
          <p className="font-semibold">{q ? `No customers match “${q}”` : 'No customers yet'}</p>
          <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">
            {q ? 'Try a name, an email or part of a phone number.' : 'Customers will appear here once your classes are booked.'}
          </p>
        </div>
      ) : (
        <ul className="divide-y divide-fog-200 dark:divide-fog-800">
          {people.map((p) => (
            <li key={p.id}>
              <a href={`/customers/${p.id}`} className="block px-5 py-4 hover:bg-fog-50 dark:hover:bg-fog-800/50">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold">{`${p.firstName} ${p.lastName}`.trim()}</span>
                  <span className="text-sm text-fog-600 dark:text-fog-400">
                    {p.nextClassAt
                      ? `Next class ${formatDateShort(p.nextClassAt)}`
                      : p.lastClassAt
                        ? `Last class ${formatDateShort(p.lastClassAt)}`
                        : ''}
                  </span>
                </span>
                <span className="block truncate text-sm text-fog-600 dark:text-fog-400">
                  {p.email}
                  {p.phone ? ` · ${p.phone}` : ''}
                </span>
                <span className="mt-2 flex flex-wrap gap-1.5 text-xs font-semibold">
                  <span className="badge bg-brand-50 text-brand-800 dark:bg-brand-900/50 dark:text-brand-200">
                    {p.bookings} {p.bookings === 1 ? 'booking' : 'bookings'} · {p.spots} {p.spots === 1 ? 'spot' : 'spots'}
                  </span>
                  <span className="badge bg-fog-100 text-fog-800 dark:bg-fog-800 dark:text-fog-100">{p.completedClasses} completed</span>
                  {p.upcomingClasses > 0 && (
                    <span className="badge bg-fog-100 text-fog-800 dark:bg-fog-800 dark:text-fog-100">{p.upcomingClasses} upcoming</span>
                  )}
                  <span className="badge bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200">
                    {p.attended} attended
                  </span>
                  {p.noShows > 0 && (
                    <span className="badge bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200">
                      {p.noShows} {p.noShows === 1 ? 'no-show' : 'no-shows'}
                    </span>
                  )}
                  {/* The passes they hold (issue 19): a pack with its credits left, a membership. */}
                  {p.passes.map((pass) => (
                    <span key={pass.purchaseId} className="badge bg-accent-50 text-accent-700 dark:bg-accent-700/30 dark:text-accent-100">
                      {pass.name}
                      {pass.creditsLeft !== null ? ` · ${pass.creditsLeft} left` : ''}
                      {pass.status === 'past_due' ? ' · past due' : ''}
                    </span>
                  ))}
                </span>
                {p.attendeeNames.length > 0 && (
                  <span className="mt-1.5 block text-sm text-fog-700 dark:text-fog-300">Attendees: {p.attendeeNames.join(', ')}</span>
                )}
              </a>
            </li>
          ))}
        </ul>
      )}
      {paged.footer}
    </section>
  );
}
