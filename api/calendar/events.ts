// What each feed shows, as calendar events: a customer's confirmed bookings and a coach's sessions. A booking
// cancelled or a class deleted in the last 30 days stays as a cancelled event, so subscribed calendars remove
// it; SEQUENCE is the class's calendar_sequence (raised by a trigger when it moves) plus one once cancelled.
import { and, eq, gte, inArray, isNotNull, isNull, not, or, sql } from 'drizzle-orm';
import { bookings, classes } from '../../db/schema';
import { attendeesOf, describeAttendee } from '../spots/attendees';
import { bookingEvent, eventOf, hasStart } from '../notices/calendar-event';
import type { AppContext } from '../context';
import type { CalendarEvent } from '../lib/ics';
import { spotCount } from '../../common/plural';
import { waitlistCounts } from '../spots/waitlist-counts';
import { inStates, isIn, OPEN_STATES } from '../spots/booking-states';

/** How long a cancelled booking or deleted class stays in a feed as STATUS:CANCELLED. */
const CANCELLED_KEPT_DAYS = 30;

function later(a: Date, b: Date): Date {
  return a.getTime() > b.getTime() ? a : b;
}

/** The user's bookings: confirmed ones, and those cancelled within the last 30 days after being confirmed. */
export async function bookingEvents(ctx: AppContext, userId: number, now: Date): Promise<CalendarEvent[]> {
  const since = new Date(now.getTime() - CANCELLED_KEPT_DAYS * 86_400_000);
  const rows = await ctx.db
    .select({ booking: bookings, cls: classes })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(
      and(
        eq(bookings.userId, userId),
        isNotNull(classes.startTime),
        or(inStates(['confirmed']), and(not(inStates(OPEN_STATES)), isNotNull(bookings.confirmedAt), gte(bookings.cancelledAt, since))),
      ),
    );
  const names = await attendeesOf(
    ctx.db,
    rows.map(({ booking }) => booking),
  );
  return rows.flatMap(({ booking, cls }) => {
    if (!hasStart(cls)) return [];
    const people = (names.get(booking.id) ?? []).map(describeAttendee).join(', ');
    return [
      bookingEvent(ctx, booking, cls, people, { cancelled: !isIn(booking, OPEN_STATES), stamp: later(booking.updatedAt, cls.updatedAt) }),
    ];
  });
}

/** The sessions the user teaches, each with the spots booked and the waitlist's length; deleted sessions
 * stay cancelled for 30 days. Series templates (never booked themselves) are left out. */
export async function teachingEvents(ctx: AppContext, coachId: number, now: Date): Promise<CalendarEvent[]> {
  const since = new Date(now.getTime() - CANCELLED_KEPT_DAYS * 86_400_000);
  const sessions = await ctx.db
    .select()
    .from(classes)
    .where(
      and(
        eq(classes.coachId, coachId),
        isNotNull(classes.startTime),
        or(eq(classes.isRecurring, false), isNotNull(classes.parentClassId)),
        or(isNull(classes.deletedAt), gte(classes.deletedAt, since)),
      ),
    );
  const booked = new Map<number, number>();
  const waiting = await waitlistCounts(
    ctx.db,
    sessions.map((s) => s.id),
  );
  for (let i = 0; i < sessions.length; i += 500) {
    const ids = sessions.slice(i, i + 500).map((s) => s.id);
    const counts = await ctx.db
      .select({ classId: bookings.classId, spots: sql<number>`sum(${bookings.quantity})` })
      .from(bookings)
      .where(and(inArray(bookings.classId, ids), inStates(['confirmed'])))
      .groupBy(bookings.classId);
    for (const row of counts) booked.set(row.classId, Number(row.spots));
  }
  return sessions.filter(hasStart).map((cls) => {
    const description = [
      `${booked.get(cls.id) ?? 0} of ${cls.capacity} spots booked`,
      `${waiting.get(cls.id) ?? 0} on the waitlist`,
      `Roster: ${ctx.env.publicUrl}/roster/${cls.id}`,
    ].join('\n');
    return eventOf(ctx, cls, `class-${cls.id}@fogline`, description, cls.deletedAt !== null, cls.updatedAt);
  });
}
