// Coach credit fixtures shared by the policy tests: a coach of their own with a policy, a class following it, a paid
// booking through the test card, a customer holding credit with a fresh coach, and the balances and refunds to check.
import { expect } from 'bun:test';
import { eq } from 'drizzle-orm';
import { bookings, classes, coachCredits, passPurchases, testPaymentIntents } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, pageTotal, type SignedIn } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

export const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
export const DAY = 24;

/** A coach of their own with a policy, so tests do not change each other's terms. */
export async function coachWith(server: TestServer, policy: object | null): Promise<SignedIn> {
  const c = await createUser(server, 'coach', 'Jordan');
  if (policy) expect((await c.client.put('/api/coaches/me/policy', policy)).status).toBe(200);
  return c;
}

/** A class of the coach, following the coach's policy as a class created through the API does. */
export async function classOf(server: TestServer, owner: SignedIn, priceCents: number, startsInHours: number) {
  const cls = await createClass(server, { coachId: owner.id, priceCents, startsInHours });
  const res = await owner.client.request('PATCH', `/api/classes/${cls.id}`, { cancellationPolicy: null });
  expect(res.status).toBe(200);
  return cls;
}

/** Holds and pays with the test card: the booking, confirmed. */
export async function bookPaid(customer: SignedIn, classId: number, amountDollars: number, quantity = 1) {
  const intent = await customer.client.post('/api/payment/create-intent', withWaivers({ classId, quantity, amount: amountDollars }));
  expect(intent.status).toBe(200);
  expect(intent.body.status).toBe('requires_payment');
  const paid = await customer.client.post('/api/payment/test-provider/pay', {
    paymentIntentId: intent.body.id,
    clientSecret: intent.body.clientSecret,
    ...CARD,
  });
  expect(paid.status).toBe(200);
  const booking = await customer.client.get(`/api/bookings/${intent.body.bookingId}`);
  expect(booking.body.status).toBe('confirmed');
  return { bookingId: intent.body.bookingId as number, intentId: intent.body.id as string };
}

/** What the test provider refunded of an intent (its own table). */
export async function refundedOn(server: TestServer, intentId: string): Promise<number> {
  return (await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)).get())!.refundedCents;
}

/** The customer's credit with a coach, as the wallet shows it. */
export async function balanceWith(customer: SignedIn, coachId: number): Promise<number> {
  const res = await customer.client.get('/api/wallet');
  expect(res.status).toBe(200);
  return res.body.coachCredit.credits.find((c: { coachId: number }) => c.coachId === coachId)?.balanceCents ?? 0;
}

/** A customer holding credit with a fresh coach (a Strict, 100%-credit booking of `priceCents` cancelled for credit):
 * the coach, the customer and the credit in cents (the booking's total). */
export async function customerWithCredit(server: TestServer, priceCents: number) {
  const c = await coachWith(server, { preset: 'strict', creditPercent: 100 });
  const first = await classOf(server, c, priceCents, 3 * DAY);
  const customer = await createUser(server);
  const { bookingId } = await bookPaid(customer, first.id, pageTotal(priceCents, 1));
  expect((await customer.client.put(`/api/bookings/${bookingId}/cancel`, { refundAs: 'credit' })).status).toBe(200);
  return { c, customer, credit: Math.round(pageTotal(priceCents, 1) * 100) };
}

/** Coach credit reconciled with what it paid for, after a scenario: per booking and per pass purchase, card + credit
 * = amount, the provider charged the card part and refunded what is recorded, the ledger's spent and given-back rows
 * are what the row says, nothing went back twice; and per customer and coach, the ledger's sum is what the bookings
 * and purchases say, never below zero. Answers the problems found (none: []). */
