// Applying a promo code inside the write that takes its use (a payment hold, a free-after-discount booking, a
// late payment's settlement): the code's rules, each with its own message, and its uses counted from the
// bookings that carry it. The write holds the database's write lock (BEGIN IMMEDIATE), so two customers racing
// for the last use are counted one after the other: exactly `maxUses` discounts are ever given.
//
// When a use is taken: when the hold is placed. It stays taken while the hold runs and once the booking is paid
// (a later cancellation or refund does not give it back, but a class the coach deletes does); a hold that
// expires, is replaced or whose payment fails gives it back, simply by no longer matching `usesPromo` below.
import { and, eq, gt, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { bookings, classes, passPurchases, promoCodes } from '../../db/schema';
import { badRequest, DomainError } from '../errors';
import { formatDollars } from '../../common/money';
import { formatDateLong, formatTimePT } from '../../common/pacific';
import { type QuoteDiscount, quoteBooking } from '../../common/quote';
import { inStates } from './booking-states';
import { HOLD_MAX_MINUTES } from './policy';
import { timedHoldRunning } from './taken';

export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** What customers type, as stored: trimmed, upper case. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export const PROMO_MESSAGES = {
  unknown: "We don't recognise that promo code. Check the spelling and try again.",
  inactive: 'This promo code is no longer active.',
  usedUp: 'This promo code has been used up.',
  notApplicable: "This promo code doesn't apply to this class.",
  notApplicablePass: "This promo code doesn't apply to this pass.",
  notFirstBooking: 'This promo code is only for your first booking with this coach.',
  alreadyUsed: "You've already used this promo code.",
  onOffer: 'Promo codes cannot be used on spots offered from the waitlist.',
  freeClass: 'This class is free: no promo code needed.',
  notFree: "This promo code doesn't cover the whole price: pay the rest at checkout.",
} as const;

const notYet = (from: Date) => `This promo code starts on ${formatDateLong(from)} at ${formatTimePT(from)}.`;
const expired = (until: Date) => `This promo code expired on ${formatDateLong(until)} at ${formatTimePT(until)}.`;
const belowMinimum = (cents: number) => `This promo code needs an order of at least ${formatDollars(cents)} before the discount.`;

const refuse = (status: 400 | 409, message: string) => new DomainError(status, message);

/** SQL condition: this booking holds one of its code's uses at `now` (a running hold, or paid once and not
 * cancelled with its class). */
export function usesPromo(now: Date): SQL {
  return or(
    timedHoldRunning(now),
    inStates(['confirmed']),
    and(isNotNull(bookings.confirmedAt), ne(bookings.cancelReason, 'class_deleted')),
  )!;
}

/** SQL condition: this pass purchase (a pack or an intro offer) holds one of its code's uses at `now`: paid (kept
 * when refunded later, as a booking's), or a checkout opened less than HOLD_MAX_MINUTES ago and not given up. */
export function purchaseUsesPromo(now: Date): SQL {
  const openSince = new Date(now.getTime() - HOLD_MAX_MINUTES * 60_000);
  return or(isNotNull(passPurchases.activatedAt), and(eq(passPurchases.status, 'pending'), gt(passPurchases.createdAt, openSince)))!;
}

/** The booking or pass purchase taking a use again (a reloaded checkout, a late payment): its own use is not
 * counted against it. */
export interface PromoExcept {
  bookingId?: number;
  purchaseId?: number;
}

/** How many uses of the code are taken at `now`, by bookings and pass purchases. */
export async function promoUsesTaken(tx: Database | Tx, promoCodeId: number, now: Date, except: PromoExcept = {}): Promise<number> {
  const byBookings = await tx
    .select({ n: sql<number>`count(*)` })
    .from(bookings)
    .where(
      and(
        eq(bookings.promoCodeId, promoCodeId),
        usesPromo(now),
        except.bookingId === undefined ? undefined : ne(bookings.id, except.bookingId),
      ),
    )
    .get();
  const byPurchases = await tx
    .select({ n: sql<number>`count(*)` })
    .from(passPurchases)
    .where(
      and(
        eq(passPurchases.promoCodeId, promoCodeId),
        purchaseUsesPromo(now),
        except.purchaseId === undefined ? undefined : ne(passPurchases.id, except.purchaseId),
      ),
    )
    .get();
  return Number(byBookings?.n ?? 0) + Number(byPurchases?.n ?? 0);
}

/** Uses taken per code id at `now` (the codes' lists). */
export async function promoUsesByCode(db: Database | Tx, ids: number[], now: Date): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (ids.length === 0) return result;
  const [fromBookings, fromPurchases] = [
    await db
      .select({ id: bookings.promoCodeId, n: sql<number>`count(*)` })
      .from(bookings)
      .where(and(inArray(bookings.promoCodeId, ids), usesPromo(now)))
      .groupBy(bookings.promoCodeId),
    await db
      .select({ id: passPurchases.promoCodeId, n: sql<number>`count(*)` })
      .from(passPurchases)
      .where(and(inArray(passPurchases.promoCodeId, ids), purchaseUsesPromo(now)))
      .groupBy(passPurchases.promoCodeId),
  ];
  for (const row of [...fromBookings, ...fromPurchases]) if (row.id !== null) result.set(row.id, (result.get(row.id) ?? 0) + Number(row.n));
  return result;
}

