// Memberships through the API with the built-in test provider (issue 19, Done when): a customer subscribes, books
// with the period's credits, the clock passes the renewal (renewal receipt, fresh credits, the unused ones written
// off), the renewal card fails on the next one (past due: booking refused, an email with the update-card link), a
// new card pays it, and the customer cancels (it ends with the paid period). Pauses, unlimited memberships, the
// webhook and every refusal of the wallet's membership routes too.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { runIfDue } from '../../../api/lib/jobs';
import { MEMBERSHIPS_JOB } from '../../../api/passes/memberships/renewals';
import { isTestProvider } from '../../../api/providers/payments';
import { TEST_CARDS } from '../../../api/providers/payments/test';
import { passLedger, passPurchases, testInvoices } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, outbox, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { reconcileLedger, sellPass } from '../passes/helpers';
import { withWaivers } from '../../helpers/waivers';

const DAY = 86_400_000;
const FAILS_ON_RENEWAL = '4000 0000 0000 0341';

let server: TestServer;
let coach: SignedIn;
beforeAll(async () => {
  ({ server, coach } = await startWithCoach());
});
afterAll(() => server.stop());

type Wallet = {
  purchaseId: number;
  status: string;
  creditsLeft: number | null;
  currentPeriodEnd: string | null;
  nextRenewalAt: string | null;
  cancelAtPeriodEnd: boolean;
  pausedAt: string | null;
  pauseEndsAt: string | null;
  history: { kind: string; delta: number }[];
};

async function walletPass(customer: SignedIn, purchaseId: number): Promise<Wallet> {
  const res = await customer.client.get('/api/wallet?status=all');
  expect(res.status).toBe(200);
  return (res.body.passes as Wallet[]).find((p) => p.purchaseId === purchaseId)!;
}

const membershipInput = {
  kind: 'membership' as const,
  name: 'Monthly 4-class membership',
  price: 80,
  credits: 4,
  validityDays: null,
  billingPeriod: 'month' as const,
};

