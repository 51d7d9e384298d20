// The booking lifecycle (part of the booking domain, api/spots) as an explicit state machine: the states a booking can be in, every transition, who
// may fire it and why. `applyTransition` is the only writer of bookings.status (and of cancelReason, which
// names the cancelled states): a conditional UPDATE ... WHERE status IN (from), so two racing writers can
// never both move the same booking. Payment transitions are fired by the server only, after asking the
// payment provider. A new state (the waitlist's offers, say) is one entry in BOOKING_STATES and its
// transitions one entry each in BOOKING_TRANSITIONS.
import { and, eq, getTableName, isNull, or, SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { insertRows, rowsOf, runInWrite, SqlValue } from '../../db/insert-rows';
import { type BookingStatus, bookings, classes } from '../../db/schema';
import { conflict, forbidden } from '../errors';
import { HOLD_MINUTES } from './policy';

export type BookingRow = typeof bookings.$inferSelect;
export type Actor = 'customer' | 'coach' | 'admin' | 'system';
export const ACTORS: readonly Actor[] = ['customer', 'coach', 'admin', 'system'];

/** Why a booking ended up cancelled (bookings.cancelReason): each one is its own state below. */
export type CancelReason =
  | 'customer'
  | 'class_deleted'
  | 'hold_expired'
  | 'replaced'
  | 'payment_failed'
  | 'payment_late'
  | 'offer_declined'
  | 'offer_expired'
  | 'moved';

/** Every state a booking can be in, as the (status, cancelReason) pair stored for it. */
export const BOOKING_STATES = {
  hold: { status: 'pending', reason: null },
  confirmed: { status: 'confirmed', reason: null },
  cancelledByCustomer: { status: 'cancelled', reason: 'customer' },
  cancelledClassDeleted: { status: 'cancelled', reason: 'class_deleted' },
  holdExpired: { status: 'cancelled', reason: 'hold_expired' },
  holdReplaced: { status: 'cancelled', reason: 'replaced' },
  paymentFailed: { status: 'cancelled', reason: 'payment_failed' },
  latePaymentRefunded: { status: 'cancelled', reason: 'payment_late' },
  offered: { status: 'offered', reason: null },
  offerDeclined: { status: 'cancelled', reason: 'offer_declined' },
  offerExpired: { status: 'cancelled', reason: 'offer_expired' },
  movedToOfferedSession: { status: 'cancelled', reason: 'moved' },
} as const satisfies Record<string, { status: BookingStatus; reason: CancelReason | null }>;

export type BookingState = keyof typeof BOOKING_STATES;
/** A transition either opens a booking ('new') or moves one from a state. */
export type FromState = BookingState | 'new';

interface Transition {
  from: readonly FromState[];
  to: BookingState;
  by: readonly Actor[];
  why: string;
}

export const BOOKING_TRANSITIONS = {
  bookFree: {
    from: ['new'],
    to: 'confirmed',
    by: ['customer'],
    why: 'A free class (price 0) needs no payment, so the booking is confirmed at once.',
  },
  bookWithPass: {
    from: ['new'],
    to: 'confirmed',
    by: ['customer'],
    why: "Paid with a pass: its credits (or an unlimited membership, paid up) are taken in the booking's own write, so nothing is left to charge and the booking is confirmed at once (api/spots/pass-credits.ts).",
  },
  hold: {
    from: ['new'],
    to: 'hold',
    by: ['customer'],
    why: `A paid booking starts as a payment hold that keeps its spots for ${HOLD_MINUTES} minutes while the customer pays.`,
  },
  confirmPayment: {
    from: ['hold'],
    to: 'confirmed',
    by: ['system'],
    why: "The payment provider says the intent succeeded for this booking's amount and user (confirm call or webhook).",
  },
  confirmLatePayment: {
    from: ['hold', 'holdExpired'],
    to: 'confirmed',
    by: ['system'],
    why: 'The payment succeeded after the hold ran out, and spots remain: the customer keeps what they paid for.',
  },
  refundLatePayment: {
    from: ['hold', 'holdExpired'],
    to: 'latePaymentRefunded',
    by: ['system'],
    why: 'The payment succeeded after the class started (hold running or not), or after the hold ran out and the class filled up or was booked again: everything paid goes back.',
  },
  expireHold: {
    from: ['hold'],
    to: 'holdExpired',
    by: ['system'],
    why: `Nobody paid within ${HOLD_MINUTES} minutes: the spots go back to other customers.`,
  },
  replaceHold: {
    from: ['hold'],
    to: 'holdReplaced',
    by: ['customer'],
    why: 'The customer started checkout again with another quantity: the old hold gives way to the new one.',
  },
  failPayment: {
    from: ['hold'],
    to: 'paymentFailed',
    by: ['system'],
    why: 'The payment provider could not open a payment for the hold: its spots are released at once.',
  },
  cancelByCustomer: {
    from: ['hold', 'confirmed'],
    to: 'cancelledByCustomer',
    by: ['customer', 'admin'],
    why: "The booking's owner cancels it, before the class starts, and the FAQ refund policy applies; or an admin does it for them (support), refunding what they decide, at most what was paid.",
  },
  offerSpots: {
    from: ['new'],
    to: 'offered',
    by: ['system'],
    why: 'Spots freed up and a waitlist entry is the first waiting one they fit: they are held for it until its offer ends (api/spots/release.ts).',
  },
  acceptFreeOffer: {
    from: ['offered'],
    to: 'confirmed',
    by: ['customer'],
    why: 'The person on the waitlist said yes to an offer for a free class: the held spots are booked.',
  },
  acceptOfferWithPass: {
    from: ['offered'],
    to: 'confirmed',
    by: ['customer'],
    why: 'The person on the waitlist said yes to an offer for a paid class and paid it with a pass: its credits (or an unlimited membership, paid up) are taken in the same write, nothing is left to charge, so the held spots are booked at once (api/spots/pass-credits.ts).',
  },
  acceptPaidOffer: {
    from: ['offered'],
    to: 'hold',
    by: ['customer'],
    why: 'The person on the waitlist said yes to an offer for a paid class: the held spots become the payment hold, at the price offered, until they pay.',
  },
  declineOffer: {
    from: ['offered'],
    to: 'offerDeclined',
    by: ['customer'],
    why: 'The person on the waitlist said no (or left it): the spots pass to the next in line.',
  },
  expireOffer: {
    from: ['offered'],
    to: 'offerExpired',
    by: ['system'],
    why: 'Nobody answered the offer before its deadline: the spots pass to the next in line, nothing was charged.',
  },
  cancelForDeletedClass: {
    from: ['hold', 'confirmed', 'offered'],
    to: 'cancelledClassDeleted',
    by: ['coach', 'admin', 'system'],
    why: 'The coach or an admin deleted the class (the system, for a payment that lands after it): every booking is cancelled with a full refund.',
  },
  moveToOfferedSession: {
    from: ['confirmed'],
    to: 'movedToOfferedSession',
    by: ['customer'],
    why: 'The coach offered another session for the weather and the customer moved there: this booking ends without a refund, its payment (and amount) carried over to the new booking (api/spots/offered-move.ts).',
  },
  bookOfferedSession: {
    from: ['new'],
    to: 'confirmed',
    by: ['customer'],
    why: 'The booking a weather move opens on the offered session: confirmed at once with the same spots, people and payment as the booking it replaces.',
  },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof BOOKING_TRANSITIONS;
export type OpeningTransition = {
  [K in TransitionName]: (typeof BOOKING_TRANSITIONS)[K]['from'] extends readonly ['new'] ? K : never;
}[TransitionName];
export type MovingTransition = Exclude<TransitionName, OpeningTransition>;

/** The state a stored booking is in. */
export function stateOf(row: Pick<BookingRow, 'status' | 'cancelReason'>): BookingState {
  const sameStatus = (Object.keys(BOOKING_STATES) as BookingState[]).filter((s) => BOOKING_STATES[s].status === row.status);
  const found = sameStatus.length === 1 ? sameStatus[0] : sameStatus.find((s) => BOOKING_STATES[s].reason === row.cancelReason);
  if (found) return found;
  // Older rows cancelled without a reason were cancelled by their customer.
  if (row.status === 'cancelled') return 'cancelledByCustomer';
  throw new Error(`The booking lifecycle has no state for status "${row.status}"`);
}

export function canTransition(from: FromState, name: TransitionName, actor: Actor): boolean {
  const rule: Transition = BOOKING_TRANSITIONS[name];
  return rule.from.includes(from) && rule.by.includes(actor);
}

/** Refuses a move the table does not allow: 403 for an actor who may not fire it, 409 for a booking that is
 * not in a state it can happen from. */
export function assertTransition(from: FromState, name: TransitionName, actor: Actor): void {
  const rule: Transition = BOOKING_TRANSITIONS[name];
  if (!rule.by.includes(actor)) throw forbidden('You are not allowed to change this booking.');
  if (!rule.from.includes(from)) {
    throw conflict(
      BOOKING_STATES[from as BookingState]?.status === 'cancelled'
        ? 'This booking has already been cancelled.'
        : 'This booking cannot be changed any more.',
    );
  }
}

/** SQL condition: the booking is in one of these states. */
export function inStates(states: readonly FromState[]): SQL {
  const conditions = states
    .filter((s): s is BookingState => s !== 'new')
    .map((s) => {
      const { status, reason } = BOOKING_STATES[s];
      if (status !== 'cancelled') return eq(bookings.status, status);
      return and(eq(bookings.status, status), reason === null ? isNull(bookings.cancelReason) : eq(bookings.cancelReason, reason))!;
    });
  return conditions.length === 1 ? conditions[0]! : or(...conditions)!;
}

/** Is this stored booking in one of these states? (The JS twin of inStates, for a row already read.) */
export function isIn(row: Pick<BookingRow, 'status' | 'cancelReason'>, states: readonly BookingState[]): boolean {
  return states.includes(stateOf(row));
}

/** The open states: a customer has at most one booking in them per class (the bookings_one_active_idx unique
 * index), whether or not its hold or offer has run out yet. Which of them take spots: ./taken.ts. */
export const OPEN_STATES: readonly BookingState[] = ['hold', 'confirmed', 'offered'];
/** SQL condition: an open booking (see OPEN_STATES). */
export const activeBooking: SQL = inStates(OPEN_STATES);

/** Every booking keeps a copy of the cancellation policy it was booked under (issue 20): the class's, copied by
 * the very insert that creates the booking, so no later change to the class or its coach alters its terms. */
function bookedPolicy(classId: number): SQL {
  return sql`(select ${classes.cancellationPolicy} from ${classes} where ${classes.id} = ${classId})`;
}

type NewBooking = Omit<typeof bookings.$inferInsert, 'id' | 'status' | 'cancelReason'>;
/** Every other column a transition may set with the status (confirmedAt, refundAmountCents, ...). */
export type TransitionPatch = Partial<Omit<BookingRow, 'id' | 'status' | 'cancelReason' | 'classId' | 'userId' | 'createdAt'>>;

/**
 * The only writer of bookings.status. With 'new' it inserts the booking an opening transition creates; with a
 * booking it moves that one booking if (and only if) it is still in a state the transition starts from,
 * answering the updated row or null when someone else moved it first; with an SQL condition it moves every
 * matching booking that is in such a state (the lazy hold sweep). The actor is checked against the table.
 */
export async function applyTransition(
  tx: Tx,
  target: 'new',
  name: OpeningTransition,
  actor: Actor,
  values: NewBooking,
): Promise<BookingRow>;
export async function applyTransition(
  tx: Tx,
  target: Pick<BookingRow, 'id'>,
  name: MovingTransition,
  actor: Actor,
  patch?: TransitionPatch,
): Promise<BookingRow | null>;
export async function applyTransition(
  tx: Tx,
  target: SQL,
  name: MovingTransition,
  actor: Actor,
  patch?: TransitionPatch,
): Promise<BookingRow[]>;
export async function applyTransition(
  tx: Tx,
  target: 'new' | Pick<BookingRow, 'id'> | SQL,
  name: TransitionName,
  actor: Actor,
  patch: TransitionPatch | NewBooking = {},
): Promise<BookingRow | BookingRow[] | null> {
  const rule: Transition = BOOKING_TRANSITIONS[name];
  if (!rule.by.includes(actor)) throw forbidden('You are not allowed to change this booking.');
  const to = { status: BOOKING_STATES[rule.to].status, cancelReason: BOOKING_STATES[rule.to].reason };
  if (target === 'new') {
    if (!rule.from.includes('new')) throw new Error(`${name} does not open a booking`);
    const values = patch as NewBooking;
    const [row] = await tx
      .insert(bookings)
      .values({ cancellationPolicy: bookedPolicy(values.classId), ...values, ...to })
      .returning();
    return row!;
  }
  const from = inStates(rule.from);
  const many = target instanceof SQL;
  const rows = await tx
    .update(bookings)
    .set({ ...patch, ...to })
    .where(and(many ? target : eq(bookings.id, target.id), from))
    .returning();
  return many ? rows : (rows[0] ?? null);
}

/** Rows per multi-row INSERT of bookings (openBookings): about two dozen values each, well under SQLite's parameter limit. */
const BOOKINGS_PER_INSERT = 500;

/** applyTransition's opening of a booking for many at once (a group commit's plain bookings, ./book-bulk.ts): one
 * INSERT, each row copying its class's cancellation policy as applyTransition's does (the policy the caller read in
 * this transaction when it gives one, else read again per row). Answers the rows in the order
 * of `values`, whose (classId, userId) pairs are distinct (each is a customer's one open booking of the class). */
export async function openBookings(tx: Tx, name: OpeningTransition, actor: Actor, values: NewBooking[]): Promise<BookingRow[]> {
  const rule: Transition = BOOKING_TRANSITIONS[name];
  if (!rule.by.includes(actor)) throw forbidden('You are not allowed to change this booking.');
  if (!rule.from.includes('new')) throw new Error(`${name} does not open a booking`);
  const to = { status: BOOKING_STATES[rule.to].status, cancelReason: BOOKING_STATES[rule.to].reason };
  const key = (row: { classId: number; userId: number }) => `${row.classId}:${row.userId}`;
  const byKey = new Map<string, BookingRow>();
  for (let i = 0; i < values.length; i += BOOKINGS_PER_INSERT) {
    // As applyTransition's insert, without Drizzle's builder (db/insert-rows.ts): the group's rows are the hot path.
    const policyOf = (classId: number) =>
      new SqlValue(`(select "${classes.cancellationPolicy.name}" from "${getTableName(classes)}" where "${classes.id.name}" = ?)`, [
        classId,
      ]);
    const chunk = values.slice(i, i + BOOKINGS_PER_INSERT).map((row) => ({ cancellationPolicy: policyOf(row.classId), ...row, ...to }));
    const result = await runInWrite(tx, insertRows(bookings, chunk, { returning: true }));
    // RETURNING's order is not promised: each row is found by its class and customer.
    for (const row of rowsOf(bookings, result.rows)) byKey.set(key(row), row);
  }
  return values.map((row) => byKey.get(key(row))!);
}
