// Payment holds (used by api/payments): a paid booking reserves its spots for 15 minutes while the customer
// pays; a reloaded checkout reuses its hold (renewed, at most 30 minutes from its start), another quantity
// replaces it, a customer has at most 3 at once, and holds nobody paid expire (./release.ts). A hold that an accepted waitlist offer became keeps the amount offered.
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, classes, waitlistEntries } from '../../db/schema';
import { badRequest, conflict, DomainError } from '../errors';
import { quoteBooking } from '../../common/quote';
import { type AttendeeInput, attendeesOfBooking, checkAttendees, saveAttendees } from './attendees';
import { activeBookingOf, loadBookableClass, PRICE_CHANGED, refuseIfBooked, refusingDuplicates } from './bookable';
import { applyTransition, type BookingRow, inStates, isIn } from './booking-states';
import type { Customer, SpotsContext } from './context';
import { spendableCredit } from './credit';
import { cardCentsOf } from './paid';
import { checkCapacity, holdExpiry, MAX_LIVE_HOLDS, renewedHoldExpiry } from './policy';
import { applyPromoCode, PROMO_MESSAGES } from './promo';
import { writeBookingSpots } from './release';
import { type AcceptanceInput, type AcceptanceSource, recordBookingWaivers } from './waivers';
import { spotsTaken } from './taken';

type ClassRow = typeof classes.$inferSelect;

export interface HoldResult {
  booking: BookingRow;
  cls: ClassRow;
  /** An earlier live hold of the same quantity that is simply reused (checkout reloaded). */
  reused: boolean;
  /** The intent of a hold this one replaced: the caller cancels it at the provider. */
  replacedIntentId: string | null;
}

/** The waitlist entry whose accepted offer became this hold, if it is one: such a hold keeps the amount
 * offered, whatever the price is now, and began when the offer was accepted. */
async function acceptedOfferOf(tx: Tx, bookingId: number): Promise<{ endedAt: Date | null } | undefined> {
  return tx.select({ endedAt: waitlistEntries.endedAt }).from(waitlistEntries).where(eq(waitlistEntries.bookingId, bookingId)).get();
}

/** Refuses a new hold when the customer already has MAX_LIVE_HOLDS unpaid checkouts of other classes
 * (429, Retry-After until the first of them ends). */
async function refuseTooManyHolds(tx: Tx, userId: number, classId: number, now: Date): Promise<void> {
  const live = await tx
    .select({ endsAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), ne(bookings.classId, classId), inStates(['hold']), gt(bookings.holdExpiresAt, now)))
    .orderBy(asc(bookings.holdExpiresAt));
  if (live.length < MAX_LIVE_HOLDS) return;
  const waitSeconds = Math.max(1, Math.ceil((live[0]!.endsAt!.getTime() - now.getTime()) / 1000));
  throw new DomainError(429, TOO_MANY_HOLDS, undefined, { 'retry-after': String(waitSeconds) });
}

/** A promo code that leaves nothing to pay: the booking is confirmed without a card (POST /api/bookings/free). */
export const FREE_WITH_CODE = 'With this promo code there is nothing to pay: confirm your booking without a card.';

const TOO_MANY_HOLDS = `You already have ${MAX_LIVE_HOLDS} checkouts waiting for payment. Pay for one of them or let it expire before starting another.`;

/** Reserves spots for a paid booking for 15 minutes, in one write transaction with the capacity check. The
 * amount is recomputed here from the stored price, the promo code and the coach credit the customer can spend; a
 * client amount (what the card pays) that differs is refused. Attendees may be
 * named later (the checkout page asks for the intent first, then names them before paying): without them, a
 * reused hold keeps the names it has. */