/** Buys the membership through the API: purchase, then the test provider's card form on the first invoice. */
async function subscribe(customer: SignedIn, pass: { id: number; total: number }, cardNumber: string = TEST_CARDS.success) {
  const started = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: pass.total });
  expect(started.status).toBe(200);
  expect(started.body).toMatchObject({ kind: 'membership', status: 'pending', amount: pass.total });
  expect(started.body.subscriptionId).toStartWith('sub_test_');
  const paid = await customer.client.post('/api/payment/test-provider/pay', {
    paymentIntentId: started.body.paymentIntentId,
    clientSecret: started.body.clientSecret,
    cardNumber,
    expiry: '12/40',
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  return started.body.purchaseId as number;
}

/** Everyone signed in here: they use the site while the clock passes, so their 30-day sessions stay alive. */
const people: SignedIn[] = [];
async function person(): Promise<SignedIn> {
  const signedIn = await createUser(server);
  people.push(signedIn);
  return signedIn;
}

/** The clock passes `to` (in steps of at most 10 days, each person visiting meanwhile), and the memberships job
 * (claimed in the database) runs. */
async function passTime(to: string | Date) {
  const target = new Date(to).getTime() + 60_000;
  while (server.clock.now().getTime() < target) {
    server.clock.set(new Date(Math.min(target, server.clock.now().getTime() + 10 * DAY)));
    for (const someone of [coach, ...people]) expect((await someone.client.get('/api/user')).status).toBe(200);
  }
  expect(await runIfDue(server.ctx, MEMBERSHIPS_JOB)).toBe(true);
}

async function bookWith(customer: SignedIn, purchaseId: number, classId: number) {
  return customer.client.post(
    '/api/bookings',
    withWaivers({ classId, quantity: 1, attendees: [{ name: 'Casey Tester' }], payWith: { purchaseId } }),
  );
}

/** The outbox's messages to this customer with this in their subject or text (quoted-printable decoded). */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const mailTo = (customer: SignedIn, subject: string) =>
  outbox(server)
    .map(decoded)
    .filter((m) => m.includes(customer.email) && m.includes(subject));

describe('memberships (test provider)', () => {
  test('subscribe, renew with the clock, fail the next renewal, pay it with a new card, then cancel', async () => {
    const pass = await sellPass(coach, membershipInput);
    const customer = await person();
    const purchaseId = await subscribe(customer, pass, FAILS_ON_RENEWAL);

    // The first period is paid: active, 4 credits, a receipt.
    let wallet = await walletPass(customer, purchaseId);
    expect(wallet).toMatchObject({ status: 'active', creditsLeft: 4, cancelAtPeriodEnd: false });
    expect(mailTo(customer, 'Your receipt: Monthly 4-class membership')).toHaveLength(1);
    const firstEnd = wallet.currentPeriodEnd!;
    expect(wallet.nextRenewalAt).toBe(firstEnd);

    const cls = await createClass(server, { coachId: coach.id, priceCents: 2500, startsInHours: 24 });
    expect((await bookWith(customer, purchaseId, cls.id)).status).toBe(201);
    expect((await walletPass(customer, purchaseId)).creditsLeft).toBe(3);

    // The clock passes the renewal: paid, a renewal receipt, 4 fresh credits; the 3 unused ones do not roll over.
    await passTime(firstEnd);
    wallet = await walletPass(customer, purchaseId);
    expect(wallet).toMatchObject({ status: 'active', creditsLeft: 4 });
    expect(new Date(wallet.currentPeriodEnd!).getTime()).toBeGreaterThan(new Date(firstEnd).getTime());
    expect(wallet.history.map((h) => [h.kind, h.delta])).toEqual(
      expect.arrayContaining([
        ['purchase', 4],
        ['booking', -1],
        ['expiry', -3],
        ['renewal', 4],
      ]),
    );
    expect(mailTo(customer, 'Your renewal receipt: Monthly 4-class membership')).toHaveLength(1);

    // The next renewal is declined: past due, booking refused with the card-update message, an email with the link.
    await passTime(wallet.currentPeriodEnd!);
    wallet = await walletPass(customer, purchaseId);
    expect(wallet.status).toBe('past_due');
    const later = await createClass(server, { coachId: coach.id, priceCents: 2500, startsInHours: 24 });
    const refused = await bookWith(customer, purchaseId, later.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Your membership payment is past due: update your card in your wallet to book with it.');
    const failed = mailTo(customer, 'Action needed: update your card for Monthly 4-class membership');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain(`/wallet?highlight=${purchaseId}`);
    expect(failed[0]).toContain('Your card was declined.');

    // Updating the card pays the renewal at once and the membership books again.
    const open = await customer.client.post(`/api/wallet/${purchaseId}/update-card`);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ purchaseId, amount: 84 });
    const paid = await customer.client.post('/api/payment/test-provider/pay', {
      paymentIntentId: open.body.paymentIntentId,
      clientSecret: open.body.clientSecret,
      cardNumber: TEST_CARDS.success,
      expiry: '12/40',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    wallet = await walletPass(customer, purchaseId);
    expect(wallet).toMatchObject({ status: 'active', creditsLeft: 4 });
    expect((await bookWith(customer, purchaseId, later.id)).status).toBe(201);
    expect(mailTo(customer, 'Your renewal receipt')).toHaveLength(2);

    // Cancel: it keeps the paid period, will not renew, says so by email, and ends with the period.
    const cancelled = await customer.client.post(`/api/wallet/${purchaseId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ purchaseId, status: 'active', cancelAtPeriodEnd: true, nextRenewalAt: null });
    expect(cancelled.body.message).toContain('You can keep booking with it until');
    expect(mailTo(customer, 'Cancelled: Monthly 4-class membership')).toHaveLength(1);
    const again = await customer.client.post(`/api/wallet/${purchaseId}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toStartWith('This membership is already cancelled: it ends on');

    const end = wallet.currentPeriodEnd!;
    await passTime(end);
    wallet = await walletPass(customer, purchaseId);
    expect(wallet.status).toBe('ended');
    // Three invoices in all, nothing after the cancellation: the first period, the paid renewal, the declined
    // one paid with the new card.
    const [row] = await server.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchaseId));
    const invoices = await server.ctx.db.select().from(testInvoices).where(eq(testInvoices.subscriptionId, row!.subscriptionId!));
    expect(invoices.map((i) => [i.billingReason, i.status]).sort()).toEqual([
      ['subscription_create', 'paid'],
      ['subscription_cycle', 'paid'],
      ['subscription_cycle', 'paid'],
    ]);
    await reconcileLedger(server, [customer]);
  });

  test('a renewal is recorded once however often its event arrives (webhook replays, the job, the card form)', async () => {
    const pass = await sellPass(coach, membershipInput);
    const customer = await person();
    const purchaseId = await subscribe(customer, pass);
    const wallet = await walletPass(customer, purchaseId);
    await passTime(wallet.currentPeriodEnd!);
    const rows = await server.ctx.db.select().from(passLedger).where(eq(passLedger.purchaseId, purchaseId));
    const renewal = rows.find((r) => r.kind === 'renewal')!;
    const payload = JSON.stringify({
      id: 'evt_replay',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: renewal.paymentRef } },
    });
    const provider = server.ctx.payments;
    if (!isTestProvider(provider)) throw new Error('expected the test provider');
    for (let i = 0; i < 3; i++) {
      const res = await server.client().request('POST', '/api/payment/webhook', undefined, {
        headers: { 'content-type': 'application/json', 'stripe-signature': await provider.signWebhook(payload) },
        raw: payload,
      });
      expect(res.status).toBe(200);
    }
    const after = await server.ctx.db.select().from(passLedger).where(eq(passLedger.purchaseId, purchaseId));
    expect(after.filter((r) => r.kind === 'renewal')).toHaveLength(1);
    expect(mailTo(customer, 'Your renewal receipt')).toHaveLength(1);
  });

  test('an unlimited membership books without credits while paid up, and is refused once past due', async () => {
    const pass = await sellPass(coach, { ...membershipInput, name: 'Unlimited weekly', credits: null, billingPeriod: 'week', price: 30 });
    const customer = await person();
    const purchaseId = await subscribe(customer, pass, FAILS_ON_RENEWAL);
    const wallet = await walletPass(customer, purchaseId);
    expect(wallet).toMatchObject({ status: 'active', creditsLeft: null });
    expect(new Date(wallet.currentPeriodEnd!).getTime() - server.clock.now().getTime()).toBeLessThanOrEqual(7 * DAY);
    for (let i = 0; i < 3; i++) {
      const cls = await createClass(server, { coachId: coach.id, priceCents: 2500, startsInHours: 24 + i });
      expect((await bookWith(customer, purchaseId, cls.id)).status).toBe(201);
    }
    await passTime(wallet.currentPeriodEnd!); // the first renewal is paid
    const renewed = await walletPass(customer, purchaseId);
    expect(renewed.status).toBe('active');
    await passTime(renewed.currentPeriodEnd!); // the next one is declined
    expect((await walletPass(customer, purchaseId)).status).toBe('past_due');
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2500, startsInHours: 24 });
    const refused = await bookWith(customer, purchaseId, cls.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('past due');
  });

  test('a pause starts when the paid period ends, charges nothing, and moves the renewal by its weeks', async () => {
    const pass = await sellPass(coach, { ...membershipInput, name: 'Pausable monthly', maxPauseWeeks: 3 } as never);
    const customer = await person();
    const purchaseId = await subscribe(customer, pass);
    const wallet = await walletPass(customer, purchaseId);
    const periodEnd = new Date(wallet.currentPeriodEnd!);

    const tooLong = await customer.client.post(`/api/wallet/${purchaseId}/pause`, { weeks: 4 });
    expect(tooLong.status).toBe(409);
    expect(tooLong.body.message).toMatch(/^You can pause for at most 3 more weeks in \d{4} \(this membership allows 3 a year\)\.$/);
    const bad = await customer.client.post(`/api/wallet/${purchaseId}/pause`, { weeks: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Choose how many weeks to pause, from 1 to 26.');

    const paused = await customer.client.post(`/api/wallet/${purchaseId}/pause`, { weeks: 2 });
    expect(paused.status).toBe(200);
    const resumesAt = new Date(periodEnd.getTime() + 14 * DAY).toISOString();
    expect(paused.body).toMatchObject({
      status: 'active',
      pausedAt: periodEnd.toISOString(),
      pauseEndsAt: resumesAt,
      nextRenewalAt: resumesAt,
      pauseWeeksLeft: 1,
    });
    expect(mailTo(customer, 'Paused from')).toHaveLength(1);
    const twice = await customer.client.post(`/api/wallet/${purchaseId}/pause`, { weeks: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toStartWith('This membership is already paused until');

    // Still bookable until the paid period ends; paused after it, with nothing charged.
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2500, startsInHours: 24 });
    expect((await bookWith(customer, purchaseId, cls.id)).status).toBe(201);
    await passTime(periodEnd);
    expect(await walletPass(customer, purchaseId)).toMatchObject({ status: 'paused', creditsLeft: 0 });
    const during = await createClass(server, { coachId: coach.id, priceCents: 2500, startsInHours: 24 });
    const refused = await bookWith(customer, purchaseId, during.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toStartWith('Your membership is paused until');

    // The pause ends: renewed there, and the cycle runs from that day.
    await passTime(resumesAt);
    const back = await walletPass(customer, purchaseId);
    expect(back).toMatchObject({ status: 'active', creditsLeft: 4, pausedAt: null, pauseEndsAt: null });
    expect(new Date(back.currentPeriodEnd!).getTime()).toBeGreaterThan(new Date(resumesAt).getTime() + 27 * DAY);
    expect(mailTo(customer, 'Your renewal receipt')).toHaveLength(1);
  });

  test('a planned pause can be called off, and a running one ended early: charged at once, the unused weeks back', async () => {
    const pass = await sellPass(coach, { ...membershipInput, name: 'Resumable monthly', maxPauseWeeks: 3 } as never);
    const customer = await person();
    const purchaseId = await subscribe(customer, pass);
    const wallet = await walletPass(customer, purchaseId);
    const periodEnd = new Date(wallet.currentPeriodEnd!);

    expect((await customer.client.post(`/api/wallet/${purchaseId}/pause`, { weeks: 2 })).body.pauseWeeksLeft).toBe(1);
    const calledOff = await customer.client.post(`/api/wallet/${purchaseId}/resume`);
    expect(calledOff.status).toBe(200);
    expect(calledOff.body).toMatchObject({
      status: 'active',
      pausedAt: null,
      pauseEndsAt: null,
      pauseWeeksLeft: 3,
      nextRenewalAt: periodEnd.toISOString(),
    });
    expect(calledOff.body.message).toStartWith('Your pause is called off: the membership renews on');
    const notPaused = await customer.client.post(`/api/wallet/${purchaseId}/resume`);
    expect(notPaused.status).toBe(409);
    expect(notPaused.body.message).toBe('This membership is not paused.');

    // Paused for 3 weeks from the period's end, back after one: charged at once, a new cycle from today.
    expect((await customer.client.post(`/api/wallet/${purchaseId}/pause`, { weeks: 3 })).status).toBe(200);
    await passTime(periodEnd);
    expect((await walletPass(customer, purchaseId)).status).toBe('paused');
    await passTime(new Date(periodEnd.getTime() + 7 * DAY));
    const back = await customer.client.post(`/api/wallet/${purchaseId}/resume`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'active', pausedAt: null, pauseEndsAt: null, pauseWeeksLeft: 2 });
    expect(back.body.message).toStartWith('Welcome back: your membership is active again until');
    expect(new Date(back.body.currentPeriodEnd).getTime()).toBeGreaterThan(server.clock.now().getTime() + 27 * DAY);
    expect(await walletPass(customer, purchaseId)).toMatchObject({ status: 'active', creditsLeft: 4 });
    expect(mailTo(customer, 'Your renewal receipt: Resumable monthly')).toHaveLength(1);
    // The job finds nothing left to charge for that period.
    await passTime(new Date(server.clock.now().getTime() + DAY));
    expect(mailTo(customer, 'Your renewal receipt: Resumable monthly')).toHaveLength(1);
  });

  test('the wallet routes refuse what cannot be done, with a clear message', async () => {
    const membership = await sellPass(coach, { ...membershipInput, name: 'No-pause monthly' });
    const pack = await sellPass(coach, { name: '3-class pack', credits: 3, price: 60 });
    const customer = await person();
    const other = await person();
    const purchaseId = await subscribe(customer, membership);

    expect((await customer.client.post(`/api/wallet/${purchaseId}/pause`, { weeks: 1 })).body.message).toBe(
      'This membership cannot be paused.',
    );
    const owed = await customer.client.post(`/api/wallet/${purchaseId}/update-card`);
    expect(owed.status).toBe(409);
    expect(owed.body.message).toBe('This membership is paid up: there is nothing to pay.');
    const notYours = await other.client.post(`/api/wallet/${purchaseId}/cancel`);
    expect(notYours.status).toBe(404);
    expect(notYours.body.message).toBe('Purchase not found.');
    expect((await customer.client.post('/api/wallet/999999/cancel')).status).toBe(404);
    expect((await server.client().post(`/api/wallet/${purchaseId}/cancel`)).status).toBe(401);
    const unknown = await customer.client.post(`/api/wallet/${purchaseId}/pause`, { weeks: 1, from: 'today' });
    expect(unknown.status).toBe(400);

    // A pack is not a membership; a membership never paid cannot be cancelled yet.
    const started = await customer.client.post(`/api/passes/${pack.id}/purchase`, { amount: pack.total });
    const packCancel = await customer.client.post(`/api/wallet/${started.body.purchaseId}/cancel`);
    expect(packCancel.status).toBe(409);
    expect(packCancel.body.message).toBe('Only a membership can be cancelled or paused: a class pack simply ends when its credits expire.');
    const unpaid = await other.client.post(`/api/passes/${membership.id}/purchase`, { amount: membership.total });
    const early = await other.client.post(`/api/wallet/${unpaid.body.purchaseId}/cancel`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This membership has not been paid for yet.');
  });

  test('cancelled while past due: the unpaid renewal is voided, nothing more is charged, it ends with the period', async () => {
    const pass = await sellPass(coach, { ...membershipInput, name: 'Past-due weekly', billingPeriod: 'week' });
    const customer = await person();
    const purchaseId = await subscribe(customer, pass, FAILS_ON_RENEWAL);
    await passTime((await walletPass(customer, purchaseId)).currentPeriodEnd!); // paid
    await passTime((await walletPass(customer, purchaseId)).currentPeriodEnd!); // declined
    const owed = await walletPass(customer, purchaseId);
    expect(owed.status).toBe('past_due');

    const cancelled = await customer.client.post(`/api/wallet/${purchaseId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toStartWith('Your membership is cancelled and will not renew. The unpaid renewal is not charged again');
    const pay = await customer.client.post(`/api/wallet/${purchaseId}/update-card`);
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe('This membership is cancelled: its unpaid renewal will not be charged, so there is nothing to pay.');

    await passTime(owed.currentPeriodEnd!);
    expect((await walletPass(customer, purchaseId)).status).toBe('ended');
    const [row] = await server.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchaseId));
    const invoices = await server.ctx.db.select().from(testInvoices).where(eq(testInvoices.subscriptionId, row!.subscriptionId!));
    expect(invoices.map((i) => i.status).sort()).toEqual(['paid', 'paid', 'void']);
  });

  test('cancelled while paused: it stays paused, is never charged again and ends', async () => {
    const pass = await sellPass(coach, { ...membershipInput, name: 'Paused then cancelled', maxPauseWeeks: 2 } as never);
    const customer = await person();
    const purchaseId = await subscribe(customer, pass);
    const wallet = await walletPass(customer, purchaseId);
    expect((await customer.client.post(`/api/wallet/${purchaseId}/pause`, { weeks: 2 })).status).toBe(200);
    await passTime(wallet.currentPeriodEnd!);
    expect((await walletPass(customer, purchaseId)).status).toBe('paused');
    const cancelled = await customer.client.post(`/api/wallet/${purchaseId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('Your membership is cancelled: it stays paused and will not renew. Nothing more will be charged.');
    expect(mailTo(customer, 'Cancelled: Paused then cancelled')).toHaveLength(1);
    await passTime(new Date(new Date(wallet.currentPeriodEnd!).getTime() + 15 * DAY));
    expect((await walletPass(customer, purchaseId)).status).toBe('ended');
    expect(mailTo(customer, 'Your renewal receipt')).toHaveLength(0);
  });

  test('an account with a renewing membership is deleted only once the membership is cancelled', async () => {
    const pass = await sellPass(coach, { ...membershipInput, name: 'Leaving monthly' });
    const customer = await person();
    const purchaseId = await subscribe(customer, pass);
    const refused = await customer.client.request('DELETE', '/api/users/me', {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'You have a membership that renews. Cancel it in your wallet before deleting your account, so nothing more is charged.',
    );
    expect((await customer.client.post(`/api/wallet/${purchaseId}/cancel`)).status).toBe(200);
    expect((await customer.client.request('DELETE', '/api/users/me', {})).status).toBe(200);
    people.splice(people.indexOf(customer), 1); // signed out for good
  });
});
