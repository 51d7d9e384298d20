// Booking status badges (customer-areas §4): Pending Payment amber outline, confirmed green, cancelled red
// outline; any other value shown raw.
import { STATUS_LABEL } from '../../../lib/bookings';

const STYLES: Record<string, string> = {
  pending: 'border border-amber-500 text-amber-800 dark:border-amber-400 dark:text-amber-200',
  confirmed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  cancelled: 'border border-red-600 text-red-700 dark:border-red-400 dark:text-red-300',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge ${STYLES[status] ?? 'bg-fog-100 text-fog-800 dark:bg-fog-800 dark:text-fog-200'}`}>
      {STATUS_LABEL[status] ?? status}
    </span>
  );
}