export async function placeHold(
  ctx: SpotsContext,
  user: Customer,
  input: {
    classId: number;
    quantity: number;
    clientTotalCents: number;
    attendees?: AttendeeInput[];
    promoCode?: string | null;
    /** The waivers accepted for the hold (the checkout sends them with the names, before paying). */
    waiverAcceptance?: AcceptanceInput;
    source?: AcceptanceSource;
  },
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
      // A hold of the customer's own is replaced or reused below; anything else open refuses.
      if (existing && !isIn(existing, ['hold'])) refuseIfBooked(existing);
      const offer = existing ? await acceptedOfferOf(tx, existing.id) : undefined;
      if (offer && input.promoCode) throw badRequest(PROMO_MESSAGES.onOffer);
      // The code's rules and its use are checked in this write, so its use count is exact (./promo.ts); the hold
      // being replaced or reused keeps no use of its own against it.
      const promo = input.promoCode
        ? await applyPromoCode(tx, {
            code: input.promoCode,
            userId: user.id,
            coachId: cls.coachId,
            listCents: cls.priceCents * quantity,
            now,
            exceptBookingId: existing?.id,
          })
        : null;
      const samePromo = (existing?.promoCodeId ?? null) === (promo?.promo.id ?? null);
      if (existing && existing.quantity === quantity && ((cardCentsOf(existing) === input.clientTotalCents && samePromo) || offer)) {
        // Reloading checkout keeps the same hold and intent (so a payment in flight is never lost), renewed up
        // to its cap; a hold from an accepted waitlist offer keeps the amount offered, whatever total the page
        // computed.
        const holdExpiresAt = renewedHoldExpiry(existing.holdExpiresAt, offer?.endedAt ?? existing.createdAt, now);
        const [renewed] = await tx.update(bookings).set({ holdExpiresAt }).where(eq(bookings.id, existing.id)).returning();
        if (attendees) await saveAttendees(tx, existing.id, attendees);
        await recordHoldWaivers(tx, renewed!, cls, input, now);
        return { booking: renewed!, cls, reused: existing.paymentIntentId !== null, replacedIntentId: null };
      }
      // Coach credit is spent first (what the customer's other running checkouts hold of it excepted), read in this
      // write so two checkouts at once cannot spend the same credit; the card pays the rest.
      const quote = quoteBooking({
        priceCents: cls.priceCents,
        quantity,
        discount: promo?.discount,
        creditAvailableCents: await spendableCredit(tx, user.id, cls.coachId, now, existing?.id),
      });
      if (quote.totalCents === 0) throw badRequest(FREE_WITH_CODE);
      if (quote.cardCents !== input.clientTotalCents) throw conflict(PRICE_CHANGED);
      if (!existing) await refuseTooManyHolds(tx, user.id, cls.id, now);
      if (existing) {
        await applyTransition(tx, existing, 'replaceHold', 'customer', { cancelledAt: now });
        replacedIntentId = existing.paymentIntentId;
      }
      checkCapacity(cls.capacity, await spotsTaken(tx, cls.id, now), quantity);
      const booking = await applyTransition(tx, 'new', 'hold', 'customer', {
        classId: cls.id,
        userId: user.id,
        quantity,
        subtotalCents: quote.subtotalCents,
        serviceFeeCents: quote.serviceFeeCents,
        amountCents: quote.totalCents,
        creditAppliedCents: quote.creditAppliedCents,
        promoCodeId: promo?.promo.id ?? null,
        discountCents: quote.discountCents,
        discountFundedBy: quote.discountFundedBy,
        payoutCents: quote.payoutCents,
        holdExpiresAt: holdExpiry(now),
        // When the hold began, on the server's clock: its cap (HOLD_MAX_MINUTES) counts from here.
        createdAt: now,
      });
      if (attendees) await saveAttendees(tx, booking.id, attendees);
      await recordHoldWaivers(tx, booking, cls, input, now);
      return { booking, cls, reused: false, replacedIntentId };
    }),
  );
}

/** A hold records the waivers it was sent with (never required here: it is paid only once they are, ./waivers.ts). */
async function recordHoldWaivers(
  tx: Tx,
  booking: BookingRow,
  cls: ClassRow,
  input: { waiverAcceptance?: AcceptanceInput; source?: AcceptanceSource },
  now: Date,
): Promise<void> {
  if (!input.waiverAcceptance) return;
  const attendees = await attendeesOfBooking(tx, booking);
  await recordBookingWaivers(tx, {
    booking,
    cls,
    attendees,
    acceptance: input.waiverAcceptance,
    source: input.source,
    now,
    required: false,
  });
}

export async function attachIntent(ctx: SpotsContext, bookingId: number, intentId: string): Promise<void> {
  await ctx.db.write((tx) => tx.update(bookings).set({ paymentIntentId: intentId }).where(eq(bookings.id, bookingId)));
}

/** The provider could not create the intent: the hold is released at once. */
export async function releaseHold(ctx: SpotsContext, bookingId: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.write((tx) => applyTransition(tx, { id: bookingId }, 'failPayment', 'system', { cancelledAt: now }));
}
