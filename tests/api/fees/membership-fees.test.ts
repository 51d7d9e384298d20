// Late-cancel and no-show fees of unlimited memberships (issue 20, item 2), through the API with the built-in test
// provider: the policy takes the fees (and its copy on each booking keeps them), a late cancel is charged once
// off-session to the membership's card with an email saying why and how to dispute, a no-show is charged once 24
// hours after the class and not at all when the coach cleared the mark, a declined card leaves the fee unpaid (the
// customer still told), and an admin refunds a fee once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { chargeMembershipFees } from '../../../api/membership-fees/service';
import { feeEmail } from '../../../api/membership-fees/emails';
import { FEE_CLAIM_LEASE_MS } from '../../../api/spots/membership-fees';
import { isTestProvider } from '../../../api/providers/payments';
import { TEST_CARDS } from '../../../api/providers/payments/test';
import { auditLog, membershipFees, passPurchases, testPaymentIntents } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, outbox, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';
import { sellPass } from '../passes/helpers';

const HOUR = 3_600_000;
const FEES = { lateCancelFeeCents: 1500, noShowFeeCents: 2000 };

let server: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  ({ server } = await startWithCoach());
  admin = await createUser(server, 'admin', 'Ada');
});
afterAll(() => server.stop());

/** A coach of their own whose policy (Moderate: full refund until 48 hours) sets both fees, and an unlimited
 * membership they sell. */
async function coachWithFees(passRules: object = FEES) {
  const coach = await createUser(server, 'coach', 'Jordan');
  const put = await coach.client.put('/api/coaches/me/policy', { preset: 'moderate', passRules });
  expect(put.status).toBe(200);
  const pass = await sellPass(coach, {
    kind: 'membership',
    name: 'Unlimited monthly',
    price: 120,
    credits: null,
    validityDays: null,
    billingPeriod: 'month',
  });
  return { coach, pass };
}

/** The customer subscribes through the API, paying the first invoice with `cardNumber` (which then pays the fees). */
async function member(pass: { id: number; total: number }, cardNumber: string = TEST_CARDS.success) {
  const customer = await createUser(server, 'customer', 'Riley');
  const started = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: pass.total });
  expect(started.status).toBe(200);
  const paid = await customer.client.post('/api/payment/test-provider/pay', {
    paymentIntentId: started.body.paymentIntentId,
    clientSecret: started.body.clientSecret,
    cardNumber,
    expiry: '12/40',
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  return { customer, purchaseId: started.body.purchaseId as number };
}

async function classOf(coach: SignedIn, startsInHours: number, title?: string) {
  const cls = await createClass(server, { coachId: coach.id, priceCents: 2500, startsInHours, title });
  // Follows the coach's policy (with the fees).
  expect((await coach.client.request('PATCH', `/api/classes/${cls.id}`, { cancellationPolicy: null })).status).toBe(200);
  return cls;
}

async function book(customer: SignedIn, classId: number, purchaseId: number): Promise<number> {
  const res = await customer.client.post('/api/bookings', withWaivers({ classId, quantity: 1, payWith: { purchaseId } }));
  expect(res.status).toBe(201);
  return res.body.id;
}

const feesOf = (bookingId: number) => server.ctx.db.select().from(membershipFees).where(eq(membershipFees.bookingId, bookingId));
const intentOf = (id: string) => server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).get();
const mailTo = (email: string) => outbox(server).filter((m) => m.includes(`To: ${email}`));

