// Paying for a booking: create-intent (hold + intent), confirm and the webhook (both settle an intent after
// asking the provider), and the test provider's card payments. The amount is always recomputed on the server.
import { and, eq } from 'drizzle-orm';
import { bookings, classes, payoutAccounts } from '../../db/schema';
import { attendeesOfBooking } from '../spots/attendees';
import type { SessionUser } from '../auth/session';
import { notifyRefundedLatePayment } from '../notices/booking-emails';
import { sendOutboxSoon } from '../notices/outbox';
import { ALREADY_BOOKED, CLASS_GONE_REFUNDED } from '../spots/bookable';
import type { BookingRow } from '../spots/booking-states';
import { cardCentsOf } from '../spots/paid';
import { cardTransferCents } from '../../common/quote';
import { attachIntent, type HoldResult, placeHold, releaseHold } from '../spots/holds';
import { isIn } from '../spots/booking-states';
import { settlePaidBooking } from '../spots/settlement';
import { waiverMissingMessage, waiversMissingFor } from '../spots/waivers';
import { toBookingJson } from '../spots/shape';
import type { AppContext } from '../context';
import { conflict, DomainError, forbidden, notFound } from '../errors';
import { centsToDollars, coachPayoutCents, dollarsToCents } from '../../common/money';
import { spotCount } from '../../common/plural';
import { isPassIntent } from '../lib/payouts';
import { isSubscriptionEvent, isTestProvider, PaymentDeclined, type PaymentEvent, type ProviderIntent } from '../providers/payments';
import type { CreateIntentBody, TestCardFields } from './model';
import { syncPayoutAccount } from './payouts/service';

export const PAYMENT_INIT_FAILED = 'Failed to initialize payment. Please try again.';

/** The coach's connected account, when it can receive payments: their 85% goes there. */
async function payoutFor(ctx: AppContext, coachId: number, payoutCents: number) {
  const account = await ctx.db
    .select()
    .from(payoutAccounts)
    .where(
      and(eq(payoutAccounts.userId, coachId), eq(payoutAccounts.provider, ctx.payments.kind), eq(payoutAccounts.canReceivePayments, true)),
    )
    .get();
  return account ? { destination: account.accountId, amountCents: payoutCents } : null;
}

/** The coach's payout transferred with the card payment: all of it, less the share the coach already holds for the
 * coach credit spent on the booking. */
function cardTransfer(booking: BookingRow): number {
  return cardTransferCents(booking.payoutCents ?? coachPayoutCents(booking.subtotalCents), booking.amountCents, booking.creditAppliedCents);
}

function intentAnswer(intent: ProviderIntent, booking: Pick<BookingRow, 'id' | 'creditAppliedCents'>, holdExpiresAt: Date | null) {
  return {
    status: 'requires_payment' as const,
    clientSecret: intent.clientSecret,
    id: intent.id,
    bookingId: booking.id,
    amount: centsToDollars(intent.amountCents),
    creditApplied: centsToDollars(booking.creditAppliedCents),
    holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
  };
}

/** POST /api/payment/create-intent: holds the spots for 15 minutes and creates an intent for exactly the
 * server's amount, its metadata tying it to the booking. */
export async function createPaymentIntent(
  ctx: AppContext,
  user: SessionUser,
  body: CreateIntentBody,
  source?: { ipAddress: string; userAgent: string },
) {
  const hold = await placeHold(ctx, user, {
    classId: body.classId,
    quantity: body.quantity,
    clientTotalCents: dollarsToCents(body.amount),
    attendees: body.attendees,
    promoCode: body.promoCode,
    waiverAcceptance: body.waiverAcceptance,
    source,
  });
  if (cardCentsOf(hold.booking) === 0) {
    // Coach credit pays it all: confirmed when the checkout sends the attendees (its Confirm step), else held.
    if (body.attendees !== undefined) return confirmPaidWithCredit(ctx, hold);
    return {
      ...creditAnswer(hold.booking),
      status: 'credit_covers' as const,
      holdExpiresAt: hold.booking.holdExpiresAt?.toISOString() ?? null,
    };
  }
  return openIntent(ctx, user, hold);
}

function creditAnswer(booking: BookingRow) {
  return { clientSecret: null, id: null, bookingId: booking.id, amount: 0, creditApplied: centsToDollars(booking.creditAppliedCents) };
}

/** Coach credit covers the whole price: nothing to charge, so the hold is confirmed at once (credit spent in the
 * confirming write). */
