// The people behind each booking's spots (the booking domain's attendee persistence): checking the names a booker gives, storing them with the booking,
// and reading them back (bookings made before names were asked read as the booker and their guests).
import { eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { type AgeGroup, bookingAttendees, users } from '../../db/schema';
import { badRequest } from '../errors';
import { countOf, spotCount } from '../../common/plural';
import { AGE_REQUIRED } from './attendee-rules';

type Named = { firstName: string; lastName: string };
type AttendeeRow = typeof bookingAttendees.$inferSelect;

/** One person for one spot as a booker names them (api/attendees/model.ts AttendeeInput). */
export interface AttendeeInput {
  name: string;
  age?: number | null;
}
/** One spot's attendee as stored or defaulted (api/attendees/model.ts Attendee). */
export interface Attendee {
  position: number;
  name: string;
  age: number | null;
  attendance: AttendeeRow['attendance'];
}

/** The name a spot has when the booker named nobody: the booker for the first, their guests after. */
export function defaultAttendeeName(booker: Named, position: number): string {
  const name = `${booker.firstName} ${booker.lastName}`.trim();
  return position === 0 ? name : `Guest ${position + 1} of ${name}`;
}

/** Decides the attendees of a booking: exactly one per spot, and each child's age in a Kids class (so a Kids
 * class cannot go without them); other classes left unnamed are named after the booker. */
export function checkAttendees(
  attendees: AttendeeInput[] | undefined,
  quantity: number,
  ageGroup: AgeGroup,
  booker: Named,
): { name: string; age: number | null }[] {
  if (attendees === undefined) {
    if (ageGroup === 'Kids') throw badRequest(AGE_REQUIRED, { attendees: [AGE_REQUIRED] });
    return Array.from({ length: quantity }, (_, position) => ({ name: defaultAttendeeName(booker, position), age: null }));
  }
  if (attendees.length !== quantity) {
    throw badRequest(`Name one attendee per spot: ${spotCount(quantity)} booked, ${countOf(attendees.length, 'attendee')} named.`, {
      attendees: ['Name one attendee per spot.'],
    });
  }
  if (ageGroup === 'Kids' && attendees.some((a) => a.age === undefined || a.age === null)) {
    throw badRequest(AGE_REQUIRED, { attendees: [AGE_REQUIRED] });
  }
  return attendees.map((a) => ({ name: a.name, age: a.age ?? null }));
}

/** Stores a booking's attendees in spot order (a renewed payment hold replaces those it had). */
export async function saveAttendees(tx: Tx, bookingId: number, attendees: { name: string; age: number | null }[]): Promise<void> {
  await tx.delete(bookingAttendees).where(eq(bookingAttendees.bookingId, bookingId));
  if (attendees.length === 0) return;
  await tx.insert(bookingAttendees).values(attendees.map((a, position) => ({ bookingId, position, name: a.name, age: a.age })));
}

function toAttendee(position: number, row: AttendeeRow | undefined, booker: Named): Attendee {
  return { position, name: row?.name ?? defaultAttendeeName(booker, position), age: row?.age ?? null, attendance: row?.attendance ?? null };
}

/** Every spot's attendee for each booking, by booking id: stored rows, defaults where none were stored. */
export async function attendeesOf(
  db: Database | Tx,
  list: { id: number; quantity: number; userId: number }[],
): Promise<Map<number, Attendee[]>> {
  const result = new Map<number, Attendee[]>();
  const rows: AttendeeRow[] = [];
  const bookers = new Map<number, Named>();
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500);
    rows.push(
      ...(await db
        .select()
        .from(bookingAttendees)
        .where(
          inArray(
            bookingAttendees.bookingId,
            chunk.map((b) => b.id),
          ),
        )),
    );
    const userIds = [...new Set(chunk.map((b) => b.userId))].filter((id) => !bookers.has(id));
    if (userIds.length === 0) continue;
    const people = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, userIds));
    for (const person of people) bookers.set(person.id, person);
  }
  const stored = new Map(rows.map((row) => [`${row.bookingId}:${row.position}`, row]));
  for (const booking of list) {
    const booker = bookers.get(booking.userId) ?? { firstName: 'Guest', lastName: '' };
    result.set(
      booking.id,
      Array.from({ length: booking.quantity }, (_, position) => toAttendee(position, stored.get(`${booking.id}:${position}`), booker)),
    );
  }
  return result;
}

/** "Maya (age 7)" */
export function describeAttendee(attendee: Pick<Attendee, 'name' | 'age'>): string {
  return attendee.age === null ? attendee.name : `${attendee.name} (age ${attendee.age})`;
}

/** One booking's attendees. */
export async function attendeesOfBooking(
  db: Database | Tx,
  booking: { id: number; quantity: number; userId: number },
): Promise<Attendee[]> {
  return (await attendeesOf(db, [booking])).get(booking.id) ?? [];
}
