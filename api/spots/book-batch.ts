// A group of free bookings on a libSQL server (sqld, Turso) in one round trip to write it, never a transaction
// held open across the network: the group's view is read in one batch (a consistent snapshot, ./book-group.ts),
// every booking decided against it in order, exactly as in the transaction (decideFreeBooking), then the bookings
// made are sent as ONE write batch of conditional statements that check everything again inside the SQL (the
// class as it was read, its spots taken + n <= capacity, no open booking of the customer, nothing owed to the
// waitlist), each INSERT answering with RETURNING whether it happened. A booking whose INSERT did not happen (a
// change in between, from another process) goes through the transaction after all, which answers it exactly.
import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { InStatement, InValue, Row } from '@libsql/client';
import {
  bookingAttendees,
  bookingOutbox,
  bookings,
  classes,
  emergencyContacts,
  medicalNotes,
  waitlistEntries,
  waiverAcceptances,
} from '../../db/schema';
import {
  checkGroupCapacity,
  type ClassRow,
  decideFreeBooking,
  dueTimedBooking,
  type FreeBooking,
  type FreeRequest,
  type GroupViewRows,
  groupViewQueries,
  plannedBooking,
  recordBooked,
  toGroupView,
} from './book-group';
import { activeBooking, BOOKING_STATES, type BookingRow } from './booking-states';
import type { SpotsContext } from './context';
import { entryIn } from './entry-states';
import { takesSpots } from './taken';
import { acceptanceRowsFor, latestWaivers, type WaiverRow, waiversOfClassesQuery } from './waivers';

const dialect = new SQLiteAsyncDialect();
const statementOf = (query: SQL): InStatement => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, args: params as InValue[] };
};

/** The fields of a free booking this path writes. A request that gives any other (a promo code, a pass to pay
 * with; a field added later that a step of ./book.ts bookOne acts on) goes through the transaction, where that
 * step runs. */
const BATCHED_FIELDS = new Set(['classId', 'quantity', 'attendees', 'waiverAcceptance', 'source']);
function batchable({ input }: FreeRequest): boolean {
  return Object.entries(input).every(([field, value]) => BATCHED_FIELDS.has(field) || value === undefined || value === null);
}

/** Books the group in two round trips, a read and a write batch. Answers each request's outcome, or null for
 * those the transaction must settle (spots owed to the waitlist first; a booking the batch's checks refused). */
export async function bookGroupInOneTrip(
  ctx: SpotsContext,
  requests: FreeRequest[],
  now: Date,
): Promise<(PromiseSettledResult<FreeBooking> | null)[]> {
  // The group's view and the waivers its classes ask, read in the one batch (./waivers.ts).
  const classIds = [...new Set(requests.map((request) => request.input.classId))];
  const read = await ctx.db.batch([...groupViewQueries(ctx.db, requests, now), waiversOfClassesQuery(ctx.db, classIds)] as const);
  const waiverRows = read.at(-1) as WaiverRow[];
  const view = toGroupView(read.slice(0, -1) as unknown as GroupViewRows);
  const outcomes: (PromiseSettledResult<FreeBooking> | null)[] = [];
  const planned: { index: number; request: FreeRequest; cls: ClassRow; attendees: FreeBooking['attendees']; first: number }[] = [];
  const statements: InStatement[] = [];
  for (const [index, request] of requests.entries()) {
    // Owed spots are offered to the waitlist in the transaction first (./release.ts), so what it finds free is free.
    if (!batchable(request) || view.owed.has(request.input.classId)) {
      outcomes.push(null);
      continue;
    }
    let decided: ReturnType<typeof decideFreeBooking>;
    let accepted: ReturnType<typeof acceptanceRowsFor>;
    try {
      decided = decideFreeBooking(view, request.customer, request.input, now);
      checkGroupCapacity(view, decided.cls, request.input.quantity);
      accepted = acceptanceRowsFor(
        latestWaivers(waiverRows, decided.cls.coachId),
        decided.cls,
        decided.attendees,
        request.input.waiverAcceptance,
        request.input.source,
        now,
        request.customer.id,
      );
    } catch (reason) {
      outcomes.push({ status: 'rejected', reason });
      continue;
    }
    // Someone accepted for earlier (or nobody at all): the transaction decides that (recordBookingWaivers).
    if (!accepted) {
      outcomes.push(null);
      continue;
    }
    outcomes.push(null);
    planned.push({ index, request, ...decided, first: statements.length });
    statements.push(
      ...bookingStatements(request, decided.cls, decided.attendees, now),
      ...waiverStatements(request, decided.cls, accepted, now),
    );
    // The bookings after it are decided as if it happened (checked below: if it did not, they are decided again).
    recordBooked(view, plannedBooking(request, decided.cls));
  }
  if (planned.length === 0) return outcomes;
  const results = await ctx.db.client.batch(statements, 'write');
  let firstMissed = Number.POSITIVE_INFINITY;
  for (const plan of planned) {
    const row = results[plan.first]!.rows[0];
    if (row) outcomes[plan.index] = { status: 'fulfilled', value: { booking: bookingOf(row), cls: plan.cls, attendees: plan.attendees } };
    else firstMissed = Math.min(firstMissed, plan.index);
  }
  // An INSERT that did not happen (something changed since the read) stays unsettled, for the transaction, and so
  // does every refusal decided after it on the view it would have left; the bookings that happened stand.
  for (let i = firstMissed; i < outcomes.length; i++) if (outcomes[i]?.status === 'rejected') outcomes[i] = null;
  return outcomes;
}