async function confirmPaidWithCredit(ctx: AppContext, hold: HoldResult) {
  // Never confirmed without every attendee's waiver (sent with this request, or before).
  const missing = await waiversMissingFor(ctx.db, hold.booking, hold.cls.coachId);
  if (missing.length) throw new DomainError(400, waiverMissingMessage(missing), undefined, undefined, 'waiver_required');
  const outcome = await settlePaidBooking(ctx, hold.booking.id);
  if (outcome.kind !== 'confirmed') throw conflict(outcome.message);
  if (outcome.newly) sendOutboxSoon(ctx);
  return { ...creditAnswer(outcome.booking), status: 'confirmed' as const, holdExpiresAt: null };
}

/** The intent for a hold, for exactly its stored amount: the one it already has while that can still be paid,
 * else a new one (a hold the provider cannot open an intent for is released). */
export async function openIntent(ctx: AppContext, user: SessionUser, hold: HoldResult) {
  const { booking, cls } = hold;
  if (hold.replacedIntentId) await ctx.payments.cancelIntent(hold.replacedIntentId);
  let attempt = 1;
  if (hold.reused && booking.paymentIntentId) {
    const intent = await ctx.payments.retrieveIntent(booking.paymentIntentId);
    if (intent?.status === 'succeeded') {
      await settleIntent(ctx, intent.id).catch(() => undefined);
      throw conflict(ALREADY_BOOKED);
    }
    if (intent && intent.status !== 'canceled') return intentAnswer(intent, booking, booking.holdExpiresAt);
    attempt = 2 + Math.floor(ctx.clock.now().getTime() / 1000); // the old intent is gone: a fresh key
  }
  let intent: ProviderIntent;
  try {
    intent = await ctx.payments.createIntent({
      amountCents: cardCentsOf(booking),
      description: `Fogline: ${cls.title} (${spotCount(booking.quantity)})`,
      metadata: { bookingId: String(booking.id), userId: String(user.id), classId: String(cls.id), quantity: String(booking.quantity) },
      idempotencyKey: attempt === 1 ? `booking-${booking.id}` : `booking-${booking.id}-${attempt}`,
      payout: await payoutFor(ctx, cls.coachId, cardTransfer(booking)),
    });
  } catch (error) {
    console.error('[payments] creating the intent failed', error);
    await releaseHold(ctx, booking.id);
    throw new DomainError(502, PAYMENT_INIT_FAILED);
  }
  await attachIntent(ctx, booking.id, intent.id);
  return intentAnswer(intent, booking, booking.holdExpiresAt);
}

/** Confirm and webhook alike: asks the provider whether the intent really succeeded, for this booking's
 * amount and user, then confirms the booking exactly once (or refunds a payment that cannot be honoured). */
export async function settleIntent(ctx: AppContext, intentId: string, expectedUserId?: number, known?: ProviderIntent | null) {
  const intent = known !== undefined ? known : await ctx.payments.retrieveIntent(intentId);
  if (!intent) throw notFound('Payment not found.');
  // A pass purchase's payment is settled by api/passes (POST /api/wallet/{purchaseId}/confirm), never refunded here.
  if (isPassIntent(intent)) throw conflict('This payment is for a pass: it is confirmed in your wallet.');
  // A membership's invoice has its own intent (settled from invoice.paid by api/passes/memberships; Stripe's carry
  // no metadata of ours): an intent that names no booking is never a booking's to confirm, nor to refund.
  if (!intent.metadata.bookingId) throw conflict('This payment is not for a booking.');
  if (expectedUserId !== undefined && intent.metadata.userId !== String(expectedUserId)) {
    throw forbidden('This payment belongs to another account.');
  }
  if (intent.status !== 'succeeded') {
    throw conflict(intent.lastError ? `The payment did not go through: ${intent.lastError}` : 'The payment has not been completed yet.');
  }
  const bookingId = Number(intent.metadata.bookingId);
  const booking =
    Number.isSafeInteger(bookingId) && bookingId > 0
      ? await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).get()
      : undefined;
  if (!booking) {
    // No such booking any more (deleted classes keep theirs; a deleted account does not): everything back.
    await refundSafely(ctx, intent.id, intent.amountCents, `refund-intent-${intent.id}`);
    throw conflict(CLASS_GONE_REFUNDED);
  }
  if (
    String(booking.userId) !== intent.metadata.userId ||
    cardCentsOf(booking) !== intent.amountCents ||
    (booking.paymentIntentId && booking.paymentIntentId !== intent.id)
  ) {
    console.error('[payments] intent does not match its booking', intent.id, booking.id);
    throw conflict('This payment does not match the booking. Please contact support.');
  }
  if (!booking.paymentIntentId) await attachIntent(ctx, booking.id, intent.id);
  const outcome = await settlePaidBooking(ctx, booking.id);
  if (outcome.kind === 'confirmed') {
    // Its confirmation was queued by the settling write (api/spots/confirmations.ts): sent after this answer.
    if (outcome.newly) sendOutboxSoon(ctx);
    const attendees = await attendeesOfBooking(ctx.db, outcome.booking);
    return { status: 'confirmed' as const, booking: toBookingJson(outcome.booking, outcome.cls, ctx.clock.now(), attendees) };
  }
  if (outcome.kind === 'refund' && outcome.newly) {
    await refundSafely(ctx, intent.id, outcome.refundCents, `refund-booking-${booking.id}`);
    await notifyRefundedLatePayment(ctx, outcome.booking, outcome.cls, outcome.refundCents, outcome.why);
  }
  throw conflict(outcome.message);
}

