// Who comes: bookings and their lifecycle states, waitlist entries, the named attendees of each spot, and the reviews a booking allows.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, type StoredPolicy, updatedAt } from './columns';
import { userRef, users } from './accounts';
import { classes, classRef } from './catalog';
import { promoCodes } from './promo';

// 'offered': spots held for a waitlist entry until its offer ends (api/waitlist); it becomes a booking only when accepted.
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'offered'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const ATTENDANCE_STATUSES = ['present', 'no_show'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** The statuses of an open booking (pending, confirmed, offered), as the SQL text of `bookings_one_active_idx`'s
 * condition: SQLite uses that partial index only for a query whose WHERE holds this very text (with the statuses
 * bound as parameters, it cannot know the index applies). */
export const OPEN_BOOKING_STATUSES = "status in ('pending', 'confirmed', 'offered')";

export const bookings = sqliteTable(
  'bookings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    classId: classRef('class_id'),
    userId: userRef('user_id'),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    quantity: integer('quantity').notNull().default(1),
    subtotalCents: integer('subtotal_cents').notNull().default(0), // price x quantity
    serviceFeeCents: integer('service_fee_cents').notNull().default(0), // 5% of subtotal
    amountCents: integer('amount_cents').notNull().default(0), // what the customer pays
    // A promo code (issue 20): what it took off price x quantity, who funds it, and the coach's payout the quote
    // computed (api/lib/quote.ts). payout_cents null: a booking from before, 85% of subtotal_cents.
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    discountCents: integer('discount_cents').notNull().default(0),
    discountFundedBy: text('discount_funded_by', { enum: ['coach', 'platform'] }),
    payoutCents: integer('payout_cents'),
    holdExpiresAt: integer('hold_expires_at', { mode: 'timestamp_ms' }), // pending holds only
    paymentIntentId: text('payment_intent_id').unique(),
    refundAmountCents: integer('refund_amount_cents'),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    cancelReason: text('cancel_reason'), // customer | class_deleted | hold_expired | payment_late
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    // The coach or an admin moved the class (start, duration or place) while this booking was active: the
    // customer may cancel with a full refund until the class starts, whatever the 48-hour rule says.
    classChangedAt: integer('class_changed_at', { mode: 'timestamp_ms' }),
    // A copy of the class's cancellation policy, written by the insert that creates the booking: later changes
    // never alter its terms (null: booked before policies, the 48-hour rule).
    cancellationPolicy: text('cancellation_policy', { mode: 'json' }).$type<StoredPolicy>(),
    // Coach credit spent on this booking (part of amount_cents; the card paid the rest), and credit given back for
    // it when cancelled (coach_credits holds each movement; these keep the booking's own sums in its row).
    creditAppliedCents: integer('credit_applied_cents').notNull().default(0),
    creditIssuedCents: integer('credit_issued_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // With the hold's end and the quantity, counting a class's spots taken (api/spots/taken.ts, every booking's
    // capacity check) reads only this index, never the rows (issue 23).
    index('bookings_class_status_idx').on(t.classId, t.status, t.holdExpiresAt, t.quantity),
    index('bookings_user_idx').on(t.userId),
    index('bookings_promo_code_idx').on(t.promoCodeId),
    // one active (pending, confirmed or offered) booking per customer per class
    uniqueIndex('bookings_one_active_idx').on(t.classId, t.userId).where(sql.raw(OPEN_BOOKING_STATUSES)),
  ],
);

export const WAITLIST_STATUSES = ['waiting', 'offered', 'accepted', 'declined', 'expired', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

// People waiting for spots in a full class, in the order they joined (api/waitlist). When spots free up, the
// first waiting entry whose quantity fits gets an offer: a booking row in the 'offered' state that holds the
// spots until offer_expires_at; accepting turns it into a booking (free) or a payment hold (paid).
export const waitlistEntries = sqliteTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    classId: classRef('class_id'),
    userId: userRef('user_id'),
    quantity: integer('quantity').notNull().default(1),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }), // the offer's hold
    offeredAt: integer('offered_at', { mode: 'timestamp_ms' }),
    offerExpiresAt: integer('offer_expires_at', { mode: 'timestamp_ms' }),
    offerNotifiedAt: integer('offer_notified_at', { mode: 'timestamp_ms' }), // the offer email went out
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }), // accepted, declined, expired or left
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('waitlist_class_status_idx').on(t.classId, t.status, t.id),
    index('waitlist_user_idx').on(t.userId),
    // one open (waiting or offered) entry per customer per class
    uniqueIndex('waitlist_one_open_idx').on(t.classId, t.userId).where(sql`status in ('waiting', 'offered')`),
  ],
);

// The people behind a booking's spots, in the order the booker named them (position 0 is the first spot).
// A booking made before names were asked has no rows: its spots read as the booker and their guests, and
// recording attendance writes the row. Attendance is set by the class's coach or an admin at the session.
export const bookingAttendees = sqliteTable(
  'booking_attendees',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    age: integer('age'), // asked for Kids classes
    attendance: text('attendance', { enum: ATTENDANCE_STATUSES }),
    attendanceAt: integer('attendance_at', { mode: 'timestamp_ms' }),
    attendanceBy: integer('attendance_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.position] })],
);

export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    classId: classRef('class_id'),
    bookingId: integer('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    coachId: userRef('coach_id'),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('reviews_coach_idx').on(t.coachId, t.updatedAt), index('reviews_user_idx').on(t.userId)],
);
