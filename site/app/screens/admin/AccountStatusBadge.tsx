// Where an account stands with the admins (api/admin/model.ts AccountStatus), as a coloured badge.
import type { AccountStatus } from '../../../../api/admin/model';

const LOOK: Record<AccountStatus, { label: string; className: string }> = {
  pending: { label: 'Pending Approval', className: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100' },
  approved: { label: 'Approved', className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200' },
  rejected: { label: 'Rejected', className: 'bg-fog-200 text-fog-800 dark:bg-fog-700 dark:text-fog-100' },
  suspended: { label: 'Suspended', className: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200' },
  deleted: { label: 'Deleted', className: 'bg-fog-200 text-fog-700 dark:bg-fog-700 dark:text-fog-200' },
};

export function AccountStatusBadge({ status, customer = false }: { status: AccountStatus; customer?: boolean }) {
  const look = customer && status === 'approved' ? { label: 'Active', className: LOOK.approved.className } : LOOK[status];
  return <span className={`badge ${look.className}`}>{look.label}</span>;
}