describe('the policy', () => {
  test('takes both fees in cents (1..10000), shows them in its summary, and each booking keeps its copy', async () => {
    const { coach, pass } = await coachWithFees();
    const read = await coach.client.get('/api/coaches/me/policy');
    expect(read.body.policy.passRules).toMatchObject(FEES);
    expect(read.body.policy.summary).toContain(
      "With an unlimited membership, a late cancellation costs $15.00 and a missed class (no-show) $20.00, charged to the membership's card.",
    );
    const bad = await coach.client.put('/api/coaches/me/policy', { preset: 'moderate', passRules: { noShowFeeCents: 10_001 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('The no-show fee can be at most $100.');
    const cls = await classOf(coach, 72);
    const { customer, purchaseId } = await member(pass);
    const bookingId = await book(customer, cls.id, purchaseId);
    expect((await coach.client.put('/api/coaches/me/policy', { preset: 'moderate' })).status).toBe(200);
    expect((await customer.client.get(`/api/bookings/${bookingId}`)).body.cancellationPolicy.passRules).toMatchObject(FEES);
  });
});

describe('a late cancel', () => {
  test('is charged once, off-session to the membership card, with the coach share, and emailed', async () => {
    const { coach, pass } = await coachWithFees();
    const { customer, purchaseId } = await member(pass);
    const cls = await classOf(coach, 20, 'Fee Test Bootcamp');
    const bookingId = await book(customer, cls.id, purchaseId);
    // The booking states the fee the cancel dialog shows, and from when (the policy's 48-hour deadline).
    const shown = await customer.client.get(`/api/bookings/${bookingId}`);
    expect(shown.body.paidWithPass).toMatchObject({
      kind: 'membership',
      credits: 0,
      lateCancelFeeCents: 1500,
      noShowFeeCents: 2000,
      lateCancelFeeFrom: new Date(cls.startTime!.getTime() - 48 * HOUR).toISOString(),
    });
    const cancelled = await customer.client.put(`/api/bookings/${bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    const [fee, ...more] = await feesOf(bookingId);
    expect(more).toEqual([]);
    expect(fee).toMatchObject({ kind: 'late_cancel', amountCents: 1500, payoutCents: 1275, status: 'paid', purchaseId });
    const intent = await intentOf(fee!.chargeId!);
    expect(intent).toMatchObject({ status: 'succeeded', amountCents: 1500 });
    // Runs later charge nothing more.
    expect(await chargeMembershipFees(server.ctx)).toEqual([]);
    expect((await feesOf(bookingId)).length).toBe(1);
    const mail = mailTo(customer.email).find((m) => m.includes('late-cancellation fee charged'));
    expect(mail).toBeDefined();
    // Stripe's payment_intent.succeeded for the fee is acknowledged and changes nothing (it is no booking's payment).
    const provider = server.ctx.payments;
    if (!isTestProvider(provider)) throw new Error('test provider expected');
    const event = JSON.stringify({
      id: `evt_fee_${fee!.id}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: fee!.chargeId, object: 'payment_intent' } },
    });
    const hook = await server.client().request('POST', '/api/payment/webhook', undefined, {
      headers: { 'content-type': 'application/json', 'stripe-signature': await provider.signWebhook(event) },
      raw: event,
    });
    expect(hook.status).toBe(200);
    expect((await intentOf(fee!.chargeId!))!.refundedCents).toBe(0);
    expect((await feesOf(bookingId))[0]).toMatchObject({ status: 'paid', refundedAt: null });
  });

  test('in time for a full refund costs nothing', async () => {
    const { coach, pass } = await coachWithFees();
    const { customer, purchaseId } = await member(pass);
    const bookingId = await book(customer, (await classOf(coach, 72)).id, purchaseId);
    expect((await customer.client.put(`/api/bookings/${bookingId}/cancel`)).status).toBe(200);
    expect(await feesOf(bookingId)).toEqual([]);
  });

  test('a declined card leaves the fee unpaid, the cancellation done, and the customer told', async () => {
    const { coach, pass } = await coachWithFees();
    const { customer, purchaseId } = await member(pass, TEST_CARDS.failsOnRenewal);
    const bookingId = await book(customer, (await classOf(coach, 20)).id, purchaseId);
    const cancelled = await customer.client.put(`/api/bookings/${bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const [fee] = await feesOf(bookingId);
    expect(fee).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.', chargedAt: null });
    expect(mailTo(customer.email).some((m) => m.includes('not charged'))).toBe(true);
    // An admin cannot refund what was never charged.
    const refund = await admin.client.post(`/api/admin/membership-fees/${fee!.id}/refund`, { reason: 'Goodwill' });
    expect(refund.status).toBe(409);
  });
});

describe('a process that stopped mid-charge', () => {
  test('its claim lapses and the fee is charged again with the same key: one charge, one email', async () => {
    const { coach, pass } = await coachWithFees();
    const { customer, purchaseId } = await member(pass);
    // Cancelled in time (no fee), then a fee row as a dead process left it: claimed, charged at the provider, unrecorded.
    const bookingId = await book(customer, (await classOf(coach, 72)).id, purchaseId);
    expect((await customer.client.put(`/api/bookings/${bookingId}/cancel`)).status).toBe(200);
    const now = server.clock.now();
    const [row] = await server.ctx.db.write((tx) =>
      tx
        .insert(membershipFees)
        .values({
          bookingId,
          purchaseId,
          userId: customer.id,
          coachId: coach.id,
          kind: 'late_cancel',
          amountCents: 1500,
          payoutCents: 1275,
          status: 'charging',
          claimedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
    const purchase = (await server.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchaseId)).get())!;
    const first = await server.ctx.payments.chargeOffSession({
      subscriptionId: purchase.subscriptionId!,
      amountCents: 1500,
      description: 'Late-cancellation fee',
      metadata: { membershipFeeId: String(row!.id) },
      idempotencyKey: `membership-fee-${row!.id}`,
      payout: null,
    });
    // Within the claim's lease nobody else takes it.
    await chargeMembershipFees(server.ctx);
    expect((await feesOf(bookingId))[0]!.status).toBe('charging');
    server.clock.advance(FEE_CLAIM_LEASE_MS + 1000);
    await chargeMembershipFees(server.ctx);
    const [fee] = await feesOf(bookingId);
    expect(fee).toMatchObject({ status: 'paid', chargeId: first.id });
    const charges = (await server.ctx.db.select().from(testPaymentIntents)).filter((i) => i.metadata.membershipFeeId === String(row!.id));
    expect(charges).toHaveLength(1);
    expect(mailTo(customer.email).filter((m) => m.includes('late-cancellation fee charged'))).toHaveLength(1);
  });
});

describe('a no-show', () => {
  /** A one-hour class starting in an hour, booked with the membership, then over. */
  async function bookedAndOver() {
    const { coach, pass } = await coachWithFees();
    const { customer, purchaseId } = await member(pass);
    const bookingId = await book(customer, (await classOf(coach, 1)).id, purchaseId);
    server.clock.advance(2 * HOUR);
    return { coach, customer, bookingId };
  }
  const mark = (coach: SignedIn, bookingId: number, status: 'no_show' | null) =>
    coach.client.put(`/api/bookings/${bookingId}/attendance`, { attendee: 0, status });

  test('is charged once, 24 hours after the class, however many runs', async () => {
    const { coach, customer, bookingId } = await bookedAndOver();
    expect((await mark(coach, bookingId, 'no_show')).status).toBe(200);
    await chargeMembershipFees(server.ctx);
    expect(await feesOf(bookingId)).toEqual([]);
    server.clock.advance(24 * HOUR);
    const runs = await Promise.all([chargeMembershipFees(server.ctx), chargeMembershipFees(server.ctx)]);
    expect(runs.flat().filter((f) => f.bookingId === bookingId).length).toBe(1);
    await chargeMembershipFees(server.ctx);
    const fees = await feesOf(bookingId);
    expect(fees.map((f) => [f.kind, f.amountCents, f.status])).toEqual([['no_show', 2000, 'paid']]);
    expect(mailTo(customer.email).some((m) => m.includes('no-show fee charged'))).toBe(true);
  });

  test('is not charged when the coach cleared the mark before then', async () => {
    const { coach, bookingId } = await bookedAndOver();
    expect((await mark(coach, bookingId, 'no_show')).status).toBe(200);
    expect((await mark(coach, bookingId, null)).status).toBe(200);
    server.clock.advance(25 * HOUR);
    await chargeMembershipFees(server.ctx);
    expect(await feesOf(bookingId)).toEqual([]);
  });
});

describe('an admin refund', () => {
  test("refunds the whole fee to the card once, lists it on the customer's fees, with an audit row", async () => {
    const { coach, pass } = await coachWithFees();
    const { customer, purchaseId } = await member(pass);
    const bookingId = await book(customer, (await classOf(coach, 20)).id, purchaseId);
    expect((await customer.client.put(`/api/bookings/${bookingId}/cancel`)).status).toBe(200);
    const [fee] = await feesOf(bookingId);
    // The coach's earnings count the fee as a charged booking: 85% theirs, in whole cents.
    const earnings = async () => (await coach.client.get(`/api/coaches/${coach.id}/earnings`)).body.membershipFees;
    expect(await earnings()).toEqual({
      gross: 15,
      refunds: 0,
      platformFees: 2.25,
      net: 12.75,
      fees: 1,
      cardCharged: 15,
      platformDiscounts: 0,
      creditApplied: 0,
      refundedAsCredit: 0,
    });
    const list = await admin.client.get(`/api/admin/membership-fees?userId=${customer.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: fee!.id, kind: 'late_cancel', amountCents: 1500, status: 'paid', refundedAt: null }),
    ]);
    const notAdmin = await customer.client.post(`/api/admin/membership-fees/${fee!.id}/refund`, { reason: 'Please' });
    expect(notAdmin.status).toBe(403);
    const [first, second] = await Promise.all([
      admin.client.post(`/api/admin/membership-fees/${fee!.id}/refund`, { reason: 'Injured, with a note' }),
      admin.client.post(`/api/admin/membership-fees/${fee!.id}/refund`, { reason: 'Injured, with a note' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const intent = await intentOf(fee!.chargeId!);
    expect(intent!.refundedCents).toBe(1500);
    const audits = await server.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'membership_fee.refund'));
    expect(audits.filter((a) => a.bookingId === bookingId).length).toBe(1);
    expect((await feesOf(bookingId))[0]!.refundedAt).not.toBeNull();
    // The customer is told, once.
    expect(mailTo(customer.email).filter((m) => m.includes('Refunded: $15.00 late-cancellation fee'))).toHaveLength(1);
    // Refunded: both shares go back, and the figures still reconcile (gross - refunds - platformFees = net).
    expect(await earnings()).toEqual({
      gross: 15,
      refunds: 15,
      platformFees: 0,
      net: 0,
      fees: 1,
      cardCharged: 15,
      platformDiscounts: 0,
      creditApplied: 0,
      refundedAsCredit: 0,
    });
  });
});

