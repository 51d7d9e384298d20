// Class writes and the lists coaches and admins manage: create (one-time or a recurring series), edit (one
// session, this and following, or a whole series), delete (cancelling active bookings first, then marking the
// rows deleted so their bookings keep their history), and geocoding.
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { categories, classes, users } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { SessionUser } from '../auth/session';
import { requireApprovedCoach, requireRole } from '../auth/plugin';
import { cancelClassBookings } from '../bookings/cancellation';
import { hasStarted } from '../bookings/policy';
import { activeSpotsByClass } from '../catalog/spots';
import type { AppContext } from '../context';
import { noticeClassChanges } from '../notices/changes';
import { waitlistCounts } from '../waitlist/counts';
import { badRequest, forbidden, notFound } from '../errors';
import { dollarsToCents } from '../lib/money';
import { pacificDay, pacificWallTimeToInstant, pacificWeekday } from '../lib/pacific';
import { ADDRESS_ONLY_NOTICE, type GeocodedPlace } from '../providers/maps';
import { type ClassForm, CLASS_MESSAGES, type ClassUpdateBody, type EditClassForm, type Place } from './model';
import { liveClass, liveClasses } from './live';
import { expandRecurrence, pacificToday, type RecurrenceRule } from './recurrence';
import { type ClassRow, toClassJson } from './shape';

type NewClass = typeof classes.$inferInsert;
type Scope = 'this' | 'following';

const invalid = (field: string, message: string) => badRequest(message, { [field]: [message] });

/** "street, city, ST zip": the form the catalogue's city filter reads (second-to-last comma piece). */
export function combineAddress(parts: { addressLine1: string; city: string; state: string; zipCode: string }): string {
  return `${parts.addressLine1}, ${parts.city}, ${`${parts.state} ${parts.zipCode}`.trim()}`;
}

/** The edit page has one address field: read "street, city, ST zip" back into its parts where it has them. */
export function splitAddress(address: string): { addressLine1: string; city: string | null; state: string | null; zipCode: string | null } {
  const pieces = address.split(',').map((p) => p.trim()).filter(Boolean);
  if (pieces.length < 3) return { addressLine1: pieces.join(', '), city: pieces[1] ?? null, state: null, zipCode: null };
  const last = pieces[pieces.length - 1]!;
  const match = last.match(/^([A-Za-z .]+?)\s*(\d{5}(?:-\d{4})?)?$/);
  return {
    addressLine1: pieces.slice(0, -2).join(', '),
    city: pieces[pieces.length - 2]!,
    state: match?.[1]?.trim() || last,
    zipCode: match?.[2] ?? null,
  };
}

const clean = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

// ---------------------------------------------------------------- access

/** The class, if the user may change it: its coach or an admin (404 when missing or deleted, 403 otherwise). */
export async function loadManagedClass(ctx: AppContext, user: SessionUser | null, id: number): Promise<ClassRow> {
  const signedIn = requireRole(user, 'coach', 'admin');
  const row = await ctx.db.select().from(classes).where(liveClass(id)).get();
  if (!row) throw notFound('Class not found.');
  if (signedIn.role !== 'admin' && row.coachId !== signedIn.id) throw forbidden('You can only change your own classes.');
  return row;
}

async function coachFor(ctx: AppContext, user: SessionUser, requested: number | null | undefined): Promise<number> {
  if (user.role === 'coach') return user.id;
  // Admins create on behalf of an approved coach; they never own classes themselves.
  if (!requested) throw invalid('coachId', 'Choose the approved coach this class is for');
  const coach = await ctx.db.select({ role: users.role, isApproved: users.isApproved }).from(users).where(eq(users.id, requested)).get();
  if (!coach || coach.role !== 'coach' || !coach.isApproved) throw invalid('coachId', 'Choose the approved coach this class is for');
  return requested;
}

async function checkCategory(ctx: AppContext, categoryId: number): Promise<void> {
  const found = await ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).get();
  if (!found) throw invalid('categoryId', CLASS_MESSAGES.category);
}

// ---------------------------------------------------------------- coordinates

export interface Coordinates {
  latitude: number;
  longitude: number;
  notice: string | null;
}

/** Coordinates sent by the form (use my location) win; otherwise the address is geocoded; otherwise 0, 0 and
 * the "Using address only" notice. */