/** The class as the decision read it: what decideFreeBooking looked at has not changed since. */
function classAsRead(cls: ClassRow): SQL {
  return and(
    eq(classes.id, cls.id),
    isNull(classes.deletedAt),
    eq(classes.priceCents, cls.priceCents),
    eq(classes.ageGroup, cls.ageGroup),
    eq(classes.coachId, cls.coachId),
    eq(classes.isRecurring, cls.isRecurring),
    cls.startTime === null ? isNull(classes.startTime) : eq(classes.startTime, cls.startTime),
    cls.parentClassId === null ? isNull(classes.parentClassId) : eq(classes.parentClassId, cls.parentClassId),
  )!;
}

const bookingColumns = getTableColumns(bookings);
const returningAll = sql.join(
  Object.values(bookingColumns).map((column) => sql.identifier(column.name)),
  sql`, `,
);

/** One booking's statements: the conditional INSERT (RETURNING the row, or nothing), then its confirmation in
 * the outbox and its attendees, each only when the statement before it wrote (changes() = 1) and for that row. */
function bookingStatements({ customer, input }: FreeRequest, cls: ClassRow, attendees: FreeBooking['attendees'], now: Date): InStatement[] {
  const at = now.getTime();
  const confirmed = BOOKING_STATES.confirmed.status;
  // As applyTransition's insert does, the booking copies the class's cancellation policy (the terms it is booked under).
  const insert = sql`insert into ${bookings} (${sql.identifier(bookings.classId.name)}, ${sql.identifier(bookings.userId.name)}, ${sql.identifier(bookings.status.name)}, ${sql.identifier(bookings.quantity.name)}, ${sql.identifier(bookings.confirmedAt.name)}, ${sql.identifier(bookings.createdAt.name)}, ${sql.identifier(bookings.updatedAt.name)}, ${sql.identifier(bookings.cancellationPolicy.name)})
    select ${classes.id}, ${customer.id}, ${confirmed}, ${input.quantity}, ${at}, ${at}, ${at}, ${classes.cancellationPolicy} from ${classes}
    where ${classAsRead(cls)} and ${classes.capacity} >= ${input.quantity} + (select coalesce(sum(${bookings.quantity}), 0) from ${bookings} where ${bookings.classId} = ${cls.id} and ${takesSpots(now)})
      and not exists (select 1 from ${bookings} where ${bookings.classId} = ${cls.id} and ${bookings.userId} = ${customer.id} and ${activeBooking})
      and not exists (select 1 from ${bookings} where ${dueTimedBooking(cls.id, now)})
      and not exists (select 1 from ${waitlistEntries} where ${waitlistEntries.classId} = ${cls.id} and ${entryIn(['waiting'])})
    returning ${returningAll}`;
  // The row just inserted: the customer's one open booking of the class (a unique index), confirmed at this instant.
  const justBooked = sql`${bookings.classId} = ${cls.id} and ${bookings.userId} = ${customer.id} and ${bookings.status} = ${confirmed} and ${bookings.confirmedAt} = ${at} and changes() = 1`;
  const outbox = sql`insert into ${bookingOutbox} (${sql.identifier(bookingOutbox.kind.name)}, ${sql.identifier(bookingOutbox.bookingId.name)}, ${sql.identifier(bookingOutbox.dueAt.name)}, ${sql.identifier(bookingOutbox.createdAt.name)})
    select ${'booking_confirmed'}, ${bookings.id}, ${at}, ${at} from ${bookings} where ${justBooked}`;
  const people = sql.join(
    attendees.map((a) => sql`(${a.position}, ${a.name}, ${a.age})`),
    sql`, `,
  );
  const named = sql`insert into ${bookingAttendees} (${sql.identifier(bookingAttendees.bookingId.name)}, ${sql.identifier(bookingAttendees.position.name)}, ${sql.identifier(bookingAttendees.name.name)}, ${sql.identifier(bookingAttendees.age.name)})
    select ${bookings.id}, people.column1, people.column2, people.column3 from ${bookings}, (values ${people}) as people where ${justBooked}`;
  return [statementOf(insert), statementOf(outbox), statementOf(named)];
}

