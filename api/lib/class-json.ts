// The class as the API returns it (both spec documents' Class entity): price in dollars, times as ISO
// instants, recurrence fields decoded. Every route that returns a class goes through here: class management's
// (api/classes) and the catalogue's (api/catalog), which is why it lives here and not in either. Pure (types
// from db/schema only).
import type { classes } from '../../db/schema';
import { describePolicy as describeCancellationPolicy, passRulesOf, policyFrom } from '../../common/cancellation-policy';
import { isSeriesParent } from '../../common/class-series';
import { classEnd } from './class-place';
import { centsToDollars } from '../../common/money';
import { pacificDay, pacificHHMM, pacificWeekday } from '../../common/pacific';
import { decisionTimeOf, describePolicy, policyOf } from '../../common/weather-policy';

export type ClassRow = typeof classes.$inferSelect;

export interface ScheduleEntry {
  dayOfWeek: number; // 0 Sunday .. 6 Saturday
  startTime: string; // HH:MM, 24-hour, Pacific
  endTime: string;
}

function parseDays(value: string | null): number[] {
  if (!value) return [];
  try {
    const days = JSON.parse(value);
    return Array.isArray(days) ? days.filter((d) => Number.isInteger(d) && d >= 0 && d <= 6) : [];
  } catch {
    return [];
  }
}

/** The weekly schedule of a recurring class, from its recurrence settings and its own start/end time. Only a
 * weekly pattern (or an every-day series) is a weekly schedule; every-N-days and monthly series have none, and
 * their sessions show their own date and time. */
export function schedulesOf(row: ClassRow): ScheduleEntry[] {
  if (!row.isRecurring || !row.startTime) return [];
  const startTime = pacificHHMM(row.startTime);
  const endTime = pacificHHMM(classEnd({ ...row, startTime: row.startTime }));
  let days: number[];
  if (row.recurrenceType === 'monthly') return [];
  if (row.recurrenceType === 'daily') {
    if ((row.recurrenceInterval ?? 1) !== 1) return [];
    days = [0, 1, 2, 3, 4, 5, 6];
  } else {
    days = parseDays(row.recurrenceDaysOfWeek);
    if (!days.length) days = [pacificWeekday(row.startTime)];
  }
  return [...new Set(days)].sort().map((dayOfWeek) => ({ dayOfWeek, startTime, endTime }));
}

/** The recurrence a series was created with, as it can be sent back to POST /api/classes (series parents only). */
function recurrenceOf(row: ClassRow) {
  if (!isSeriesParent(row) || !row.recurrenceType) return null;
  const endType = row.recurrenceEndType ?? 'count';
  return {
    type: row.recurrenceType,
    interval: row.recurrenceInterval ?? 1,
    daysOfWeek: row.recurrenceType === 'weekly' ? parseDays(row.recurrenceDaysOfWeek) : [],
    endType,
    endDate: endType === 'date' && row.recurrenceEndDate ? pacificDay(row.recurrenceEndDate) : null,
    endCount: endType === 'count' ? row.recurrenceEndCount : null,
  };
}

export function toClassJson(row: ClassRow, options: { includeSchedules?: boolean } = {}) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    whatToBring: row.whatToBring,
    image: row.image,
    price: centsToDollars(row.priceCents),
    location: row.location,
    addressLine1: row.addressLine1,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    capacity: row.capacity,
    maxParticipants: row.capacity,
    duration: row.duration,
    coachId: row.coachId,
    categoryId: row.categoryId,
    startTime: row.startTime?.toISOString() ?? null,
    endTime: row.endTime?.toISOString() ?? null,
    ageGroup: row.ageGroup,
    isRecurring: row.isRecurring,
    parentClassId: row.parentClassId,
    recurringSeriesId: row.parentClassId ?? (row.isRecurring ? row.id : null),
    recurrence: recurrenceOf(row),
    recurrenceType: row.recurrenceType,
    recurrenceInterval: row.recurrenceInterval,
    recurrenceDaysOfWeek: row.recurrenceDaysOfWeek,
    recurrenceEndType: row.recurrenceEndType,
    recurrenceEndDate: row.recurrenceEndDate?.toISOString() ?? null,
    recurrenceEndCount: row.recurrenceEndCount,
    createdAt: row.createdAt.toISOString(),
    ...outdoorFieldsOf(row),
    cancellationPolicy: classPolicyOf(row),
    ...(options.includeSchedules ? { schedules: schedulesOf(row) } : {}),
  };
}

/** The cancellation policy a booking made now gets (issue 20), as the API shows it, with where it comes from. */
export function classPolicyOf(row: Pick<ClassRow, 'cancellationPolicy' | 'ownCancellationPolicy'>) {
  const policy = policyFrom(row.cancellationPolicy);
  return {
    preset: policy.preset,
    tiers: policy.tiers,
    creditPercent: policy.creditPercent,
    passRules: passRulesOf(policy),
    summary: describeCancellationPolicy(policy),
    source: row.ownCancellationPolicy ? ('class' as const) : ('coach' as const),
  };
}

/** The weather policy (the class's or the built-in one), the minimum size and the meeting point. */
function outdoorFieldsOf(row: ClassRow) {
  const policy = policyOf(row);
  const meetingPoint =
    row.meetingLatitude !== null && row.meetingLongitude !== null
      ? { latitude: row.meetingLatitude, longitude: row.meetingLongitude, notes: row.meetingNotes, photo: row.meetingPhoto }
      : null;
  return {
    weatherPolicy: { ...policy, backupLocation: policy.backupLocation ?? null },
    weatherPolicyText: describePolicy(policy),
    minAttendees: row.minAttendees,
    decisionHours: row.decisionHours,
    decisionTime: row.minAttendees !== null ? (decisionTimeOf(row.startTime, row.decisionHours)?.toISOString() ?? null) : null,
    sizeDecision: row.sizeDecision,
    meetingPoint,
  };
}

export type ClassJson = ReturnType<typeof toClassJson>;