export interface PromoRequest {
  code: string;
  userId: number;
  /** The coach whose class (or pass) it is. */
  coachId: number;
  /** price x quantity, before any discount. */
  listCents: number;
  now: Date;
  /** A booking re-checking its own code (a late payment): its own use is not counted against it. */
  exceptBookingId?: number;
  /** A pass purchase's reloaded checkout, likewise. */
  exceptPurchaseId?: number;
  /** A pass purchase rather than a booking (the messages name it). */
  forPass?: boolean;
}

/** The code a customer typed, checked against every rule for this purchase, with the discount it gives;
 * refused with the rule's message (400 for a code that does not apply, 409 when its uses are gone). */
export async function applyPromoCode(tx: Database | Tx, request: PromoRequest): Promise<{ promo: PromoCodeRow; discount: QuoteDiscount }> {
  const promo = await tx
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, normalizePromoCode(request.code)))
    .get();
  await checkPromoCode(tx, promo, request);
  return {
    promo: promo!,
    discount: {
      fundedBy: promo!.coachId === null ? 'platform' : 'coach',
      percentOff: promo!.percentOff,
      amountOffCents: promo!.amountOffCents,
    },
  };
}

/** Every rule of a code, in the order a customer can act on them. */
export async function checkPromoCode(tx: Database | Tx, promo: PromoCodeRow | undefined, request: PromoRequest): Promise<void> {
  const { now } = request;
  if (!promo) throw refuse(400, PROMO_MESSAGES.unknown);
  if (!promo.active) throw refuse(400, PROMO_MESSAGES.inactive);
  if (promo.validFrom && promo.validFrom.getTime() > now.getTime()) throw refuse(400, notYet(promo.validFrom));
  if (promo.validUntil && promo.validUntil.getTime() <= now.getTime()) throw refuse(400, expired(promo.validUntil));
  if (promo.coachId !== null && promo.coachId !== request.coachId)
    throw refuse(400, request.forPass ? PROMO_MESSAGES.notApplicablePass : PROMO_MESSAGES.notApplicable);
  if (promo.minimumCents !== null && request.listCents < promo.minimumCents) throw refuse(400, belowMinimum(promo.minimumCents));
  if (promo.firstBookingOnly && (await hasBookedCoach(tx, request.userId, request.coachId, request.exceptBookingId))) {
    throw refuse(400, PROMO_MESSAGES.notFirstBooking);
  }
  const except = { bookingId: request.exceptBookingId, purchaseId: request.exceptPurchaseId };
  if (promo.oncePerCustomer && (await hasUsedPromo(tx, promo.id, request.userId, now, except))) {
    throw refuse(409, PROMO_MESSAGES.alreadyUsed);
  }
  if (promo.maxUses !== null && (await promoUsesTaken(tx, promo.id, now, except)) >= promo.maxUses) {
    throw refuse(409, PROMO_MESSAGES.usedUp);
  }
}