/** The booking's waiver acceptances, emergency contact and medical notes, each written only for the booking this
 * batch inserted: the customer's one open booking of the class (a unique index), confirmed at this instant. */
function waiverStatements(
  { customer }: FreeRequest,
  cls: ClassRow,
  rows: NonNullable<ReturnType<typeof acceptanceRowsFor>>,
  now: Date,
): InStatement[] {
  const at = now.getTime();
  const booked = sql`${bookings.classId} = ${cls.id} and ${bookings.userId} = ${customer.id} and ${bookings.status} = ${BOOKING_STATES.confirmed.status} and ${bookings.confirmedAt} = ${at}`;
  const out: InStatement[] = [];
  if (rows.acceptances.length) {
    const values = sql.join(
      rows.acceptances.map(
        (a) =>
          sql`(${a.position}, ${a.attendeeName}, ${a.waiverId}, ${a.version}, ${a.textHash}, ${a.acceptedBy}, ${a.relation}, ${a.ipAddress}, ${a.userAgent}, ${a.acceptedAt.getTime()})`,
      ),
      sql`, `,
    );
    const w = waiverAcceptances;
    const columns = [
      w.position,
      w.attendeeName,
      w.waiverId,
      w.version,
      w.textHash,
      w.acceptedBy,
      w.relation,
      w.ipAddress,
      w.userAgent,
      w.acceptedAt,
    ];
    out.push(
      statementOf(sql`insert into ${w} (${sql.identifier(w.bookingId.name)}, ${sql.join(
        columns.map((c) => sql.identifier(c.name)),
        sql`, `,
      )})
        select ${bookings.id}, v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8, v.column9, v.column10 from ${bookings}, (values ${values}) as v where ${booked}`),
    );
  }
  if (rows.contact) {
    const e = emergencyContacts;
    out.push(
      statementOf(sql`insert into ${e} (${sql.identifier(e.bookingId.name)}, ${sql.identifier(e.name.name)}, ${sql.identifier(e.phone.name)}, ${sql.identifier(e.createdAt.name)})
        select ${bookings.id}, ${rows.contact.name}, ${rows.contact.phone}, ${at} from ${bookings} where ${booked}`),
    );
  }
  if (rows.notes.length) {
    const m = medicalNotes;
    const values = sql.join(
      rows.notes.map((n) => sql`(${n.position}, ${n.note})`),
      sql`, `,
    );
    out.push(
      statementOf(sql`insert into ${m} (${sql.identifier(m.bookingId.name)}, ${sql.identifier(m.position.name)}, ${sql.identifier(m.note.name)})
        select ${bookings.id}, v.column1, v.column2 from ${bookings}, (values ${values}) as v where ${booked}`),
    );
  }
  return out;
}

/** A RETURNING row as Drizzle would map it. */
function bookingOf(row: Row): BookingRow {
  const booking: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(bookingColumns)) {
    const value = row[column.name];
    booking[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return booking as BookingRow;
}
