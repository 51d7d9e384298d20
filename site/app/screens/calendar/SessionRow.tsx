// One session in My Calendar's agenda and day views: time, title, place, booked/capacity, waitlist and Full,
// big enough to tap on a phone; a session that has ended sits on a grey background with its Ended badge (not faded:
// text at 70% opacity failed WCAG contrast, which the browser tests caught in the morning, Pacific time).
import { formatTime } from '../../../../common/pacific';
import { locationOf } from '../../../lib/catalog';
import type { ManagedClass } from '../../managed-classes/classes';

export default function SessionRow({ session, onOpen }: { session: ManagedClass; onOpen: (c: ManagedClass) => void }) {
  const ended = Date.parse(session.endTime ?? session.startTime!) < Date.now();
  const full = session.activeBookings >= session.capacity;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(session)}
        className={`flex w-full items-start gap-3 rounded-xl border p-3 text-left transition-colors hover:border-brand-300 hover:bg-brand-50/50 dark:hover:bg-brand-900/20 ${ended ? 'border-fog-200 bg-fog-100 dark:border-fog-800 dark:bg-fog-900' : 'border-fog-200 dark:border-fog-800'}`}
      >
        <span className="w-[4.75rem] shrink-0 whitespace-nowrap text-sm font-semibold tabular-nums">
          {formatTime(session.startTime)}
          {session.endTime && (
            <span className="block text-xs font-normal text-fog-600 dark:text-fog-400">to {formatTime(session.endTime)}</span>
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{session.title}</span>
          <span className="block truncate text-sm text-fog-600 dark:text-fog-400">{locationOf(session)}</span>
          <span className="mt-1.5 flex flex-wrap gap-1.5 text-xs font-semibold">
            <span className="badge bg-brand-50 text-brand-800 dark:bg-brand-900/50 dark:text-brand-200">
              {session.activeBookings}/{session.capacity} booked
            </span>
            {full && <span className="badge bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200">Full</span>}
            {session.waitlistCount > 0 && (
              <span className="badge bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
                {session.waitlistCount} waiting
              </span>
            )}
            {ended && <span className="badge bg-fog-200 text-fog-800 dark:bg-fog-800 dark:text-fog-200">Ended</span>}
          </span>
        </span>
      </button>
    </li>
  );
}