export async function coordinatesFor(ctx: AppContext, address: string, sent?: { latitude?: number | null; longitude?: number | null }): Promise<Coordinates> {
  if (typeof sent?.latitude === 'number' && typeof sent?.longitude === 'number' && (sent.latitude !== 0 || sent.longitude !== 0)) {
    return { latitude: sent.latitude, longitude: sent.longitude, notice: null };
  }
  const place = await ctx.maps.geocode(address);
  return place ? { latitude: place.latitude, longitude: place.longitude, notice: null } : { latitude: 0, longitude: 0, notice: ADDRESS_ONLY_NOTICE };
}

function toPlace(place: GeocodedPlace | null): Place {
  if (!place) return { found: false, latitude: 0, longitude: 0, addressLine1: null, city: null, state: null, zipCode: null, formattedAddress: null, notice: ADDRESS_ONLY_NOTICE };
  return { found: true, ...place, notice: null };
}

export async function geocodePlace(ctx: AppContext, user: SessionUser | null, query: string): Promise<Place> {
  requireRole(user, 'coach', 'admin');
  return toPlace(await ctx.maps.geocode(query.trim()));
}

export async function reverseGeocodePlace(ctx: AppContext, user: SessionUser | null, lat: string, lng: string): Promise<Place> {
  requireRole(user, 'coach', 'admin');
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw badRequest('Unable to determine your location. Please try again.');
  }
  const place = await ctx.maps.reverseGeocode(latitude, longitude);
  return place ? toPlace(place) : { ...toPlace(null), latitude, longitude };
}

// ---------------------------------------------------------------- create

function recurrenceRule(input: ClassForm, today: string): RecurrenceRule {
  if (!input.recurrenceType) throw invalid('recurrenceType', 'Choose how often the class repeats');
  const endType = input.recurrenceEndType ?? 'count';
  if (endType === 'date') {
    if (!input.recurrenceEndDate) throw invalid('recurrenceEndDate', CLASS_MESSAGES.endDateMissing);
    if (input.recurrenceEndDate < today) throw invalid('recurrenceEndDate', CLASS_MESSAGES.endDatePast);
    if (input.recurrenceEndDate < input.startDate) throw invalid('recurrenceEndDate', 'End date must be on or after the start date');
  }
  return {
    type: input.recurrenceType,
    interval: input.recurrenceInterval ?? 1,
    daysOfWeek: input.recurrenceType === 'weekly' ? (input.recurrenceDaysOfWeek ?? []) : [],
    endType,
    endDate: endType === 'date' ? input.recurrenceEndDate : null,
    endCount: endType === 'count' ? (input.recurrenceEndCount ?? 10) : null,
  };
}

/** The columns every row of a class (or each session of a series) shares, from the create form. */
function sharedColumns(input: ClassForm, coords: Coordinates) {
  const parts = { addressLine1: input.addressLine1.trim(), city: input.city.trim(), state: input.state.trim(), zipCode: input.zipCode.trim() };
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    categoryId: input.categoryId,
    location: input.location.trim(),
    ...parts,
    address: combineAddress(parts),
    latitude: coords.latitude,
    longitude: coords.longitude,
    priceCents: dollarsToCents(input.price),
    duration: input.duration,
    capacity: input.capacity,
    ageGroup: input.ageGroup,
    whatToBring: clean(input.whatToBring),
    image: clean(input.image),
  };
}

export interface ClassWriteResult extends ReturnType<typeof toClassJson> {
  sessionCount: number;
  updatedCount?: number;
  locationNotice: string | null;
}