export async function creditReconciliation(
  server: TestServer,
): Promise<{ problems: string[]; bookingCount: number; purchaseCount: number }> {
  const db = server.ctx.db;
  const all = await db
    .select({ booking: bookings, coachId: classes.coachId })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId));
  const purchases = await db.select().from(passPurchases);
  const intents = new Map((await db.select().from(testPaymentIntents)).map((i) => [i.id, i]));
  const ledger = await db.select().from(coachCredits);
  const problems: string[] = [];
  const expectedBalance = new Map<string, number>();
  const add = (key: string, cents: number) => expectedBalance.set(key, (expectedBalance.get(key) ?? 0) + cents);
  for (const { booking: b, coachId } of all) {
    const key = `${b.userId}:${coachId}`;
    const card = b.amountCents - b.creditAppliedCents;
    if (b.amountCents !== b.subtotalCents - b.discountCents + b.serviceFeeCents)
      problems.push(`${b.id}: amount is not subtotal - discount + fee`);
    if (card < 0) problems.push(`${b.id}: more credit than the amount`);
    const intent = b.paymentIntentId ? intents.get(b.paymentIntentId) : undefined;
    const paidByCard = intent?.status === 'succeeded' ? intent.amountCents : 0;
    if (intent?.status === 'succeeded' && intent.amountCents !== card)
      problems.push(`${b.id}: charged ${intent.amountCents}, card part ${card}`);
    if ((intent?.refundedCents ?? 0) !== (b.paymentIntentId ? (b.refundAmountCents ?? 0) : 0) && paidByCard > 0)
      problems.push(`${b.id}: provider refunded ${intent?.refundedCents}, recorded ${b.refundAmountCents}`);
    const rows = ledger.filter((r) => r.bookingId === b.id);
    const spent = -rows.filter((r) => r.kind === 'spent').reduce((s, r) => s + r.amountCents, 0);
    const givenBack = rows.filter((r) => r.kind === 'cancellation' || r.kind === 'returned').reduce((s, r) => s + r.amountCents, 0);
    const toCard = -rows.filter((r) => r.kind === 'refunded_to_card').reduce((s, r) => s + r.amountCents, 0);
    if (spent !== (b.confirmedAt !== null ? b.creditAppliedCents : 0))
      problems.push(`${b.id}: ledger spent ${spent}, booking ${b.creditAppliedCents}`);
    if (givenBack !== b.creditIssuedCents) problems.push(`${b.id}: ledger gave back ${givenBack}, booking ${b.creditIssuedCents}`);
    // What was paid (card + credit spent) covers what went back (card refunds net of credit sent to the card, and
    // credit given back): the rest is what the coach and the platform keep, never below zero.
    const back = (b.refundAmountCents ?? 0) - toCard + givenBack;
    if ((paidByCard > 0 || spent > 0) && back > paidByCard + spent) problems.push(`${b.id}: gave back ${back} of ${paidByCard + spent}`);
    add(key, givenBack - spent - toCard);
  }
  for (const p of purchases) {
    const key = `${p.userId}:${p.coachId}`;
    const card = p.amountCents - p.creditAppliedCents;
    if (card < 0) problems.push(`purchase ${p.id}: more credit than the amount`);
    if (p.kind === 'membership' && p.creditAppliedCents !== 0) problems.push(`purchase ${p.id}: a membership spent credit`);
    const intent = p.paymentIntentId ? intents.get(p.paymentIntentId) : undefined;
    if (intent?.status === 'succeeded' && intent.amountCents !== card && p.kind !== 'membership')
      problems.push(`purchase ${p.id}: charged ${intent.amountCents}, card part ${card}`);
    if (card === 0 && p.creditAppliedCents > 0 && p.paymentIntentId)
      problems.push(`purchase ${p.id}: credit paid it all, yet it has an intent`);
    if (intent?.status === 'succeeded' && p.activatedAt !== null && intent.refundedCents !== p.refundedCents)
      problems.push(`purchase ${p.id}: provider refunded ${intent.refundedCents}, recorded ${p.refundedCents}`);
    const rows = ledger.filter((r) => r.purchaseId === p.id);
    const spent = -rows.filter((r) => r.kind === 'spent').reduce((s, r) => s + r.amountCents, 0);
    const returned = rows.filter((r) => r.kind === 'returned').reduce((s, r) => s + r.amountCents, 0);
    if (spent - returned !== (p.activatedAt !== null ? p.creditAppliedCents - p.creditReturnedCents : 0))
      problems.push(`purchase ${p.id}: ledger kept ${spent - returned}, purchase ${p.creditAppliedCents - p.creditReturnedCents}`);
    if (p.refundedCents + p.creditReturnedCents > p.amountCents) problems.push(`purchase ${p.id}: gave back more than it was paid`);
    if (p.creditReturnedCents > p.creditAppliedCents) problems.push(`purchase ${p.id}: more credit back than it spent`);
    add(key, returned - spent);
  }
  for (const [key, cents] of expectedBalance) {
    const [customerId, coachId] = key.split(':').map(Number);
    const sum = ledger.filter((r) => r.customerId === customerId && r.coachId === coachId).reduce((s, r) => s + r.amountCents, 0);
    if (sum !== cents) problems.push(`${key}: ledger ${sum}, bookings and purchases say ${cents}`);
    if (sum < 0) problems.push(`${key}: balance below zero`);
  }
  return { problems, bookingCount: all.length, purchaseCount: purchases.length };
}
