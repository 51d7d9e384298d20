// /admin/users (admin only): find a user by name or email and open their page (issue 24, item 4).
import { useStore } from '@nanostores/react';
import { $user } from '../../../lib/stores/session';
import AccessDenied from '../../components/AccessDenied';
import { UserSearch } from './UserSearch';

export default function UsersScreen() {
  const user = useStore($user);
  if (user?.role !== 'admin') return <AccessDenied message="You need an administrator account to view users." />;
  return (
    <div className="container-page py-6 sm:py-10">
      <a href="/admin" className="text-sm text-brand-700 underline dark:text-brand-300">
        Admin Dashboard
      </a>
      <h1 className="mt-2 text-3xl font-bold">Users</h1>
      <p className="mt-1 text-fog-600 dark:text-fog-400">Find a customer or coach to see their bookings, payments and refunds.</p>
      <div className="mt-6">
        <UserSearch />
      </div>
    </div>
  );
}
