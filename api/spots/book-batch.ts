// A group of free bookings on a libSQL server (sqld, Turso) in one round trip to write it, never a transaction
// held open across the network: the group's view is read in one batch (a consistent snapshot, ./book-group.ts),
// every booking decided against it in order, exactly as in the transaction (decideFreeBooking), then the bookings
// made are sent as ONE write batch: one conditional INSERT of all of them that checks everything again inside the
// SQL (the class as it was read, its spots taken + the group's so far <= capacity, no open booking of the customer,
// nothing owed to the waitlist), answering with RETURNING the bookings that happened, and what the group writes
// beside its bookings (confirmations, attendees, waivers) in one statement per table after it. A booking the INSERT
// did not make (a change in between, from another process) goes through the transaction after all, which answers
// it exactly.
import { fillPlaceholders, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import { SQLiteAsyncDialect, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { InStatement, InValue, Row } from '@libsql/client';
import {
  bookingAttendees,
  bookingOutbox,
  bookings,
  classes,
  emergencyContacts,
  medicalNotes,
  OPEN_BOOKING_STATUSES,
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
import { BOOKING_STATES, type BookingRow } from './booking-states';
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
  const planned: Planned[] = [];
  // The group's INSERT marks each booking's row: what the group writes beside its bookings goes in one statement per
  // table for all of them, found by their marks, instead of five statements per booking (sqld's cost is per
  // statement: 320 -> 831 bookings/s without them, issue 23).
  const batchMark = `${BATCH_MARK}${crypto.randomUUID()}:`;
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
    planned.push({ index, request, ...decided, accepted, mark: `${batchMark}${planned.length}` });
    // The bookings after it are decided as if it happened (checked below: if it did not, they are decided again).
    recordBooked(view, plannedBooking(request, decided.cls));
  }
  if (planned.length === 0) return outcomes;
  const inserts = bookingsInsert(planned, now);
  const results = await ctx.db.writeBatch([...inserts, ...groupStatements(planned, batchMark, now)]);
  const inserted = new Map(
    results.slice(0, inserts.length).flatMap(({ rows }) => rows.map((row) => [row[bookings.paymentIntentId.name] as string, row])),
  );
  let firstMissed = Number.POSITIVE_INFINITY;
  for (const plan of planned) {
    const row = inserted.get(plan.mark);
    if (row) outcomes[plan.index] = { status: 'fulfilled', value: { booking: bookingOf(row), cls: plan.cls, attendees: plan.attendees } };
    else firstMissed = Math.min(firstMissed, plan.index);
  }
  // An INSERT that did not happen (something changed since the read) stays unsettled, for the transaction, and so
  // does every refusal decided after it on the view it would have left; the bookings that happened stand.
  for (let i = firstMissed; i < outcomes.length; i++) if (outcomes[i]?.status === 'rejected') outcomes[i] = null;
  return outcomes;
}

const bookingColumns = getTableColumns(bookings);
const returningAll = sql.join(
  Object.values(bookingColumns).map((column) => sql.identifier(column.name)),
  sql`, `,
);

/** A booking planned for the batch: its row carries `mark` until the batch ends. */
interface Planned {
  index: number;
  request: FreeRequest;
  cls: ClassRow;
  attendees: FreeBooking['attendees'];
  accepted: NonNullable<ReturnType<typeof acceptanceRowsFor>>;
  mark: string;
}

/** How a batch's marks start. A mark is a value of bookings.payment_intent_id (unique, and null on every free booking)
 * that lives only inside the batch's own transaction: its last statement clears them, so nothing outside it, and no
 * later read, ever sees one. */
const BATCH_MARK = 'fogline-batch:';

/** One row of the group's INSERT per booking: these values, in this order. The statement reads each as
 * `v.columnN` (`fromValues.classId` is `v.column1`). */
const ROW_VALUES = [
  'classId',
  'userId',
  'quantity',
  'mark',
  'spots',
  'priceCents',
  'ageGroup',
  'coachId',
  'isRecurring',
  'startTime',
  'parentClassId',
] as const;
const fromValues = Object.fromEntries(ROW_VALUES.map((name, i) => [name, sql.raw(`v.column${i + 1}`)])) as Record<
  (typeof ROW_VALUES)[number],
  SQL
>;
const ROW_SLOTS = `(${ROW_VALUES.map(() => '?').join(', ')})`;
const VALUES_GO_HERE = '/* rows */';

/** The group's bookings in ONE conditional INSERT, a row of values per booking, RETURNING the rows made (sqld's cost
 * is per statement: one INSERT per booking held a two-process rush to 3x sqld's one-transaction-per-booking speed).
 * Each row goes in only if its class is as the decision read it (what decideFreeBooking looked at), the spots taken
 * plus the group's up to this booking (`spots`) are within capacity, the customer has no open booking of it
 * (OPEN_BOOKING_STATUSES, so the unique index answers) and nothing is owed to the waitlist. SQLite reads the whole
 * SELECT before it inserts a row (it reads the table it inserts into), so every check sees the class as the batch
 * found it: a booking refused leaves its spots counted for the ones after it, which then go to the transaction, never
 * over capacity. The text around the rows is built once. */
const bookingsInsertShape = (() => {
  const confirmed = BOOKING_STATES.confirmed.status;
  const now = sql.placeholder('now');
  // As applyTransition's insert does, the booking copies the class's cancellation policy (the terms it is booked under).
  const { sql: text, params } =
    dialect.sqlToQuery(sql`insert into ${bookings} (${sql.identifier(bookings.classId.name)}, ${sql.identifier(bookings.userId.name)}, ${sql.identifier(bookings.status.name)}, ${sql.identifier(bookings.quantity.name)}, ${sql.identifier(bookings.confirmedAt.name)}, ${sql.identifier(bookings.createdAt.name)}, ${sql.identifier(bookings.updatedAt.name)}, ${sql.identifier(bookings.cancellationPolicy.name)}, ${sql.identifier(bookings.paymentIntentId.name)})
    select ${classes.id}, ${fromValues.userId}, ${confirmed}, ${fromValues.quantity}, ${now}, ${now}, ${now}, ${classes.cancellationPolicy}, ${fromValues.mark}
    from (values ${sql.raw(VALUES_GO_HERE)}) as v join ${classes} on ${classes.id} = ${fromValues.classId}
    where ${isNull(classes.deletedAt)} and ${classes.priceCents} = ${fromValues.priceCents} and ${classes.ageGroup} = ${fromValues.ageGroup}
      and ${classes.coachId} = ${fromValues.coachId} and ${classes.isRecurring} = ${fromValues.isRecurring}
      and ${classes.startTime} is ${fromValues.startTime} and ${classes.parentClassId} is ${fromValues.parentClassId}
      and ${classes.capacity} >= ${fromValues.spots} + (select coalesce(sum(${bookings.quantity}), 0) from ${bookings} where ${bookings.classId} = ${fromValues.classId} and ${takesSpots(now)})
      and not exists (select 1 from ${bookings} where ${bookings.classId} = ${fromValues.classId} and ${bookings.userId} = ${fromValues.userId} and ${sql.raw(OPEN_BOOKING_STATUSES)})
      and not exists (select 1 from ${bookings} where ${dueTimedBooking(fromValues.classId, now)})
      and not exists (select 1 from ${waitlistEntries} where ${waitlistEntries.classId} = ${fromValues.classId} and ${entryIn(['waiting'])})
    returning ${returningAll}`);
  const [head, tail] = text.split(VALUES_GO_HERE) as [string, string];
  const headParams = head.split('?').length - 1;
  return { head, tail, before: params.slice(0, headParams), after: params.slice(headParams) };
})();

/** The group's INSERT of its bookings (bookingsInsertShape), for SQLite's bound-parameter limit in a few statements
 * past ROWS_PER_INSERT bookings (MAX_GROUP keeps a group to one). */
function bookingsInsert(planned: Planned[], now: Date): InStatement[] {
  const shape = bookingsInsertShape;
  const fill = (params: unknown[]) => fillPlaceholders(params, { now: now.getTime() }) as InValue[];
  const statements: InStatement[] = [];
  for (let i = 0; i < planned.length; i += ROWS_PER_INSERT) {
    const rows = planned.slice(i, i + ROWS_PER_INSERT);
    // What the statement's bookings of each class take up to and including each one (the rows of an earlier
    // statement are in the table by then, counted by the SELECT).
    const spotsSoFar = new Map<number, number>();
    // Values as the driver stores them (each column's own mapping, as a bound Param would).
    const values = rows.flatMap(({ request, cls, mark }) => {
      const spots = (spotsSoFar.get(cls.id) ?? 0) + request.input.quantity;
      spotsSoFar.set(cls.id, spots);
      return [
        cls.id,
        request.customer.id,
        request.input.quantity,
        mark,
        spots,
        cls.priceCents,
        cls.ageGroup,
        cls.coachId,
        classes.isRecurring.mapToDriverValue(cls.isRecurring) as InValue,
        cls.startTime === null ? null : (classes.startTime.mapToDriverValue(cls.startTime) as InValue),
        cls.parentClassId,
      ];
    });
    statements.push({
      sql: shape.head + rows.map(() => ROW_SLOTS).join(', ') + shape.tail,
      args: [...fill(shape.before), ...values, ...fill(shape.after)],
    });
  }
  return statements;
}

/** Rows per INSERT: 11 values each, well under SQLite's bound-parameter limit (32,766). */
const ROWS_PER_INSERT = 1_000;

/** The rows beside the bookings the batch inserted, one statement per table for the whole group, each row joined to
 * its booking by the booking's mark (a booking whose INSERT did not happen has no marked row, so gets nothing):
 * confirmations in the outbox, attendees, waiver acceptances, emergency contacts and medical notes; then the marks
 * are cleared. */
function groupStatements(planned: Planned[], batchMark: string, now: Date): InStatement[] {
  const at = now.getTime();
  // Every mark of this batch, and no other: the strings from `batchMark` up to its last character's successor.
  const marked = sql`${bookings.paymentIntentId} >= ${batchMark} and ${bookings.paymentIntentId} < ${`${batchMark.slice(0, -1)};`}`;
  const names = (columns: { name: string }[]) =>
    sql.join(
      columns.map((column) => sql.identifier(column.name)),
      sql`, `,
    );
  /** INSERT INTO table (booking_id, ...columns) the rows, each `[mark, ...values]`, for the marked bookings. */
  const besideBookings = (table: SQLiteTable, columns: { name: string }[], rows: unknown[][]): InStatement[] => {
    if (rows.length === 0) return [];
    const values = sql.join(
      rows.map(
        (row) =>
          sql`(${sql.join(
            row.map((value) => sql`${value}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
    const picked = sql.raw(columns.map((_, i) => `v.column${i + 2}`).join(', '));
    return [
      statementOf(sql`insert into ${table} (${sql.identifier('booking_id')}, ${names(columns)})
        select ${bookings.id}, ${picked} from (values ${values}) as v join ${bookings} on ${bookings.paymentIntentId} = v.column1`),
    ];
  };
  const o = bookingOutbox;
  const w = waiverAcceptances;
  return [
    statementOf(sql`insert into ${o} (${names([o.kind, o.bookingId, o.dueAt, o.createdAt])})
      select ${'booking_confirmed'}, ${bookings.id}, ${at}, ${at} from ${bookings} where ${marked}`),
    ...besideBookings(
      bookingAttendees,
      [bookingAttendees.position, bookingAttendees.name, bookingAttendees.age],
      planned.flatMap(({ mark, attendees }) => attendees.map((a) => [mark, a.position, a.name, a.age])),
    ),
    ...besideBookings(
      w,
      [w.position, w.attendeeName, w.waiverId, w.version, w.textHash, w.acceptedBy, w.relation, w.ipAddress, w.userAgent, w.acceptedAt],
      planned.flatMap(({ mark, accepted }) =>
        accepted.acceptances.map((a) => [
          mark,
          a.position,
          a.attendeeName,
          a.waiverId,
          a.version,
          a.textHash,
          a.acceptedBy,
          a.relation,
          a.ipAddress,
          a.userAgent,
          a.acceptedAt.getTime(),
        ]),
      ),
    ),
    ...besideBookings(
      emergencyContacts,
      [emergencyContacts.name, emergencyContacts.phone, emergencyContacts.createdAt],
      planned.flatMap(({ mark, accepted }) => (accepted.contact ? [[mark, accepted.contact.name, accepted.contact.phone, at]] : [])),
    ),
    ...besideBookings(
      medicalNotes,
      [medicalNotes.position, medicalNotes.note],
      planned.flatMap(({ mark, accepted }) => accepted.notes.map((n) => [mark, n.position, n.note])),
    ),
    statementOf(sql`update ${bookings} set ${sql.identifier(bookings.paymentIntentId.name)} = null where ${marked}`),
  ];
}

/** A RETURNING row as Drizzle would map it. */
function bookingOf(row: Row): BookingRow {
  const booking: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(bookingColumns)) {
    const value = row[column.name];
    booking[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  // The row as it is once the batch has committed: its mark cleared (groupStatements).
  booking.paymentIntentId = null;
  return booking as BookingRow;
}