async function refundSafely(ctx: AppContext, intentId: string, cents: number, key: string): Promise<void> {
  try {
    await ctx.payments.refund(intentId, cents, key);
  } catch (error) {
    console.error('[payments] automatic refund failed', intentId, error);
  }
}

/** The webhook: signature verified by the provider; the event body is never trusted beyond its ids. */
export async function handleWebhook(ctx: AppContext, payload: string, signature: string | null): Promise<{ received: true }> {
  const event: PaymentEvent = await ctx.payments.parseWebhook(payload, signature);
  await processPaymentEvent(ctx, event);
  return { received: true };
}

export async function processPaymentEvent(ctx: AppContext, event: PaymentEvent): Promise<void> {
  if (event.type === 'payment_intent.succeeded') {
    try {
      const intent = await ctx.payments.retrieveIntent(event.intentId);
      // A pass purchase (api/passes, wired by createApi) is its own workflow; everything else pays for a booking.
      if (intent && isPassIntent(intent) && ctx.settlePassIntent) await ctx.settlePassIntent(intent);
      else await settleIntent(ctx, event.intentId, undefined, intent);
    } catch (error) {
      // Already handled (refund, mismatch): the event is acknowledged so the provider stops retrying.
      if (!(error instanceof DomainError)) throw error;
      console.warn('[payments] webhook:', error.message);
    }
  } else if (event.type === 'account.updated') {
    await syncPayoutAccount(ctx, event.accountId);
  } else if (isSubscriptionEvent(event)) {
    // Memberships (api/passes/memberships, wired by createApi): this feature may not import it.
    if (ctx.onSubscriptionEvent) await ctx.onSubscriptionEvent(event);
    else console.warn('[payments] no memberships handler for', event.type);
  }
}

/** Nothing is charged for a hold whose attendees' waivers are not all accepted (the checkout sends them first). */
async function refuseWithoutWaivers(ctx: AppContext, intentId: string): Promise<void> {
  const intent = await ctx.payments.retrieveIntent(intentId);
  const bookingId = Number(intent?.metadata.bookingId);
  if (!intent || !Number.isSafeInteger(bookingId) || bookingId < 1) return;
  const found = await ctx.db
    .select({ booking: bookings, coachId: classes.coachId })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(eq(bookings.id, bookingId))
    .get();
  if (!found || !isIn(found.booking, ['hold'])) return;
  const missing = await waiversMissingFor(ctx.db, found.booking, found.coachId);
  if (missing.length) throw new DomainError(400, waiverMissingMessage(missing), undefined, undefined, 'waiver_required');
}

/** The test provider's card endpoint: pays the intent, then delivers the success the way Stripe's webhook
 * would, so the booking is confirmed even if the browser never calls confirm. */
export async function payWithTestCard(ctx: AppContext, input: TestCardFields & { paymentIntentId: string; clientSecret: string }) {
  const provider = ctx.payments;
  if (!isTestProvider(provider)) throw notFound();
  await refuseWithoutWaivers(ctx, input.paymentIntentId);
  try {
    const intent = await provider.payIntent(input.paymentIntentId, input.clientSecret, {
      number: input.cardNumber,
      expiry: input.expiry,
      cvc: input.cvc,
    });
    // A membership's invoice is reported as Stripe reports it: invoice.paid.
    const invoiceId = intent.metadata.invoiceId;
    await processPaymentEvent(
      ctx,
      invoiceId ? { type: 'invoice.paid', invoiceId } : { type: 'payment_intent.succeeded', intentId: intent.id },
    );
    return { id: intent.id, status: intent.status };
  } catch (error) {
    if (error instanceof PaymentDeclined) throw new DomainError(400, error.message);
    throw error;
  }
}
