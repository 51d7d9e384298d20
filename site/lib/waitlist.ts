// The waitlist as the class page and My Bookings share it: the caller's entries' query key, which of
// them are still open, the time left to answer an offer (its deadline reads through catalog's dateAtTime) and
// the entry states' labels.
import type { WaitlistEntry } from '../../api/waitlist/model';

/** The key every query of the caller's entries (GET /api/waitlist) starts with: a join, leave or answer
 * invalidates them all. */
export const WAITLIST_KEY = ['waitlist'] as const;

/** Still in line, or holding an offer to answer. */
export const isOpenEntry = (entry: WaitlistEntry) => entry.status === 'waiting' || entry.status === 'offered';

/** Time left to answer, as "1 h 05 min left", "4 min 30 s left", or "Expired". */
export function countdown(offerExpiresAt: string, now: number): string {
  const left = Math.max(0, new Date(offerExpiresAt).getTime() - now);
  if (left === 0) return 'Expired';
  const minutes = Math.floor(left / 60_000);
  if (minutes >= 60) return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min left`;
  if (minutes >= 5) return `${minutes} min left`;
  return `${minutes} min ${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')} s left`;
}

export const WAITLIST_STATUS_LABEL: Record<string, string> = {
  waiting: 'Waiting',
  offered: 'Spots held for you',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Offer expired',
  left: 'Left',
};
