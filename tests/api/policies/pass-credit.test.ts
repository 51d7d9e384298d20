// Coach credit spent on passes (issue 20: "spent automatically (partly or wholly) at checkout on that coach's classes
// and passes, with the rest paid by card"): a pack's purchase sets the buyer's credit aside in its own write, the
// confirming write spends it, the card pays the rest (nothing when credit pays it all), a checkout that ends stops
// holding it (a late payment then refunded when the credit went elsewhere), an admin's refund gives the credit part
// back as credit, memberships take none, and the ledger reconciles with every booking and purchase. Runs on a file
// and, with TEST_DATABASE=sqld, on sqld.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { coachCredits, passPurchases, testPaymentIntents } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createUser, sentMail, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';
import { sellPass } from '../passes/helpers';
import { balanceWith, CARD, classOf, creditReconciliation, customerWithCredit, DAY, refundedOn } from './helpers';

let server: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  ({ server } = await startWithCoach());
  admin = await createUser(server, 'admin');
});
afterAll(() => server.stop());

const MINUTE = 60_000;

/** Opens the pass checkout as the site does (the total shown), answering the purchase. */
async function startPurchase(customer: SignedIn, pass: { id: number; total: number }) {
  const res = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: pass.total });
  expect(res.status).toBe(200);
  return res.body as {
    purchaseId: number;
    amount: number;
    creditApplied: number;
    cardAmount: number;
    paymentIntentId: string | null;
    clientSecret: string | null;
    status: string;
  };
}

async function payAndConfirm(
  customer: SignedIn,
  started: { purchaseId: number; paymentIntentId: string | null; clientSecret: string | null },
) {
  const paid = await customer.client.post('/api/payment/test-provider/pay', {
    paymentIntentId: started.paymentIntentId,
    clientSecret: started.clientSecret,
    ...CARD,
  });
  expect(paid.status).toBe(200);
  return customer.client.post(`/api/wallet/${started.purchaseId}/confirm`);
}

const purchaseRow = async (id: number) => (await server.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, id)).get())!;
const ledgerOf = async (purchaseId: number) => server.ctx.db.select().from(coachCredits).where(eq(coachCredits.purchaseId, purchaseId));

