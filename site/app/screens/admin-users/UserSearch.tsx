// Every account, searched by name or email (GET /api/admin/users?q=), each opening its user's page.
import { useState } from 'react';
import type { AdminUserRow } from '../../../../api/admin/model';
import { formatDateShort } from '../../../../common/pacific';
import { Icon } from '../../../components/catalog/icons';
import { api, unwrapPage } from '../../../lib/api';
import { useSettled } from '../../../lib/use-settled';
import { pageQuery, usePagedQuery } from '../../components/Pagination';
import Spinner from '../../components/Spinner';
import { AccountStatusBadge } from '../admin/AccountStatusBadge';

const ROLE_LABEL: Record<AdminUserRow['role'], string> = { customer: 'Customer', coach: 'Coach', admin: 'Admin' };

export function UserSearch() {
  const [search, setSearch] = useState('');
  const q = useSettled(search).trim();
  const paged = usePagedQuery(
    ['admin', 'users', 'search', { q }],
    (window) => unwrapPage(api.admin.users.get({ query: { ...(q ? { q } : {}), ...pageQuery(window) } })),
    { anchor: 'user-search' },
  );
  const users = paged.rows;
  return (
    <section aria-label="Users" id="user-search" className="scroll-mt-20">
      <div className="relative max-w-md">
        <label className="sr-only" htmlFor="user-search-box">
          Search users by name or email
        </label>
        <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-fog-500" />
        <input
          id="user-search-box"
          type="search"
          className="input pl-9"
          placeholder="Search by name or email"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div className="card mt-4 overflow-hidden">
        {!users ? (
          paged.query.isError ? (
            <p role="alert" className="px-6 py-10 text-center">
              Users could not be loaded.
            </p>
          ) : (
            <Spinner label="Loading users..." />
          )
        ) : users.length === 0 ? (
          <p className="px-6 py-10 text-center text-fog-600 dark:text-fog-400">{q ? 'No users match your search.' : 'No users yet.'}</p>
        ) : (
          <ul className="divide-y divide-fog-200 dark:divide-fog-800" aria-label="Users found">
            {users.map((user) => (
              <li key={user.id}>
                <a
                  href={`/admin/users/${user.id}`}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 hover:bg-fog-50 dark:hover:bg-fog-800/50"
                >
                  <span className="min-w-0">
                    <span className="block font-medium">
                      {user.firstName} {user.lastName}
                    </span>
                    <span className="block truncate text-sm text-fog-600 dark:text-fog-400">{user.email}</span>
                  </span>
                  <span className="flex items-center gap-2 text-sm">
                    <span className="text-fog-700 dark:text-fog-300">{ROLE_LABEL[user.role]}</span>
                    <AccountStatusBadge status={user.status} customer={user.role !== 'coach'} />
                    <span className="hidden text-fog-600 sm:inline dark:text-fog-400">Joined {formatDateShort(user.createdAt)}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {paged.footer}
      </div>
    </section>
  );
}
