// Customer Management grouped by customer (issue 22): one row per person who booked the coach's classes (every
// class for an admin), searchable by name, email, phone and the names they booked for, and one customer's
// bookings with their attendees. The same bookings as the booking rows: those taking spots (api/spots/taken.ts).
import { aliasedTable, and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { bookingAttendees, bookings, classes, users } from '../../db/schema';
import { requireRole } from '../auth/plugin';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { contains } from '../lib/like';
import type { PageRequest } from '../../common/pagination';
import { inStates } from '../spots/booking-states';
import { passesHeldBy, passPaymentsOf, paidWithOf } from '../spots/pass-credits';
import { takesSpots } from '../spots/taken';
import type { CustomerDetail, CustomerPerson } from './model';

const coaches = aliasedTable(users, 'coach');
const MAX_NAMES = 12;
const MAX_DETAIL_BOOKINGS = 200;

function scopeOf(user: SessionUser): SQL | undefined {
  return user.role === 'admin' ? undefined : eq(classes.coachId, user.id);
}

/** The search, on the person (so their figures still count every booking): their name, email or phone, or a
 * name on one of their bookings of the classes in scope. */
function matching(q: string | undefined, user: SessionUser): SQL | undefined {
  if (!q?.trim()) return undefined;
  const coach = user.role === 'admin' ? sql`` : sql` and c2.coach_id = ${user.id}`;
  const named = sql`exists (select 1 from ${bookingAttendees} join bookings b2 on b2.id = ${bookingAttendees.bookingId} join classes c2 on c2.id = b2.class_id where b2.user_id = ${users.id}${coach} and ${contains(bookingAttendees.name, q)})`;
  return or(
    contains(sql`${users.firstName} || ' ' || ${users.lastName}`, q),
    contains(users.email, q),
    contains(sql`coalesce(${users.phone}, '')`, q),
    named,
  );
}

/** Attended and no-show marks per customer, in scope (one per attendee, as on the booking rows). */
async function attendanceOf(ctx: AppContext, customerIds: number[], scope: SQL | undefined) {
  const marks = new Map<number, { attended: number; noShows: number }>();
  if (!customerIds.length) return marks;
  const rows = await ctx.db
    .select({
      userId: bookings.userId,
      attended: sql<number>`sum(case when ${bookingAttendees.attendance} = 'present' then 1 else 0 end)`,
      noShows: sql<number>`sum(case when ${bookingAttendees.attendance} = 'no_show' then 1 else 0 end)`,
    })
    .from(bookingAttendees)
    .innerJoin(bookings, eq(bookings.id, bookingAttendees.bookingId))
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(and(inArray(bookings.userId, customerIds), inStates(['confirmed']), scope))
    .groupBy(bookings.userId);
  for (const m of rows) marks.set(m.userId, { attended: Number(m.attended), noShows: Number(m.noShows) });
  return marks;
}

/** GET /api/customers/people: a page of customers, the one whose class is latest first. */
export async function listCustomerPeople(
  ctx: AppContext,
  user: SessionUser | null,
  q: string | undefined,
  page: PageRequest,
): Promise<{ rows: CustomerPerson[]; total: number }> {
  const signedIn = requireRole(user, 'coach', 'admin');
  const now = ctx.clock.now();
  const scope = scopeOf(signedIn);
  const where = and(takesSpots(now), scope, matching(q, signedIn));
  const [count] = await ctx.db
    .select({ total: sql<number>`count(distinct ${users.id})` })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(where);
  const started = lt(classes.startTime, now);
  const people = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      bookings: sql<number>`count(*)`,
      spots: sql<number>`sum(${bookings.quantity})`,
      completedClasses: sql<number>`count(distinct case when ${and(started, inStates(['confirmed']))} then ${classes.id} end)`,
      upcomingClasses: sql<number>`count(distinct case when ${classes.startTime} >= ${now.getTime()} then ${classes.id} end)`,
      lastClassAt: sql<number | null>`max(${classes.startTime})`,
      nextClassAt: sql<number | null>`min(case when ${classes.startTime} >= ${now.getTime()} then ${classes.startTime} end)`,
    })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(where)
    .groupBy(users.id)
    .orderBy(desc(sql`max(${classes.startTime})`), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const ids = people.map((p) => p.id);
  const marks = await attendanceOf(ctx, ids, scope);
  const names = new Map<number, string[]>();
  if (ids.length) {
    const rows = await ctx.db
      .selectDistinct({ userId: bookings.userId, name: bookingAttendees.name })
      .from(bookingAttendees)
      .innerJoin(bookings, eq(bookings.id, bookingAttendees.bookingId))
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .where(and(inArray(bookings.userId, ids), takesSpots(now), scope))
      .orderBy(bookingAttendees.name);
    for (const row of rows) {
      const list = names.get(row.userId) ?? [];
      if (list.length < MAX_NAMES && !list.some((n) => n.toLowerCase() === row.name.toLowerCase())) list.push(row.name);
      names.set(row.userId, list);
    }
  }
  const held = await passesHeldBy(ctx.db, ids, signedIn.role === 'admin' ? undefined : signedIn.id, now);
  const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  const rows = people.map((p) => ({
    ...p,
    bookings: Number(p.bookings),
    spots: Number(p.spots),
    completedClasses: Number(p.completedClasses),
    upcomingClasses: Number(p.upcomingClasses),
    attended: marks.get(p.id)?.attended ?? 0,
    noShows: marks.get(p.id)?.noShows ?? 0,
    lastClassAt: iso(p.lastClassAt),
    nextClassAt: iso(p.nextClassAt),
    attendeeNames: names.get(p.id) ?? [],
    passes: held.get(p.id) ?? [],
  }));
  return { rows, total: Number(count?.total ?? 0) };
}

