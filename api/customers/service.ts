// Customer Management: the active bookings of a coach's classes (every class for an admin), each with the
// customer's completed classes, and the summary figures computed here rather than in the browser.
import { aliasedTable, and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { bookingAttendees, bookings, classes, users } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import { requireRole } from '../auth/plugin';
import type { AppContext } from '../context';
import type { PageRequest } from '../../common/pagination';
import { inStates } from '../spots/booking-states';
import { passesHeldBy, passPaymentsOf, paidWithOf } from '../spots/pass-credits';
import { takesSpots } from '../spots/taken';
import type { CustomersAnswer } from './model';

const coaches = aliasedTable(users, 'coach');

/** GET /api/customers: coaches see the bookings of their own classes, admins every booking. Active bookings
 * only (those that take spots: api/spots/taken.ts), newest class first, one page at a time. This page lists bookings, not
 * the catalogue, so deleted classes are not filtered out: deleting cancels the bookings of sessions that had
 * not started (gone from here), and sessions taught before the deletion keep their attendees and counts. */
export async function listCustomerBookings(ctx: AppContext, user: SessionUser | null, page: PageRequest): Promise<CustomersAnswer> {
  const signedIn = requireRole(user, 'coach', 'admin');
  const now = ctx.clock.now();
  const db = ctx.db;
  const scope = signedIn.role === 'admin' ? undefined : eq(classes.coachId, signedIn.id);
  const active = takesSpots(now);
  // The figures count every row in scope (in SQL); only the page of rows is read.
  const [figures] = await db
    .select({
      totalBookings: sql<number>`count(*)`,
      uniqueCustomers: sql<number>`count(distinct lower(${users.email}))`,
      completedClasses: sql<number>`count(distinct case when ${lt(classes.startTime, now)} then ${classes.id} end)`,
    })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(active, scope));
  const rows = await db
    .select({
      id: bookings.id,
      classId: classes.id,
      start: classes.startTime,
      className: classes.title,
      coachFirstName: coaches.firstName,
      coachLastName: coaches.lastName,
      customerId: users.id,
      customerFirstName: users.firstName,
      customerLastName: users.lastName,
      customerPhone: users.phone,
      customerEmail: users.email,
      status: bookings.status,
      quantity: bookings.quantity,
      amountCents: bookings.amountCents,
    })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(coaches, eq(coaches.id, classes.coachId))
    .where(and(active, scope))
    .orderBy(desc(classes.startTime), desc(bookings.id))
    .limit(page.limit)
    .offset(page.offset);

  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const completed = new Map<number, number>();
  const attendance = new Map<number, { attended: number; noShows: number }>();
  for (let i = 0; i < customerIds.length; i += 500) {
    const chunk = customerIds.slice(i, i + 500);
    const counts = await db
      .select({ userId: bookings.userId, n: sql<number>`count(distinct ${bookings.classId})` })
      .from(bookings)
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .where(and(inArray(bookings.userId, chunk), inStates(['confirmed']), lt(classes.startTime, now), scope))
      .groupBy(bookings.userId);
    for (const c of counts) completed.set(c.userId, Number(c.n));
    // Check-ins recorded at the sessions (api/attendees/roster.ts), one per attendee, in the same scope.
    const marks = await db
      .select({
        userId: bookings.userId,
        attended: sql<number>`sum(case when ${bookingAttendees.attendance} = 'present' then 1 else 0 end)`,
        noShows: sql<number>`sum(case when ${bookingAttendees.attendance} = 'no_show' then 1 else 0 end)`,
      })
      .from(bookingAttendees)
      .innerJoin(bookings, eq(bookings.id, bookingAttendees.bookingId))
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .where(and(inArray(bookings.userId, chunk), inStates(['confirmed']), scope))
      .groupBy(bookings.userId);
    for (const m of marks) attendance.set(m.userId, { attended: Number(m.attended), noShows: Number(m.noShows) });
  }

  // How each booking was paid, and the passes each customer holds (the coach's own; every coach's for an admin).
  const [paidByPass, held] = await Promise.all([
    passPaymentsOf(
      db,
      rows.map((r) => r.id),
    ),
    passesHeldBy(db, customerIds, signedIn.role === 'admin' ? undefined : signedIn.id, now),
  ]);
  const answer = rows.map(({ start, customerId, amountCents, ...row }) => ({
    ...row,
    paidWith: paidWithOf({ amountCents }, paidByPass.get(row.id)),
    passName: paidByPass.get(row.id)?.name ?? null,
    passes: held.get(customerId) ?? [],
    classDate: start?.toISOString() ?? null,
    classTime: start?.toISOString() ?? null,
    completedClasses: completed.get(customerId) ?? 0,
    attended: attendance.get(customerId)?.attended ?? 0,
    noShows: attendance.get(customerId)?.noShows ?? 0,
  }));
  const summary = {
    totalBookings: Number(figures?.totalBookings ?? 0),
    uniqueCustomers: Number(figures?.uniqueCustomers ?? 0),
    completedClasses: Number(figures?.completedClasses ?? 0),
  };
  return { rows: answer, summary };
}