describe('coach credit spent on a pass', () => {
  test('partly: the quote and the purchase spend it first, the card pays exactly the rest, the confirming write spends it', async () => {
    const { c, customer, credit } = await customerWithCredit(server, 2000); // 2100 of credit
    const pass = await sellPass(c, { name: 'Credit pack', price: 100, credits: 5, validityDays: 60 }); // 10500 total
    const quote = await customer.client.get(`/api/passes/${pass.id}/quote`);
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ totalCents: 10500, creditAppliedCents: credit, cardCents: 8400, promoCode: null });
    const started = await startPurchase(customer, pass);
    expect(started).toMatchObject({ amount: 105, creditApplied: 21, cardAmount: 84, status: 'pending' });
    const intent = await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, started.paymentIntentId!)).get();
    expect(intent!.amountCents).toBe(8400);
    // Set aside, not spent: the ledger is whole, but a class checkout of the coach meanwhile finds none to spend.
    expect(await balanceWith(customer, c.id)).toBe(credit);
    const cls = await classOf(server, c, 1000, 10 * DAY);
    expect((await customer.client.get(`/api/payment/quote?classId=${cls.id}&quantity=1`)).body.creditAppliedCents).toBe(0);
    // A reload reuses the purchase, its intent and the credit it holds.
    expect((await startPurchase(customer, pass)).purchaseId).toBe(started.purchaseId);
    const confirmed = await payAndConfirm(customer, started);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'active', creditsLeft: 5 });
    expect(await balanceWith(customer, c.id)).toBe(0);
    expect((await ledgerOf(started.purchaseId)).map((r) => [r.kind, r.amountCents])).toEqual([['spent', -2100]]);
    const receipt = (await sentMail(server)).find((m) => m.includes(customer.email) && m.includes('Receipt: Credit pack'));
    expect(receipt).toContain('by card');
  });

  test('wholly: credit paying it all needs no card; the confirm call activates it and spends the credit', async () => {
    const { c, customer } = await customerWithCredit(server, 4000); // 4200 of credit
    const pass = await sellPass(c, { name: 'Small pack', price: 20, credits: 1, validityDays: 30 }); // 2100 total
    const started = await startPurchase(customer, pass);
    expect(started).toMatchObject({ amount: 21, creditApplied: 21, cardAmount: 0, paymentIntentId: null, clientSecret: null });
    expect(await balanceWith(customer, c.id)).toBe(4200);
    const confirmed = await customer.client.post(`/api/wallet/${started.purchaseId}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'active', creditsLeft: 1 });
    expect(await balanceWith(customer, c.id)).toBe(2100);
    // Confirmed again: nothing spent twice.
    expect((await customer.client.post(`/api/wallet/${started.purchaseId}/confirm`)).status).toBe(200);
    expect((await ledgerOf(started.purchaseId)).map((r) => r.amountCents)).toEqual([-2100]);
    // The pack's credit books a class at once.
    const cls = await classOf(server, c, 1500, 10 * DAY);
    const booked = await customer.client.post(
      '/api/bookings',
      withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: started.purchaseId } }),
    );
    expect(booked.status).toBe(201);
  });

  test("another coach's pass and a membership take none", async () => {
    const { c, customer } = await customerWithCredit(server, 2000);
    const other = await createUser(server, 'coach', 'Robin');
    const elsewhere = await sellPass(other, { name: 'Elsewhere pack' });
    expect((await startPurchase(customer, elsewhere)).creditApplied).toBe(0);
    const membership = await sellPass(c, {
      kind: 'membership',
      name: 'Monthly',
      price: 80,
      credits: null,
      validityDays: null,
      billingPeriod: 'month',
    });
    const started = await startPurchase(customer, membership);
    expect(started).toMatchObject({ creditApplied: 0, cardAmount: 84 });
    expect(await balanceWith(customer, c.id)).toBe(2100);
  });

  test('a class hold and a pass checkout at once cannot spend the same credit twice', async () => {
    const { c, customer } = await customerWithCredit(server, 2000); // 2100
    const pass = await sellPass(c, { name: 'Race pack', price: 20, credits: 1, validityDays: 30 }); // 2100
    const cls = await classOf(server, c, 2000, 10 * DAY); // 2100
    const [classHold, purchase] = await Promise.all([
      customer.client.post('/api/payment/create-intent', withWaivers({ classId: cls.id, quantity: 1, amount: 0 })),
      customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: pass.total }),
    ]);
    expect(purchase.status).toBe(200);
    const classCredit = classHold.status === 200 ? Math.round(classHold.body.creditApplied * 100) : 0;
    // Whichever wrote first holds all of it; the other gets none (the class's card-free amount is then refused).
    expect(classCredit + Math.round(purchase.body.creditApplied * 100)).toBe(2100);
    if (classHold.status !== 200) expect(classHold.status).toBe(409);
  });
});

describe('a pass checkout that ends', () => {
  test('stops holding its credit; a payment after the credit went elsewhere is refunded in full, and nothing is spent', async () => {
    const { c, customer } = await customerWithCredit(server, 2000); // 2100
    const pass = await sellPass(c, { name: 'Late pack', price: 100, credits: 5, validityDays: 60 });
    const started = await startPurchase(customer, pass);
    expect(started.creditApplied).toBe(21);
    server.clock.advance(31 * MINUTE);
    // Released: a class checkout now spends it all (credit covering it, confirmed with the attendees).
    const cls = await classOf(server, c, 2000, 10 * DAY);
    const booked = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 1, amount: 0, attendees: [{ name: 'Casey Tester' }] }),
    );
    expect(booked.status).toBe(200);
    expect(booked.body.status).toBe('confirmed');
    // The old checkout's card payment arrives late (its webhook settles it first): the credit it counted on is gone,
    // so the activating write refuses it and the card is refunded in full.
    const late = await payAndConfirm(customer, started);
    expect(late.status).toBe(409);
    expect(await refundedOn(server, started.paymentIntentId!)).toBe(8400);
    expect((await purchaseRow(started.purchaseId)).status).toBe('cancelled');
    expect(await ledgerOf(started.purchaseId)).toEqual([]);
    expect(await balanceWith(customer, c.id)).toBe(0);
  });

  test('a reload after the checkout ended sets the credit aside again in a new purchase', async () => {
    const { c, customer } = await customerWithCredit(server, 2000);
    const pass = await sellPass(c, { name: 'Reload pack', price: 100, credits: 5, validityDays: 60 });
    const first = await startPurchase(customer, pass);
    server.clock.advance(31 * MINUTE);
    const again = await startPurchase(customer, pass);
    expect(again.purchaseId).not.toBe(first.purchaseId);
    expect(again.creditApplied).toBe(21);
    expect((await purchaseRow(first.purchaseId)).status).toBe('cancelled');
    expect((await payAndConfirm(customer, again)).status).toBe(200);
    expect(await balanceWith(customer, c.id)).toBe(0);
  });
});

describe("an admin's refund of a pass paid partly with credit", () => {
  test('splits as it was paid: the card share to the card, the credit share back as credit', async () => {
    const { c, customer } = await customerWithCredit(server, 2000); // 2100
    const pass = await sellPass(c, { name: 'Split pack', price: 100, credits: 5, validityDays: 60 }); // 2100 credit + 8400 card
    const started = await startPurchase(customer, pass);
    expect((await payAndConfirm(customer, started)).status).toBe(200);
    const cls = await classOf(server, c, 1500, 10 * DAY);
    expect(
      (
        await customer.client.post(
          '/api/bookings',
          withWaivers({ classId: cls.id, quantity: 1, payWith: { purchaseId: started.purchaseId } }),
        )
      ).status,
    ).toBe(201);
    const refund = await admin.client.post(`/api/passes/purchases/${started.purchaseId}/refund`, { reason: 'Moving away' });
    expect(refund.status).toBe(200);
    // 4 of 5 unused: 10500 x 4/5 = 8400 back, as paid: 8400 x 8400/10500 = 6720 to the card, 1680 as credit.
    expect(refund.body).toMatchObject({ creditsRefunded: 4, refunded: 67.2, refundedAsCredit: 16.8 });
    expect(await refundedOn(server, started.paymentIntentId!)).toBe(6720);
    expect(await balanceWith(customer, c.id)).toBe(1680);
    expect(await purchaseRow(started.purchaseId)).toMatchObject({ refundedCents: 6720, creditReturnedCents: 1680 });
    const notice = (await sentMail(server)).find((m) => m.includes(customer.email) && m.includes('Refunded: Split pack'));
    expect(notice).toContain('as credit with');
  });

  test('a pass paid wholly with credit comes back wholly as credit, nothing to the card', async () => {
    const { c, customer } = await customerWithCredit(server, 4000); // 4200
    const pass = await sellPass(c, { name: 'Credit-only pack', price: 20, credits: 2, validityDays: 30 }); // 2100
    const started = await startPurchase(customer, pass);
    expect((await customer.client.post(`/api/wallet/${started.purchaseId}/confirm`)).status).toBe(200);
    const refund = await admin.client.post(`/api/passes/purchases/${started.purchaseId}/refund`, { reason: 'Injury' });
    expect(refund.body).toMatchObject({ creditsRefunded: 2, refunded: 0, refundedAsCredit: 21 });
    expect(await balanceWith(customer, c.id)).toBe(4200);
    const spent = await server.ctx.db
      .select()
      .from(coachCredits)
      .where(and(eq(coachCredits.purchaseId, started.purchaseId), eq(coachCredits.kind, 'returned')));
    expect(spent.map((r) => r.amountCents)).toEqual([2100]);
  });
});

describe('money reconciles', () => {
  test('per booking and per pass purchase: card + credit = amount, the provider charged and refunded what is recorded, the ledger sums match', async () => {
    const { problems, purchaseCount } = await creditReconciliation(server);
    expect(problems).toEqual([]);
    expect(purchaseCount).toBeGreaterThan(8);
  });
});
