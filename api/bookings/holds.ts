// Payment holds (used by api/payments): a paid booking reserves its spots for 15 minutes while the customer
// pays; a reloaded checkout reuses its hold, another quantity replaces it, and holds nobody paid expire
// (./expiry.ts). A hold that an accepted waitlist offer became keeps the amount offered.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, waitlistEntries } from '../../db/schema';
import type { AttendeeInput } from '../attendees/model';
import { checkAttendees, saveAttendees } from '../attendees/service';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, conflict } from '../errors';
import { priceBreakdown } from '../lib/money';
import { writeBookingSpots } from '../waitlist/offers';
import { applyTransition } from '../spots/booking-states';
import { checkCapacity, holdExpiry } from '../spots/policy';
import { ALREADY_BOOKED, activeBookingOf, OFFER_OPEN, loadBookableClass, PRICE_CHANGED, refusingDuplicates } from './queries';
import { spotsTaken } from '../spots/taken';
import type { BookingRow, ClassRow } from './shape';

export interface HoldResult {
  booking: BookingRow;
  cls: ClassRow;
  /** An earlier live hold of the same quantity that is simply reused (checkout reloaded). */
  reused: boolean;
  /** The intent of a hold this one replaced: the caller cancels it at the provider. */
  replacedIntentId: string | null;
}

/** The hold an accepted waitlist offer became: it keeps the amount offered, whatever the price is now. */
async function isAcceptedOffer(tx: Tx, bookingId: number): Promise<boolean> {
  return (await tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.bookingId, bookingId)).get()) !== undefined;
}

/** Reserves spots for a paid booking for 15 minutes, in one write transaction with the capacity check. The
 * amount is recomputed here from the stored price; a client total that differs is refused. Attendees may be
 * named later (the checkout page asks for the intent first, then names them before paying): without them, a
 * reused hold keeps the names it has. */
export async function placeHold(
  ctx: AppContext,
  user: SessionUser,
  input: { classId: number; quantity: number; clientTotalCents: number; attendees?: AttendeeInput[] },
): Promise<HoldResult> {
  const { quantity } = input;
  const now = ctx.clock.now();
  return refusingDuplicates(() =>
    writeBookingSpots(ctx, input.classId, async (tx) => {
      const cls = await loadBookableClass(tx, input.classId, user, now);
      if (cls.priceCents === 0) throw badRequest('This class is free: book it directly, no payment needed.');
      const attendees = input.attendees === undefined ? null : checkAttendees(input.attendees, quantity, cls.ageGroup, user);
      const existing = await activeBookingOf(tx, user.id, cls.id);
      let replacedIntentId: string | null = null;
      if (existing?.status === 'confirmed') throw conflict(ALREADY_BOOKED);
      if (existing?.status === 'offered') throw conflict(OFFER_OPEN);
      if (existing && existing.quantity === quantity && (existing.amountCents === input.clientTotalCents || (await isAcceptedOffer(tx, existing.id)))) {
        // Reloading checkout keeps the same hold and intent (so a payment in flight is never lost), renewed; a
        // hold from an accepted waitlist offer keeps the amount offered, whatever total the page computed.
        const holdExpiresAt = new Date(Math.max(existing.holdExpiresAt?.getTime() ?? 0, holdExpiry(now).getTime()));
        const [renewed] = await tx.update(bookings).set({ holdExpiresAt }).where(eq(bookings.id, existing.id)).returning();
        if (attendees) await saveAttendees(tx, existing.id, attendees);
        return { booking: renewed!, cls, reused: existing.paymentIntentId !== null, replacedIntentId: null };
      }
      const price = priceBreakdown(cls.priceCents, quantity);
      if (price.totalCents !== input.clientTotalCents) throw conflict(PRICE_CHANGED);
      if (existing) {
        await applyTransition(tx, existing, 'replaceHold', 'customer', { cancelledAt: now });
        replacedIntentId = existing.paymentIntentId;
      }
      checkCapacity(cls.capacity, await spotsTaken(tx, cls.id, now), quantity);
      const booking = await applyTransition(tx, 'new', 'hold', 'customer', {
        classId: cls.id,
        userId: user.id,
        quantity,
        subtotalCents: price.subtotalCents,
        serviceFeeCents: price.serviceFeeCents,
        amountCents: price.totalCents,
        holdExpiresAt: holdExpiry(now),
      });
      if (attendees) await saveAttendees(tx, booking.id, attendees);
      return { booking, cls, reused: false, replacedIntentId };
    }),
  );
}

export async function attachIntent(ctx: AppContext, bookingId: number, intentId: string): Promise<void> {
  await ctx.db.write((tx) => tx.update(bookings).set({ paymentIntentId: intentId }).where(eq(bookings.id, bookingId)));
}

/** The provider could not create the intent: the hold is released at once. */
export async function releaseHold(ctx: AppContext, bookingId: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.write((tx) => applyTransition(tx, { id: bookingId }, 'failPayment', 'system', { cancelledAt: now }));
}
