// Booking rules and workflows: free booking, payment holds, my bookings, cancellation with the FAQ refund
// policy, and cancelling every booking of deleted classes. Capacity is always checked and the booking
// written inside ONE serialized write transaction (ctx.db.write), so concurrent requests cannot oversell.
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { bookings, classes, reviews, users } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import { activeSpotsByClass } from '../catalog/spots';
import { isDeletedClass, liveClass } from '../classes/live';
import { isBookable } from '../classes/shape';
import type { AppContext } from '../context';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../errors';
import { centsToDollars, priceBreakdown } from '../lib/money';
import { sendBookingConfirmation, sendCancellationEmail } from './emails';
import {
  type CancelReason,
  checkCapacity,
  fullRefundDeadline,
  hasStarted,
  holdExpiry,
  holdIsLive,
  refundFor,
  transition,
} from './lifecycle';
import type { Booking, FreeBookingBody } from './model';

export type BookingRow = typeof bookings.$inferSelect;
export type ClassRow = typeof classes.$inferSelect;

// ---------------------------------------------------------------- shapes

/** What the customer has paid for a booking: its amount once confirmed (a hold has paid nothing yet). */
export function paidCents(row: Pick<BookingRow, 'status' | 'amountCents'>): number {
  return row.status === 'confirmed' ? row.amountCents : 0;
}

export function toBookingJson(row: BookingRow, cls: ClassRow, now: Date, reviewId: number | null = null): Booking {
  const paid = paidCents(row);
  const deadline = paid > 0 ? fullRefundDeadline(cls.startTime) : null;
  return {
    id: row.id,
    classId: row.classId,
    userId: row.userId,
    status: row.status,
    quantity: row.quantity,
    subtotal: centsToDollars(row.subtotalCents),
    serviceFee: centsToDollars(row.serviceFeeCents),
    amount: centsToDollars(row.amountCents),
    refundAmount: row.refundAmountCents === null ? null : centsToDollars(row.refundAmountCents),
    paymentIntentId: row.paymentIntentId,
    holdExpiresAt: row.status === 'pending' ? (row.holdExpiresAt?.toISOString() ?? null) : null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
    refundIfCancelledNow: row.status === 'cancelled' ? 0 : centsToDollars(refundFor(paid, cls.startTime, now)),
    fullRefundUntil: deadline?.toISOString() ?? null,
    reviewId,
    class: {
      id: cls.id,
      title: cls.title,
      startTime: cls.startTime?.toISOString() ?? null,
      endTime: cls.endTime?.toISOString() ?? null,
      location: cls.location,
      address: cls.address,
      image: cls.image,
      price: centsToDollars(cls.priceCents),
      coachId: cls.coachId,
      deleted: isDeletedClass(cls),
    },
  };
}

// ---------------------------------------------------------------- shared steps

/** The class a customer wants to book: it exists and was not deleted, is a bookable row (not a series
 * template), has not started. */
export async function loadBookableClass(db: Database | Tx, classId: number, now: Date): Promise<ClassRow> {
  const cls = await db.select().from(classes).where(liveClass(classId)).get();
  if (!cls) throw notFound('Class not found.');
  if (!isBookable(cls)) throw badRequest('This is a recurring series: book one of its sessions.');
  if (hasStarted(cls.startTime, now)) throw conflict('This class has already started and can no longer be booked.');
  return cls;
}

/** Lazy expiry: pending holds whose 15 minutes are over become cancelled (hold_expired). Their spots were
 * already free (activeSpotsByClass ignores them); this also lets the customer start a new checkout. */
export async function expireHolds(tx: Tx, now: Date, where: { classId?: number; userId?: number }): Promise<void> {
  const filters = [eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now)];
  if (where.classId !== undefined) filters.push(eq(bookings.classId, where.classId));
  if (where.userId !== undefined) filters.push(eq(bookings.userId, where.userId));
  await tx
    .update(bookings)
    .set({ status: transition('pending', 'expireHold', 'system'), cancelReason: 'hold_expired', cancelledAt: now })
    .where(and(...filters));
}