/** GET /api/customers/people/{id}: one customer's bookings in scope with their attendees; 404 when the person
 * has none there (a coach sees only people who booked their classes). */
export async function customerDetail(ctx: AppContext, user: SessionUser | null, customerId: number): Promise<CustomerDetail> {
  const signedIn = requireRole(user, 'coach', 'admin');
  const now = ctx.clock.now();
  const scope = scopeOf(signedIn);
  const rows = await ctx.db
    .select({
      id: bookings.id,
      classId: classes.id,
      className: classes.title,
      start: classes.startTime,
      coachFirstName: coaches.firstName,
      coachLastName: coaches.lastName,
      status: bookings.status,
      quantity: bookings.quantity,
      amountCents: bookings.amountCents,
    })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(coaches, eq(coaches.id, classes.coachId))
    .where(and(eq(bookings.userId, customerId), takesSpots(now), scope))
    .orderBy(desc(classes.startTime), desc(bookings.id))
    .limit(MAX_DETAIL_BOOKINGS);
  if (!rows.length) throw notFound('Customer not found.');
  const person = (await ctx.db.select().from(users).where(eq(users.id, customerId)).get())!;
  const attendees = await ctx.db
    .select()
    .from(bookingAttendees)
    .where(
      inArray(
        bookingAttendees.bookingId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(bookingAttendees.bookingId, bookingAttendees.position);
  const byBooking = new Map<number, CustomerDetail['bookings'][number]['attendees']>();
  for (const a of attendees)
    byBooking.set(a.bookingId, [...(byBooking.get(a.bookingId) ?? []), { name: a.name, age: a.age, attendance: a.attendance }]);
  const marks = (await attendanceOf(ctx, [customerId], scope)).get(customerId) ?? { attended: 0, noShows: 0 };
  const [paidByPass, held] = await Promise.all([
    passPaymentsOf(
      ctx.db,
      rows.map((r) => r.id),
    ),
    passesHeldBy(ctx.db, [customerId], signedIn.role === 'admin' ? undefined : signedIn.id, now),
  ]);
  const classIds = (past: boolean) =>
    new Set(
      rows
        .filter((r) => r.start && r.start.getTime() < now.getTime() === past && (!past || r.status === 'confirmed'))
        .map((r) => r.classId),
    ).size;
  return {
    customer: { id: person.id, firstName: person.firstName, lastName: person.lastName, email: person.email, phone: person.phone },
    summary: {
      bookings: rows.length,
      spots: rows.reduce((n, r) => n + r.quantity, 0),
      completedClasses: classIds(true),
      upcomingClasses: classIds(false),
      ...marks,
    },
    passes: held.get(customerId) ?? [],
    bookings: rows.map(({ start, amountCents, ...r }) => ({
      ...r,
      classDate: start?.toISOString() ?? null,
      paidWith: paidWithOf({ amountCents }, paidByPass.get(r.id)),
      passName: paidByPass.get(r.id)?.name ?? null,
      attendees: byBooking.get(r.id) ?? [],
    })),
  };
}