describe('the email', () => {
  test('says what was charged, why, the class in Pacific time, and how to dispute', () => {
    const facts = {
      to: 'riley@fogline.test',
      firstName: 'Riley',
      coachName: 'Jordan Tester',
      coachEmail: 'jordan@fogline.test',
      className: 'Sunrise Yoga',
      classStart: new Date('2027-03-14T16:00:00Z'),
      membershipName: 'Unlimited monthly',
    };
    const paid = feeEmail(
      { id: 7, kind: 'no_show', amountCents: 2000, status: 'paid', failureMessage: null },
      facts,
      'https://fogline.test',
    );
    expect(paid.subject).toBe('$20.00 no-show fee charged: Sunrise Yoga');
    expect(paid.text).toContain('You were marked as not attending Sunrise Yoga (Sunday, March 14, 2027 at 9:00 AM PT)');
    expect(paid.text).toContain('we charged $20.00 to the card your membership uses');
    expect(paid.text).toContain('reply to this email, contact Jordan Tester at jordan@fogline.test, or write to support@fogline.test');
    const failed = feeEmail(
      { id: 8, kind: 'late_cancel', amountCents: 1500, status: 'failed', failureMessage: 'Your card was declined.' },
      facts,
      'https://fogline.test',
    );
    expect(failed.subject).toBe('Late-cancellation fee of $15.00 not charged: Sunrise Yoga');
    expect(failed.text).toContain('You cancelled Sunrise Yoga (Sunday, March 14, 2027 at 9:00 AM PT) after the last deadline');
    expect(failed.text).toContain('(Your card was declined.), so nothing was charged and the fee is recorded as unpaid');
  });
});