/** POST /api/classes: an approved coach (or an admin for a coach) creates a one-time class or a series. */
export async function createClass(ctx: AppContext, user: SessionUser | null, input: ClassForm): Promise<ClassWriteResult> {
  const creator = requireApprovedCoach(user);
  const coachId = await coachFor(ctx, creator, input.coachId);
  await checkCategory(ctx, input.categoryId);
  const today = pacificToday(ctx.clock.now());
  if (input.startDate < today) throw invalid('startDate', CLASS_MESSAGES.startDatePast);

  const rule = input.isRecurring ? recurrenceRule(input, today) : null;
  const occurrences = rule
    ? expandRecurrence(input.startDate, input.startTime, input.duration, rule)
    : [{ start: pacificWallTimeToInstant(input.startDate, input.startTime), end: new Date(pacificWallTimeToInstant(input.startDate, input.startTime).getTime() + input.duration * 60_000) }];
  if (occurrences.length === 0) throw invalid('recurrenceEndDate', 'The series has no sessions before its end date');
  // Today is a valid start date, but not at an hour that has already gone by.
  if (occurrences[0]!.start.getTime() <= ctx.clock.now().getTime()) throw invalid('startTime', CLASS_MESSAGES.startTimePast);

  const coords = await coordinatesFor(ctx, combineAddress(input), input);
  const shared = sharedColumns(input, coords);
  const locationNotice = coords.notice;

  const row = await ctx.db.write(async (tx) => {
    if (!rule) {
      const [only] = await tx.insert(classes).values({ ...shared, coachId, startTime: occurrences[0]!.start, endTime: occurrences[0]!.end }).returning();
      return only!;
    }
    const recurrence = {
      isRecurring: true,
      recurrenceType: rule.type,
      recurrenceInterval: rule.interval,
      recurrenceDaysOfWeek: rule.type === 'weekly' ? JSON.stringify(rule.daysOfWeek?.length ? [...new Set(rule.daysOfWeek)].sort() : [pacificWeekday(occurrences[0]!.start)]) : null,
      recurrenceEndType: rule.endType,
      recurrenceEndDate: rule.endDate ? pacificWallTimeToInstant(rule.endDate, '00:00') : null,
      recurrenceEndCount: rule.endCount ?? null,
    } satisfies Partial<NewClass>;
    const [parent] = await tx
      .insert(classes)
      .values({ ...shared, ...recurrence, coachId, startTime: occurrences[0]!.start, endTime: occurrences[0]!.end })
      .returning();
    const sessions = occurrences.map((o) => ({ ...shared, ...recurrence, coachId, parentClassId: parent!.id, startTime: o.start, endTime: o.end }));
    // SQLite caps bound parameters per statement: insert in chunks.
    for (let i = 0; i < sessions.length; i += 50) await tx.insert(classes).values(sessions.slice(i, i + 50));
    return parent!;
  });
  return { ...toClassJson(row), sessionCount: occurrences.length, locationNotice };
}

// ---------------------------------------------------------------- update

/** The rows an edit applies to: a series' parent takes its sessions that have not started; a session takes
 * itself, or itself and the later sessions of its series (scope "following"). */
async function rowsToEdit(ctx: AppContext, row: ClassRow, scope: Scope): Promise<ClassRow[]> {
  const db = ctx.db;
  if (row.isRecurring && row.parentClassId === null) {
    const upcoming = await db
      .select()
      .from(classes)
      .where(and(eq(classes.parentClassId, row.id), gte(classes.startTime, ctx.clock.now()), liveClasses))
      .orderBy(asc(classes.startTime));
    return [row, ...upcoming];
  }
  if (scope === 'following' && row.parentClassId !== null && row.startTime) {
    const later = await db
      .select()
      .from(classes)
      .where(and(eq(classes.parentClassId, row.parentClassId), gte(classes.startTime, row.startTime), liveClasses))
      .orderBy(asc(classes.startTime));
    return later.some((r) => r.id === row.id) ? later : [row, ...later];
  }
  return [row];
}

/** A new start time of day applied to a row on its own Pacific date (series edits keep each session's date). */
function shiftToTime(row: ClassRow, hhmm: string, duration: number): { startTime: Date | null; endTime: Date | null } {
  if (!row.startTime) return { startTime: null, endTime: null };
  const start = pacificWallTimeToInstant(pacificDay(row.startTime), hhmm);
  return { startTime: start, endTime: new Date(start.getTime() + duration * 60_000) };
}

async function checkCapacity(ctx: AppContext, rows: ClassRow[], capacity: number): Promise<void> {
  const taken = await activeSpotsByClass(ctx.db, rows.map((r) => r.id), ctx.clock.now());
  const most = Math.max(0, ...taken.values());
  if (capacity < most) throw invalid('capacity', `Capacity can't be lower than the ${most} spots already booked`);
}

async function applyEdits(ctx: AppContext, rows: ClassRow[], columns: (row: ClassRow) => Partial<NewClass>): Promise<ClassRow[]> {
  return ctx.db.write(async (tx: Tx) => {
    const updated: ClassRow[] = [];
    for (const row of rows) {
      const [next] = await tx.update(classes).set(columns(row)).where(eq(classes.id, row.id)).returning();
      updated.push(next!);
    }
    return updated;
  });
}

