// Emails waiting to be sent, written in the same transaction as what they tell of:
// - change notices waiting for their window to end (api/notices/changes.ts): one row per person and class moved,
//   keeping the class's time and place from before the window's first change, so one email tells the net change;
// - the booking outbox (api/notices/outbox.ts): a booking's confirmation (with its .ics), sent by a worker
//   within seconds of the commit, so a process that dies after answering 201 loses nothing.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { userRef } from './accounts';
import { bookings } from './bookings';
import { classRef } from './catalog';
import { createdAt } from './columns';

/** What a change notice compares: a class's time and place. */
export interface ClassPlaceAndTime {
  startTime: number | null;
  endTime: number | null;
  duration: number;
  location: string | null;
  address: string | null;
}

export const pendingChangeNotices = sqliteTable(
  'pending_change_notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userRef('user_id'),
    classId: classRef('class_id'),
    /** Booked (rather than waiting) when a change was made. */
    booked: integer('booked', { mode: 'boolean' }).notNull(),
    before: text('before', { mode: 'json' }).$type<ClassPlaceAndTime>().notNull(),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pending_change_notices_person_class_idx').on(t.userId, t.classId),
    index('pending_change_notices_due_idx').on(t.dueAt),
  ],
);

/** What a booking outbox row asks the worker to send. */
export const OUTBOX_KINDS = ['booking_confirmed'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const bookingOutbox = sqliteTable(
  'booking_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Epoch ms: not tried before this (now at first, later the retry's backoff). */
    dueAt: integer('due_at').notNull(),
    /** Epoch ms: a worker claimed the row until then; another may take it only after (its process died). */
    claimedUntil: integer('claimed_until').notNull().default(0),
    claimedBy: text('claimed_by'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('booking_outbox_due_idx').on(t.dueAt)],
);
