// A session's roster for its coach or an admin: every attendee of its confirmed bookings with the booker's
// contact, check-in (present / no-show) from 30 minutes before the start until 24 hours after, and a CSV copy.
import { and, asc, eq } from 'drizzle-orm';
import { bookingAttendees, bookings, classes, users } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import { requireRole } from '../auth/plugin';
import type { AppContext } from '../context';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { toBookingClassJson } from '../spots/shape';
import { centsToDollars, dollarsToCents, formatDollars } from '../../common/money';
import { countOf } from '../../common/plural';
import { formatDateShort, formatTimePT } from '../../common/pacific';
import type { AttendanceBody, Attendee } from './model';
import type { Roster, RosterBooking } from './roster-model';
import { attendeesOf, attendeesOfBooking, defaultAttendeeName } from '../spots/attendees';
import { inStates, isIn } from '../spots/booking-states';
import { acceptancesOf, safetyOf, type WaiverRecord } from '../spots/waivers';

const CHECK_IN_OPENS_MINUTES_BEFORE = 30;
const CHECK_IN_CLOSES_HOURS_AFTER = 24;

/** When a session's check-in runs: from 30 minutes before its start until 24 hours after it. */
function checkInWindow(start: Date | null): { opensAt: Date; closesAt: Date } | null {
  if (!start) return null;
  return {
    opensAt: new Date(start.getTime() - CHECK_IN_OPENS_MINUTES_BEFORE * 60_000),
    closesAt: new Date(start.getTime() + CHECK_IN_CLOSES_HOURS_AFTER * 3_600_000),
  };
}

/** Only the class's own coach or an admin sees a roster or records attendance. */
function requireClassStaff(user: SessionUser | null, cls: { coachId: number }): SessionUser {
  const staff = requireRole(user, 'coach', 'admin');
  if (staff.role !== 'admin' && staff.id !== cls.coachId) throw forbidden('Only the coach of this class or an admin can see its roster.');
  return staff;
}

/** What a roster shows of a booking's waivers and safety details (api/spots/waivers.ts). */
interface RosterSafety {
  contact: { name: string; phone: string } | null;
  acceptances: WaiverRecord[];
  notes: Map<string, string>;
}

function toRosterBooking(
  booking: typeof bookings.$inferSelect,
  booker: Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'email' | 'phone'>,
  attendees: Attendee[],
  safety: RosterSafety,
): RosterBooking {
  return {
    emergencyContact: safety.contact,
    waivers: attendees.map((a) => {
      const mine = safety.acceptances.filter((r) => r.position === a.position);
      return {
        position: a.position,
        accepted: mine.length > 0,
        acceptances: mine.map((r) => ({
          title: r.title,
          version: r.version,
          relation: r.relation,
          acceptedAt: r.acceptedAt.toISOString(),
        })),
        medicalNote: safety.notes.get(`${booking.id}:${a.position}`) ?? null,
      };
    }),
    bookingId: booking.id,
    quantity: booking.quantity,
    paid: booking.amountCents > 0,
    amount: centsToDollars(booking.amountCents),
    booker: { firstName: booker.firstName, lastName: booker.lastName, email: booker.email, phone: booker.phone },
    attendees,
  };
}

/** GET /api/classes/{id}/roster */
export async function getRoster(ctx: AppContext, user: SessionUser | null, classId: number): Promise<Roster> {
  requireRole(user, 'coach', 'admin');
  const cls = await ctx.db.select().from(classes).where(eq(classes.id, classId)).get();
  if (!cls) throw notFound('Class not found.');
  requireClassStaff(user, cls);
  const rows = await ctx.db
    .select({ booking: bookings, booker: { firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone } })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.classId, classId), inStates(['confirmed'])))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(bookings.id));
  const people = await attendeesOf(
    ctx.db,
    rows.map((r) => r.booking),
  );
  const ids = rows.map((r) => r.booking.id);
  // Medical notes are for the coach who runs the session, not for admins.
  const [acceptances, safety] = await Promise.all([acceptancesOf(ctx.db, ids), safetyOf(ctx.db, ids, user!.id === cls.coachId)]);
  const list = rows.map(({ booking, booker }) =>
    toRosterBooking(booking, booker, people.get(booking.id) ?? [], {
      contact: safety.contacts.get(booking.id) ?? null,
      acceptances: acceptances.get(booking.id) ?? [],
      notes: safety.notes,
    }),
  );
  const everyone = list.flatMap((b) => b.attendees);
  const window = checkInWindow(cls.startTime);
  const now = ctx.clock.now().getTime();
  return {
    class: { ...toBookingClassJson(cls), ageGroup: cls.ageGroup, capacity: cls.capacity },
    checkInOpensAt: window?.opensAt.toISOString() ?? null,
    checkInClosesAt: window?.closesAt.toISOString() ?? null,
    checkInOpen: window !== null && now >= window.opensAt.getTime() && now <= window.closesAt.getTime(),
    counts: {
      spots: everyone.length,
      present: everyone.filter((a) => a.attendance === 'present').length,
      noShow: everyone.filter((a) => a.attendance === 'no_show').length,
    },
    bookings: list,
  };
}