/** PUT /api/classes/{id}: the owner coach or an admin; the full form (create rules) or the edit page's subset.
 * Bookings stay with their sessions: nothing is re-created, and capacity never drops below what is booked. */
export async function updateClass(ctx: AppContext, user: SessionUser | null, id: number, body: ClassUpdateBody): Promise<ClassWriteResult> {
  const row = await loadManagedClass(ctx, user, id);
  const scope: Scope = body.scope ?? 'this';
  const targets = await rowsToEdit(ctx, row, scope);
  const single = targets.length === 1;
  let locationNotice: string | null = null;
  let columns: (target: ClassRow) => Partial<NewClass>;

  if (body.form === 'edit-page') {
    const edit = body as EditClassForm;
    const [day, time] = edit.startTime.split('T') as [string, string];
    await checkCapacity(ctx, targets, edit.capacity);
    const address = edit.address.trim();
    let coords: Partial<NewClass> = {};
    if (address !== row.address) {
      const found = await coordinatesFor(ctx, address);
      locationNotice = found.notice;
      coords = { ...splitAddress(address), address, latitude: found.latitude, longitude: found.longitude };
    }
    const common = {
      title: edit.title.trim(),
      description: edit.description.trim(),
      priceCents: dollarsToCents(edit.price),
      capacity: edit.capacity,
      location: edit.location.trim(),
      duration: edit.duration,
      whatToBring: edit.whatToBring === undefined ? undefined : clean(edit.whatToBring),
      ...coords,
    };
    columns = (target) => {
      if (single || target.id === row.id) {
        const start = pacificWallTimeToInstant(day, time);
        return { ...common, startTime: start, endTime: new Date(start.getTime() + edit.duration * 60_000) };
      }
      return { ...common, ...shiftToTime(target, time, edit.duration) };
    };
  } else {
    const form = body as ClassForm;
    await checkCategory(ctx, form.categoryId);
    await checkCapacity(ctx, targets, form.capacity);
    const addressChanged = combineAddress(form) !== row.address || (form.latitude ?? null) !== null;
    const coords: Coordinates = addressChanged
      ? await coordinatesFor(ctx, combineAddress(form), form)
      : { latitude: row.latitude ?? 0, longitude: row.longitude ?? 0, notice: null };
    locationNotice = coords.notice;
    const common = sharedColumns(form, coords);
    columns = (target) => {
      if (single || target.id === row.id) {
        const start = pacificWallTimeToInstant(form.startDate, form.startTime);
        return { ...common, startTime: start, endTime: new Date(start.getTime() + form.duration * 60_000) };
      }
      return { ...common, ...shiftToTime(target, form.startTime, form.duration) };
    };
  }
  const updated = await applyEdits(ctx, targets, columns);
  await noticeClassChanges(ctx, targets, updated);
  const self = updated.find((r) => r.id === row.id) ?? updated[0]!;
  const sessionCount = await countSessions(ctx, self);
  const updatedCount = updated.filter((r) => !(r.isRecurring && r.parentClassId === null)).length;
  return { ...toClassJson(self), sessionCount, updatedCount, locationNotice };
}

async function countSessions(ctx: AppContext, row: ClassRow): Promise<number> {
  if (!(row.isRecurring && row.parentClassId === null)) return 1;
  const [result] = await ctx.db.select({ n: sql<number>`count(*)` }).from(classes).where(and(eq(classes.parentClassId, row.id), liveClasses));
  return Number(result?.n ?? 0);
}

// ---------------------------------------------------------------- delete

export type DeleteOption = 'following' | 'this' | 'all' | undefined;

/** The rows a delete removes: a series' parent takes the whole series; "following" takes a session and the
 * later ones of its series (and the parent once no session is left); otherwise just the class. Rows deleted
 * before are left as they are. */
