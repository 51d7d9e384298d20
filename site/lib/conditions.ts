// Words of the outdoor features shared by the class page, cards and forms (Pacific times, spec phrasing).
import { formatTimePT, TIME_ZONE } from '../../common/pacific';

/** "Runs with 4 or more; confirmed by Fri 9:00 PM PT", or "Confirmed to run" once decided; null without a minimum. */
export function minimumLine(item: {
  minAttendees: number | null;
  decisionTime: string | null;
  sizeDecision: 'confirmed' | 'cancelled' | null;
}): string | null {
  if (item.minAttendees === null) return null;
  if (item.sizeDecision === 'confirmed') return `Confirmed to run (needed ${item.minAttendees} or more)`;
  if (item.sizeDecision === 'cancelled') return `Cancelled: fewer than ${item.minAttendees} booked, everyone refunded in full`;
  if (!item.decisionTime) return `Runs with ${item.minAttendees} or more`;
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'short' }).format(new Date(item.decisionTime));
  return `Runs with ${item.minAttendees} or more; confirmed by ${weekday} ${formatTimePT(item.decisionTime)}`;
}

export { directionsLinks } from '../../common/directions';
