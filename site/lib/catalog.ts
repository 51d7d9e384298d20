// Display helpers for the public catalogue (pages, static components and islands alike): the spec's
// placeholders, dollars with 2 decimals, Pacific dates and times with PT, initials and image fallbacks.
import { formatDateFull, formatDateLong, formatHHMM, formatTimePT, formatTimeRangePT, WEEKDAYS } from '../../common/pacific';

export const DEFAULT_CLASS_IMAGE = '/images/classes/default.svg';
const UNKNOWN_COACH = 'Unknown Coach';
const NO_LOCATION = 'Location not specified';
export const NO_CATEGORY = 'Fitness';
export const AGE_GROUPS = ['Adults', 'Kids'] as const;

/** "$25.00" from a price in dollars. */
export function dollars(amount: number): string {
  return `$${(Math.round(amount * 100) / 100).toFixed(2)}`;
}

export function coachName(coach: { firstName: string; lastName: string } | null | undefined): string {
  const name = coach ? `${coach.firstName} ${coach.lastName}`.trim() : '';
  return name || UNKNOWN_COACH;
}

export function initialsOf(person: { firstName?: string | null; lastName?: string | null } | null | undefined): string {
  return `${person?.firstName?.[0] ?? ''}${person?.lastName?.[0] ?? ''}`.toUpperCase() || '?';
}

export function locationOf(item: { location: string | null; address?: string | null }): string {
  return item.location?.trim() || item.address?.trim() || NO_LOCATION;
}

/** "March 14, 2027" or the spec's "Date not available". */
export function classDate(startTime: string | null): string {
  return formatDateLong(startTime) || 'Date not available';
}

/** A deadline in Pacific time: "March 10, 2027 at 10:30 AM PT". */
export function dateAtTime(instant: string): string {
  return `${formatDateLong(instant)} at ${formatTimePT(instant)}`;
}

/** "Sunday, March 14, 2027". */
export function classDateFull(startTime: string | null): string {
  return formatDateFull(startTime) || 'Date not available';
}

/** "9:00 AM - 10:00 AM PT" or "Time not available". */
export function classTime(startTime: string | null, endTime: string | null): string {
  return formatTimeRangePT(startTime, endTime) || 'Time not available';
}

/** "Monday: 6:00 PM - 7:00 PM PT" lines of a weekly schedule. */
export function scheduleLines(schedules: { dayOfWeek: number; startTime: string; endTime: string }[] | undefined): string[] {
  return (schedules ?? []).map((s) => `${WEEKDAYS[s.dayOfWeek] ?? ''}: ${formatHHMM(s.startTime)} - ${formatHHMM(s.endTime)} PT`);
}

/** "Class Full" or "3/10 spots left". */
export function spotsLabel(spotsLeft: number, capacity: number): string {
  return spotsLeft <= 0 ? 'Class Full' : `${spotsLeft}/${capacity} spots left`;
}

/** A rating with 1 decimal ("4.5"). */
export function ratingLabel(rating: number): string {
  return rating.toFixed(1);
}