async function rowsToDelete(ctx: AppContext, row: ClassRow, option: DeleteOption): Promise<ClassRow[]> {
  const db = ctx.db;
  const isParent = row.isRecurring && row.parentClassId === null;
  if (isParent) {
    const sessions = await db.select().from(classes).where(and(eq(classes.parentClassId, row.id), liveClasses));
    return [row, ...sessions];
  }
  if (row.parentClassId === null) return [row];
  const siblings = await db.select().from(classes).where(and(eq(classes.parentClassId, row.parentClassId), liveClasses));
  let rows = [row];
  if (option === 'following' || option === 'all') {
    const from = option === 'all' ? -Infinity : (row.startTime?.getTime() ?? -Infinity);
    rows = siblings.filter((s) => s.id === row.id || (s.startTime?.getTime() ?? Infinity) >= from);
  }
  // The series' parent goes too when its last session does.
  const ids = new Set(rows.map((r) => r.id));
  if (siblings.every((s) => ids.has(s.id))) {
    const parent = await db.select().from(classes).where(liveClass(row.parentClassId)).get();
    if (parent) rows.push(parent);
  }
  return rows;
}

async function markDeleted(ctx: AppContext, ids: number[], at: Date): Promise<void> {
  await ctx.db.write(async (tx) => {
    for (let i = 0; i < ids.length; i += 500) {
      await tx.update(classes).set({ deletedAt: at }).where(and(inArray(classes.id, ids.slice(i, i + 500)), liveClasses));
    }
  });
}

export interface DeleteResult {
  message: string;
  deleted: number;
  cancelledBookings: number;
}

/** DELETE /api/classes/{id}: the owner coach or an admin. The active bookings of the sessions that have not
 * started are cancelled and refunded in full first (the coach cancelled); then the rows are marked deleted,
 * never removed, so customers keep their cancelled bookings with the refund, and sessions that already took
 * place keep their attended bookings and reviews (only hidden from every class list). */
export async function deleteClass(ctx: AppContext, user: SessionUser | null, id: number, option: DeleteOption): Promise<DeleteResult> {
  const row = await loadManagedClass(ctx, user, id);
  const rows = await rowsToDelete(ctx, row, option);
  const ids = rows.map((r) => r.id);
  const notStarted = () => rows.filter((r) => !hasStarted(r.startTime, ctx.clock.now())).map((r) => r.id);
  // The coach cancelled: every active booking is refunded in full and its customer emailed.
  const actor = user!.role === 'admin' ? 'admin' : 'coach';
  const first = await cancelClassBookings(ctx, notStarted(), actor);
  await markDeleted(ctx, ids, ctx.clock.now());
  // A checkout that placed its hold between the two steps is cancelled too (its payment, if any, is refunded
  // when it arrives: a deleted class is never confirmed).
  const straggler = await cancelClassBookings(ctx, notStarted(), actor);
  const following = option === 'following' && row.parentClassId !== null;
  return {
    message: following ? 'Class and following classes deleted successfully' : 'Class deleted successfully',
    deleted: ids.length,
    cancelledBookings: first.cancelled + straggler.cancelled,
  };
}

// ---------------------------------------------------------------- lists

/** The classes a user manages: a coach's own, every class for an admin. Each with its coach, category name,
 * active booked spots and, for a series' parent, its number of sessions. Sorted by start time. */
export async function listManagedClasses(ctx: AppContext, user: SessionUser | null) {
  const signedIn = requireRole(user, 'coach', 'admin');
  const db = ctx.db;
  const rows = await db
    .select({ row: classes, coachFirstName: users.firstName, coachLastName: users.lastName, categoryName: categories.name })
    .from(classes)
    .leftJoin(users, eq(users.id, classes.coachId))
    .leftJoin(categories, eq(categories.id, classes.categoryId))
    .where(signedIn.role === 'admin' ? liveClasses : and(eq(classes.coachId, signedIn.id), liveClasses))
    .orderBy(asc(classes.startTime), asc(classes.id));
  const spots = await activeSpotsByClass(db, rows.map((r) => r.row.id), ctx.clock.now());
  const waiting = await waitlistCounts(db, rows.map((r) => r.row.id));
  const sessionsByParent = new Map<number, number>();
  for (const { row } of rows) if (row.parentClassId !== null) sessionsByParent.set(row.parentClassId, (sessionsByParent.get(row.parentClassId) ?? 0) + 1);
  return rows.map(({ row, coachFirstName, coachLastName, categoryName }) => ({
    ...toClassJson(row),
    coach: coachFirstName !== null ? { id: row.coachId, firstName: coachFirstName, lastName: coachLastName ?? '' } : null,
    categoryName,
    activeBookings: spots.get(row.id) ?? 0,
    waitlistCount: waiting.get(row.id) ?? 0,
    sessionCount: row.isRecurring && row.parentClassId === null ? (sessionsByParent.get(row.id) ?? 0) : 1,
  }));
}