describe('money reconciles', () => {
  test('per fee, after the scenarios: charged = recorded = refunded at the provider, nothing left unsettled', async () => {
    const fees = await server.ctx.db.select().from(membershipFees);
    expect(fees.length).toBeGreaterThan(0);
    const intents = new Map((await server.ctx.db.select().from(testPaymentIntents)).map((i) => [i.id, i]));
    const problems: string[] = [];
    for (const fee of fees) {
      const intent = fee.chargeId ? intents.get(fee.chargeId) : undefined;
      if (fee.status === 'pending' || fee.status === 'charging') problems.push(`${fee.id}: still ${fee.status}`);
      if (fee.payoutCents !== Math.floor(fee.amountCents * 0.85))
        problems.push(`${fee.id}: payout ${fee.payoutCents} of ${fee.amountCents}`);
      if (fee.status === 'paid') {
        if (intent?.status !== 'succeeded' || intent.amountCents !== fee.amountCents)
          problems.push(`${fee.id}: recorded ${fee.amountCents}, charged ${intent?.amountCents} (${intent?.status})`);
        if ((intent?.refundedCents ?? 0) !== (fee.refundedAt ? fee.amountCents : 0))
          problems.push(`${fee.id}: provider refunded ${intent?.refundedCents}, recorded ${fee.refundedAt ? fee.amountCents : 0}`);
      }
      if (fee.status === 'failed' && intent?.status === 'succeeded') problems.push(`${fee.id}: failed but charged`);
      if (fee.status === 'failed' && fee.refundedAt) problems.push(`${fee.id}: refunded but never charged`);
    }
    // Exactly one charge at the provider per fee.
    const perFee = new Map<string, number>();
    for (const intent of intents.values()) {
      const id = intent.metadata.membershipFeeId;
      if (id) perFee.set(id, (perFee.get(id) ?? 0) + 1);
    }
    for (const [id, n] of perFee) if (n !== 1) problems.push(`fee ${id}: ${n} charges`);
    expect(problems).toEqual([]);
  });
});

test('the server runs the test provider', () => {
  expect(isTestProvider(server.ctx.payments)).toBe(true);
});