/** Has the customer ever had a booking of this coach's classes confirmed, or paid for one of their passes? */
async function hasBookedCoach(tx: Database | Tx, userId: number, coachId: number, exceptBookingId?: number): Promise<boolean> {
  const bought = await tx
    .select({ id: passPurchases.id })
    .from(passPurchases)
    .where(and(eq(passPurchases.userId, userId), eq(passPurchases.coachId, coachId), isNotNull(passPurchases.activatedAt)))
    .get();
  if (bought) return true;
  const row = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(
      and(
        eq(bookings.userId, userId),
        eq(classes.coachId, coachId),
        isNotNull(bookings.confirmedAt),
        exceptBookingId === undefined ? undefined : ne(bookings.id, exceptBookingId),
      ),
    )
    .get();
  return row !== undefined;
}

async function hasUsedPromo(tx: Database | Tx, promoCodeId: number, userId: number, now: Date, except: PromoExcept): Promise<boolean> {
  const purchase = await tx
    .select({ id: passPurchases.id })
    .from(passPurchases)
    .where(
      and(
        eq(passPurchases.promoCodeId, promoCodeId),
        eq(passPurchases.userId, userId),
        purchaseUsesPromo(now),
        except.purchaseId === undefined ? undefined : ne(passPurchases.id, except.purchaseId),
      ),
    )
    .get();
  if (purchase) return true;
  const row = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.promoCodeId, promoCodeId),
        eq(bookings.userId, userId),
        usesPromo(now),
        except.bookingId === undefined ? undefined : ne(bookings.id, except.bookingId),
      ),
    )
    .get();
  return row !== undefined;
}

/** A promo code on a free booking request: it must make the paid class free (a 100% coach's code); answers the
 * booking's money columns (list price, all of it discounted, nothing charged or paid out). */
export async function freeWithPromoCode(
  tx: Tx,
  userId: number,
  cls: Pick<typeof classes.$inferSelect, 'coachId' | 'priceCents'>,
  quantity: number,
  code: string,
  now: Date,
) {
  if (cls.priceCents === 0) throw badRequest(PROMO_MESSAGES.freeClass);
  const listCents = cls.priceCents * quantity;
  const { promo, discount } = await applyPromoCode(tx, { code, userId, coachId: cls.coachId, listCents, now });
  const quote = quoteBooking({ priceCents: cls.priceCents, quantity, discount });
  if (quote.totalCents !== 0) throw badRequest(PROMO_MESSAGES.notFree);
  return {
    subtotalCents: quote.subtotalCents,
    serviceFeeCents: 0,
    amountCents: 0,
    promoCodeId: promo.id,
    discountCents: quote.discountCents,
    discountFundedBy: quote.discountFundedBy,
    payoutCents: quote.payoutCents,
  };
}

/** A late payment (its hold ran out, so its use was given back): were the code's uses all taken meanwhile? */
export async function promoUsedUpMeanwhile(
  tx: Tx,
  booking: Pick<typeof bookings.$inferSelect, 'id' | 'promoCodeId'>,
  now: Date,
): Promise<boolean> {
  if (booking.promoCodeId === null) return false;
  const promo = await tx.select({ maxUses: promoCodes.maxUses }).from(promoCodes).where(eq(promoCodes.id, booking.promoCodeId)).get();
  if (!promo || promo.maxUses === null) return false;
  return (await promoUsesTaken(tx, booking.promoCodeId, now, { bookingId: booking.id })) >= promo.maxUses;
}

/** The same question for a pass purchase paid after its checkout's HOLD_MAX_MINUTES ran out: asked in the write that
 * activates it, so a code's use count stays exact however late the payment arrives. */
export async function purchasePromoUsedUpMeanwhile(
  tx: Tx,
  purchase: Pick<typeof passPurchases.$inferSelect, 'id' | 'promoCodeId'>,
  now: Date,
): Promise<boolean> {
  if (purchase.promoCodeId === null) return false;
  const promo = await tx.select({ maxUses: promoCodes.maxUses }).from(promoCodes).where(eq(promoCodes.id, purchase.promoCodeId)).get();
  if (!promo || promo.maxUses === null) return false;
  return (await promoUsesTaken(tx, purchase.promoCodeId, now, { purchaseId: purchase.id })) >= promo.maxUses;
}