/** PUT /api/bookings/{id}/attendance: records (or clears) one attendee's check-in, answering the booking's
 * roster entry. The attendee is their position in the booking. */
export async function setAttendance(
  ctx: AppContext,
  user: SessionUser | null,
  bookingId: number,
  body: AttendanceBody,
): Promise<RosterBooking> {
  requireRole(user, 'coach', 'admin');
  const found = await ctx.db
    .select({ booking: bookings, cls: classes, booker: users })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId))
    .get();
  if (!found) throw notFound('Booking not found.');
  const { booking, cls, booker } = found;
  const staff = requireClassStaff(user, cls);
  if (!isIn(booking, ['confirmed'])) throw conflict('Only confirmed bookings have attendance.');
  if (body.attendee >= booking.quantity) {
    throw badRequest(
      `This booking has ${countOf(booking.quantity, 'attendee')}: choose attendee 0${booking.quantity > 1 ? ` to ${booking.quantity - 1}` : ''}.`,
    );
  }
  const window = checkInWindow(cls.startTime);
  const now = ctx.clock.now();
  if (!window) throw conflict('This class has no start time, so there is no check-in.');
  if (now < window.opensAt) throw conflict(`Check-in opens ${CHECK_IN_OPENS_MINUTES_BEFORE} minutes before the class starts.`);
  if (now > window.closesAt) throw conflict(`Check-in closed ${CHECK_IN_CLOSES_HOURS_AFTER} hours after the class started.`);
  const marked = { attendance: body.status, attendanceAt: body.status ? now : null, attendanceBy: body.status ? staff.id : null };
  await ctx.db.write((tx) =>
    tx
      .insert(bookingAttendees)
      .values({ bookingId, position: body.attendee, name: defaultAttendeeName(booker, body.attendee), ...marked })
      .onConflictDoUpdate({ target: [bookingAttendees.bookingId, bookingAttendees.position], set: marked }),
  );
  const [acceptances, safety] = await Promise.all([
    acceptancesOf(ctx.db, [bookingId]),
    safetyOf(ctx.db, [bookingId], staff.id === cls.coachId),
  ]);
  return toRosterBooking(booking, booker, await attendeesOfBooking(ctx.db, booking), {
    contact: safety.contacts.get(bookingId) ?? null,
    acceptances: acceptances.get(bookingId) ?? [],
    notes: safety.notes,
  });
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused so
 * a spreadsheet never runs it as a formula (a phone number such as +14155550100 is left as it is). */
function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^\+?[\d ().-]+$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const ATTENDANCE_LABEL = { present: 'Checked in', no_show: 'No-show' } as const;

/** GET /api/classes/{id}/roster.csv: one line per attendee. */
export async function rosterCsv(ctx: AppContext, user: SessionUser | null, classId: number): Promise<{ filename: string; csv: string }> {
  const roster = await getRoster(ctx, user, classId);
  const header = ['Attendee', 'Age', 'Attendance', 'Booked by', 'Email', 'Phone', 'Payment', 'Booking'];
  const lines = roster.bookings.flatMap((b) =>
    b.attendees.map((a) => [
      a.name,
      a.age,
      a.attendance ? ATTENDANCE_LABEL[a.attendance] : '',
      `${b.booker.firstName} ${b.booker.lastName}`,
      b.booker.email,
      b.booker.phone,
      b.paid ? `Paid ${formatDollars(dollarsToCents(b.amount))}` : 'Free',
      b.bookingId,
    ]),
  );
  const csv = [header, ...lines].map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
  const start = roster.class.startTime ? `${formatDateShort(roster.class.startTime)} ${formatTimePT(roster.class.startTime)}` : '';
  const slug = `${roster.class.title} ${start}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { filename: `roster-${slug || classId}.csv`, csv };
}