export async function activeBookingOf(db: Database | Tx, userId: number, classId: number): Promise<BookingRow | undefined> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.classId, classId), inArray(bookings.status, ['pending', 'confirmed'])))
    .get();
}

/** Spots taken by everyone else's active bookings (confirmed, plus holds still live). */
export async function spotsTaken(db: Database | Tx, classId: number, now: Date): Promise<number> {
  return (await activeSpotsByClass(db, [classId], now)).get(classId) ?? 0;
}

function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ''} ${String((error as { cause?: unknown })?.cause ?? '')}`;
  return /UNIQUE constraint failed/i.test(text);
}

/** One booking with its class (cancel, review). */
export function bookingWithClass(db: Database, bookingId: number) {
  return db.select({ booking: bookings, cls: classes }).from(bookings).innerJoin(classes, eq(classes.id, bookings.classId)).where(eq(bookings.id, bookingId)).get();
}

export const ALREADY_BOOKED = 'You have already booked this class.';
export const CLASS_GONE_REFUNDED = 'This class is no longer available, so your payment has been refunded in full.';

async function findUser(db: Database, userId: number) {
  return db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)).get();
}

export const OWN_CLASS = 'You teach this class, so you cannot book a spot in it.';

/** A coach never books (or pays themselves for) their own class: it would take a customer's spot. */
function refuseOwnClass(cls: ClassRow, user: SessionUser): void {
  if (cls.coachId === user.id) throw conflict(OWN_CLASS);
}

// ---------------------------------------------------------------- free booking

/** POST /api/bookings/free: only for price 0; confirmed at once. */
export async function bookFreeClass(ctx: AppContext, user: SessionUser, input: FreeBookingBody): Promise<Booking> {
  const now = ctx.clock.now();
  let created: { booking: BookingRow; cls: ClassRow };
  try {
    created = await ctx.db.write(async (tx) => {
      const cls = await loadBookableClass(tx, input.classId, now);
      refuseOwnClass(cls, user);
      if (cls.priceCents > 0) throw badRequest('This class is not free: please book it through checkout.');
      await expireHolds(tx, now, { classId: cls.id });
      if (await activeBookingOf(tx, user.id, cls.id)) throw conflict(ALREADY_BOOKED);
      checkCapacity(cls.capacity, await spotsTaken(tx, cls.id, now), input.quantity);
      const [booking] = await tx
        .insert(bookings)
        .values({
          classId: cls.id,
          userId: user.id,
          status: transition('new', 'bookFree', 'customer'),
          quantity: input.quantity,
          confirmedAt: now,
        })
        .returning();
      return { booking: booking!, cls };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_BOOKED);
    throw error;
  }
  await sendBookingConfirmation(ctx, created.booking, created.cls, user);
  return toBookingJson(created.booking, created.cls, now);
}

// ---------------------------------------------------------------- payment holds (used by api/payments)

export interface HoldResult {
  booking: BookingRow;
  cls: ClassRow;
  /** An earlier live hold of the same quantity that is simply reused (checkout reloaded). */
  reused: boolean;
  /** The intent of a hold this one replaced: the caller cancels it at the provider. */
  replacedIntentId: string | null;
}

export const PRICE_CHANGED = 'The price has changed. Please reload the page.';

/** Reserves spots for a paid booking for 15 minutes, in one write transaction with the capacity check. The
 * amount is recomputed here from the stored price; a client total that differs is refused. */
export async function placeHold(ctx: AppContext, user: SessionUser, input: { classId: number; quantity: number; clientTotalCents: number }): Promise<HoldResult> {
  const { classId, quantity } = input;
  const now = ctx.clock.now();
  try {
    return await ctx.db.write(async (tx) => {
      const cls = await loadBookableClass(tx, classId, now);
      refuseOwnClass(cls, user);
      if (cls.priceCents === 0) throw badRequest('This class is free: book it directly, no payment needed.');
      const price = priceBreakdown(cls.priceCents, quantity);
      if (price.totalCents !== input.clientTotalCents) throw conflict(PRICE_CHANGED);
      await expireHolds(tx, now, { classId: cls.id });
      const existing = await activeBookingOf(tx, user.id, cls.id);
      let replacedIntentId: string | null = null;
      if (existing?.status === 'confirmed') throw conflict(ALREADY_BOOKED);
      if (existing) {
        if (existing.quantity === quantity && existing.amountCents === price.totalCents && existing.paymentIntentId) {
          // Reloading checkout keeps the same hold and intent (so a payment in flight is never lost), renewed.
          const [renewed] = await tx.update(bookings).set({ holdExpiresAt: holdExpiry(now) }).where(eq(bookings.id, existing.id)).returning();
          return { booking: renewed!, cls, reused: true, replacedIntentId: null };
        }
        await tx
          .update(bookings)
          .set({ status: transition('pending', 'replaceHold', 'customer'), cancelReason: 'replaced', cancelledAt: now })
          .where(eq(bookings.id, existing.id));
        replacedIntentId = existing.paymentIntentId;
      }
      checkCapacity(cls.capacity, await spotsTaken(tx, cls.id, now), quantity);
      const [booking] = await tx
        .insert(bookings)
        .values({
          classId: cls.id,
          userId: user.id,
          status: transition('new', 'hold', 'customer'),
          quantity,
          subtotalCents: price.subtotalCents,
          serviceFeeCents: price.serviceFeeCents,
          amountCents: price.totalCents,
          holdExpiresAt: holdExpiry(now),
        })
        .returning();
      return { booking: booking!, cls, reused: false, replacedIntentId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_BOOKED);
    throw error;
  }
}

export async function attachIntent(ctx: AppContext, bookingId: number, intentId: string): Promise<void> {
  await ctx.db.write((tx) => tx.update(bookings).set({ paymentIntentId: intentId }).where(eq(bookings.id, bookingId)));
}

/** The provider could not create the intent: the hold is released at once. */
export async function releaseHold(ctx: AppContext, bookingId: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.write((tx) =>
    tx
      .update(bookings)
      .set({ status: 'cancelled', cancelReason: 'payment_failed', cancelledAt: now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending'))),
  );
}

// ---------------------------------------------------------------- settling a payment (confirm and webhook)

export type SettleOutcome =
  | { kind: 'confirmed'; booking: BookingRow; cls: ClassRow; newly: boolean }
  | { kind: 'closed'; booking: BookingRow; cls: ClassRow; message: string }
  | { kind: 'refund'; booking: BookingRow; cls: ClassRow; refundCents: number; message: string; newly: boolean };

/** The provider said the intent succeeded for this booking's amount: confirm it exactly once, or (late payment
 * and no spots, or a booking cancelled meanwhile) decide on a full refund, recorded before it is issued so that
 * replays never refund twice. */
export async function settlePaidBooking(ctx: AppContext, bookingId: number): Promise<SettleOutcome> {
  const now = ctx.clock.now();
  return ctx.db.write(async (tx) => {
    const booking = (await tx.select().from(bookings).where(eq(bookings.id, bookingId)).get())!;
    const cls = (await tx.select().from(classes).where(eq(classes.id, booking.classId)).get())!;
    if (booking.status === 'confirmed') return { kind: 'confirmed', booking, cls, newly: false };
    // Confirmed once and cancelled since: this payment was already settled by that cancellation.
    if (booking.confirmedAt !== null) return { kind: 'closed', booking, cls, message: 'This booking has been cancelled.' };
    const refundDecision = async (message: string, reason: CancelReason | null) => {
      if (booking.refundAmountCents !== null) return { kind: 'refund' as const, booking, cls, refundCents: booking.refundAmountCents, message, newly: false };
      const newly = true;
      const [row] = await tx
        .update(bookings)
        .set({
          status: 'cancelled',
          refundAmountCents: booking.amountCents,
          ...(reason ? { cancelReason: reason, cancelledAt: booking.cancelledAt ?? now } : {}),
        })
        .where(eq(bookings.id, booking.id))
        .returning();
      return { kind: 'refund' as const, booking: row!, cls, refundCents: booking.amountCents, message, newly };
    };
    // The class was deleted while the customer paid: never confirmed, everything paid goes back.
    if (isDeletedClass(cls)) return refundDecision(CLASS_GONE_REFUNDED, booking.status === 'cancelled' ? null : 'class_deleted');
    const live = holdIsLive(booking, now);
    const late = (booking.status === 'pending' && !live) || (booking.status === 'cancelled' && booking.cancelReason === 'hold_expired');
    if (booking.status === 'cancelled' && !late) {
      return refundDecision('This booking was cancelled before the payment completed, so your payment has been refunded in full.', null);
    }
    if (late) {
      const started = hasStarted(cls.startTime, now);
      const other = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.userId, booking.userId), eq(bookings.classId, booking.classId), inArray(bookings.status, ['pending', 'confirmed']), sql`${bookings.id} <> ${booking.id}`))
        .get();
      const taken = await spotsTaken(tx, cls.id, now);
      const ownLive = live ? booking.quantity : 0;
      if (started || other || Math.max(0, cls.capacity - (taken - ownLive)) < booking.quantity) {
        const message = other
          ? 'You already have a booking for this class, so this payment has been refunded in full.'
          : 'Your payment arrived after your 15-minute hold expired and the class filled up, so your payment has been refunded in full.';
        return refundDecision(message, 'payment_late');
      }
      const [row] = await tx
        .update(bookings)
        .set({ status: transition('cancelled', 'confirmLatePayment', 'system'), confirmedAt: now, holdExpiresAt: null, cancelReason: null, cancelledAt: null })
        .where(eq(bookings.id, booking.id))
        .returning();
      return { kind: 'confirmed', booking: row!, cls, newly: true };
    }
    const [row] = await tx
      .update(bookings)
      .set({ status: transition('pending', 'confirmPayment', 'system'), confirmedAt: now, holdExpiresAt: null })
      .where(eq(bookings.id, booking.id))
      .returning();
    return { kind: 'confirmed', booking: row!, cls, newly: true };
  });
}

export async function notifyConfirmed(ctx: AppContext, booking: BookingRow, cls: ClassRow): Promise<void> {
  const user = await findUser(ctx.db, booking.userId);
  if (user) await sendBookingConfirmation(ctx, booking, cls, user);
}

export async function notifyRefundedLatePayment(ctx: AppContext, booking: BookingRow, cls: ClassRow, refundCents: number): Promise<void> {
  const user = await findUser(ctx.db, booking.userId);
  if (user) await sendCancellationEmail(ctx, booking, cls, user, refundCents, booking.cancelReason === 'class_deleted' ? 'class_deleted' : 'payment_late');
}

// ---------------------------------------------------------------- my bookings

/** How a hold that was never paid can end (a class deleted during checkout included). */
const UNPAID_ENDINGS = ['hold_expired', 'replaced', 'payment_failed', 'class_deleted'];

/** GET /api/bookings: the user's bookings with the embedded class, newest class first, deleted classes
 * included (class.deleted), so a booking the coach cancelled keeps its refund. Holds that ended without a
 * payment are left out (they never were bookings for the customer). */
export async function listBookings(ctx: AppContext, user: SessionUser): Promise<Booking[]> {
  const now = ctx.clock.now();
  const db = ctx.db;
  const stale = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, user.id), eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now)))
    .get();
  if (stale) await ctx.db.write((tx) => expireHolds(tx, now, { userId: user.id }));
  const rows = await db
    .select({ booking: bookings, cls: classes, reviewId: reviews.id })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(eq(bookings.userId, user.id))
    .orderBy(desc(classes.startTime), desc(bookings.id));
  return rows
    .filter(({ booking }) => !(booking.status === 'cancelled' && UNPAID_ENDINGS.includes(booking.cancelReason ?? '') && booking.refundAmountCents === null))
    .map(({ booking, cls, reviewId }) => toBookingJson(booking, cls, now, reviewId));
}

// ---------------------------------------------------------------- cancellation

/** Issues a refund through the provider; the idempotency key makes a repeated call refund once. */
async function issueRefund(ctx: AppContext, booking: BookingRow, cents: number): Promise<void> {
  if (cents <= 0) return;
  if (!booking.paymentIntentId) {
    console.warn(`[bookings] booking ${booking.id} has no payment intent (demo data?): no refund sent to the provider`);
    return;
  }
  try {
    await ctx.payments.refund(booking.paymentIntentId, cents, `refund-booking-${booking.id}`);
  } catch (error) {
    console.error('[bookings] refund failed', booking.id, error);
    throw new DomainError(502, 'The refund could not be issued right now. Please try again in a moment.');
  }
}

/** PUT /api/bookings/{id}/cancel: only the owner, before the class starts; refund by the FAQ policy. */
export async function cancelBooking(ctx: AppContext, user: SessionUser, bookingId: number): Promise<Booking> {
  const now = ctx.clock.now();
  const found = await bookingWithClass(ctx.db, bookingId);
  if (!found) throw notFound('Booking not found.');
  if (found.booking.userId !== user.id) throw forbidden('You can only cancel your own bookings.');
  const { booking, cls } = found;
  transition(booking.status, 'cancelByCustomer', 'customer');
  if (hasStarted(cls.startTime, now)) throw conflict('This class has already started, so the booking can no longer be cancelled.');
  const paid = paidCents(booking);
  const refundCents = refundFor(paid, cls.startTime, now);
  // Refund first: if anything fails after it, the customer has their money and may simply try again.
  await issueRefund(ctx, booking, refundCents);
  const updated = await ctx.db.write(async (tx) => {
    const current = (await tx.select().from(bookings).where(eq(bookings.id, booking.id)).get())!;
    if (current.status === 'cancelled') return null;
    const [row] = await tx
      .update(bookings)
      .set({
        status: transition(current.status, 'cancelByCustomer', 'customer'),
        cancelReason: 'customer',
        cancelledAt: now,
        holdExpiresAt: null,
        refundAmountCents: refundCents,
      })
      .where(eq(bookings.id, booking.id))
      .returning();
    return row!;
  });
  if (!updated) throw conflict('This booking has already been cancelled.');
  if (booking.status === 'pending' && booking.paymentIntentId) await ctx.payments.cancelIntent(booking.paymentIntentId);
  await sendCancellationEmail(ctx, updated, cls, user, refundCents, 'customer');
  return toBookingJson(updated, cls, now);
}

/** For the class-deletion flow (coach or admin): cancels every active booking of those classes, refunds
 * everything paid through the provider, stores refundAmountCents (null for an unpaid hold, so a payment that
 * still arrives is refunded in full) and emails each customer. Call it BEFORE marking the classes deleted. A
 * refund that fails stops with a 502 (the class must not be deleted then); bookings handled so far stay
 * cancelled and refunded, so calling again finishes the rest. */
export async function cancelClassBookings(ctx: AppContext, classIds: number[], reason: 'class_deleted'): Promise<{ cancelled: number; refunded: number }> {
  if (classIds.length === 0) return { cancelled: 0, refunded: 0 };
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ booking: bookings, cls: classes, email: users.email, firstName: users.firstName })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(inArray(bookings.classId, classIds), inArray(bookings.status, ['pending', 'confirmed'])));
  let cancelled = 0;
  let refundedCents = 0;
  for (const { booking, cls, email, firstName } of rows) {
    transition(booking.status, 'cancelForDeletedClass', 'admin');
    const paid = paidCents(booking);
    await issueRefund(ctx, booking, paid);
    const updated = await ctx.db.write(async (tx) => {
      const [row] = await tx
        .update(bookings)
        .set({ status: 'cancelled', cancelReason: reason, cancelledAt: now, holdExpiresAt: null, refundAmountCents: booking.status === 'confirmed' ? paid : null })
        .where(and(eq(bookings.id, booking.id), inArray(bookings.status, ['pending', 'confirmed'])))
        .returning();
      return row;
    });
    if (!updated) continue;
    if (booking.status === 'pending' && booking.paymentIntentId) await ctx.payments.cancelIntent(booking.paymentIntentId);
    cancelled++;
    refundedCents += paid;
    await sendCancellationEmail(ctx, updated, cls, { email, firstName }, paid, reason);
  }
  return { cancelled, refunded: centsToDollars(refundedCents) };
}
