// Waivers (issue 24, item 2): the platform's and a coach's own, versioned (a new version is a new row and is
// asked again); each acceptance for each attendee of a booking; the booking's emergency contact and the
// attendees' medical notes (shown only to the class's coach).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { bookings } from './bookings';

export const waivers = sqliteTable(
  'waivers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // null: the platform's waiver, asked for every class; otherwise the coach's own, asked for their classes.
    coachId: integer('coach_id').references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('waivers_owner_version_idx').on(t.coachId, t.version)],
);

export const WAIVER_RELATIONS = ['self', 'guardian', 'companion'] as const;
export type WaiverRelation = (typeof WAIVER_RELATIONS)[number];

// One row per waiver accepted for one attendee (a spot) of a booking: what exactly was accepted (version and the
// SHA-256 of its text), by whom, for whom, when, from which address and browser. Append-only.
export const waiverAcceptances = sqliteTable(
  'waiver_acceptances',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    attendeeName: text('attendee_name').notNull(),
    waiverId: integer('waiver_id')
      .notNull()
      .references(() => waivers.id),
    version: integer('version').notNull(),
    textHash: text('text_hash').notNull(),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    // self: the attendee accepted; guardian: the booker for a child; companion: the booker for an adult friend.
    relation: text('relation', { enum: WAIVER_RELATIONS }).notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('waiver_acceptances_booking_idx').on(t.bookingId, t.position)],
);

export const emergencyContacts = sqliteTable('emergency_contacts', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  createdAt: createdAt(),
});

export const medicalNotes = sqliteTable(
  'medical_notes',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    note: text('note').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.position] })],
);
