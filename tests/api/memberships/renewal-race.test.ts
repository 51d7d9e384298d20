// A renewal is charged exactly once however many processes reach it at the same moment: two server contexts, each
// with its own database client and provider as two processes have, run the memberships work together on one
// database (a libSQL file, or sqld with TEST_DATABASE=sqld). The job's lease lets one of them in; even with the
// lease bypassed, each period is invoiced once (the invoice's unique period) and recorded once (the ledger's
// unique payment row), with one receipt.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { createSession, SESSION_COOKIE } from '../../../api/auth/session';
import { type AppContext, createContext } from '../../../api/context';
import { runIfDue } from '../../../api/lib/jobs';
import { MEMBERSHIPS_JOB, runMembershipWork } from '../../../api/passes/memberships/renewals';
import { passLedger, passPurchases, testInvoices, testPaymentIntents } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createUser, outbox, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { reconcileLedger, sellPass } from '../passes/helpers';

let server: TestServer;
let other: AppContext;
beforeAll(async () => {
  ({ server } = await startWithCoach());
  other = await createContext({ env: { ...server.ctx.env }, clock: server.clock, migrate: false });
});
afterAll(async () => {
  other.db.close();
  await server.stop();
});

/** A new coach's membership (each test moves the clock a month on), bought by the customer with 4242. */
async function subscribe(customer: SignedIn) {
  const pass = await sellPass(await createUser(server, 'coach'), {
    kind: 'membership',
    name: 'Race monthly',
    price: 50,
    credits: 5,
    validityDays: null,
    billingPeriod: 'month',
  });
  const started = await customer.client.post(`/api/passes/${pass.id}/purchase`, { amount: pass.total });
  expect(started.status).toBe(200);
  const paid = await customer.client.post('/api/payment/test-provider/pay', {
    paymentIntentId: started.body.paymentIntentId,
    clientSecret: started.body.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  return (await server.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, started.body.purchaseId)).get())!;
}

async function renewalsOf(purchase: typeof passPurchases.$inferSelect) {
  const invoices = await server.ctx.db.select().from(testInvoices).where(eq(testInvoices.subscriptionId, purchase.subscriptionId!));
  const cycles = invoices.filter((i) => i.billingReason === 'subscription_cycle');
  const charged = [];
  for (const invoice of cycles) {
    const intent = await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, invoice.paymentIntentId)).get();
    if (intent?.status === 'succeeded') charged.push(intent);
  }
  const rows = await server.ctx.db.select().from(passLedger).where(eq(passLedger.purchaseId, purchase.id));
  return { invoices: cycles, charged, renewalRows: rows.filter((r) => r.kind === 'renewal') };
}

describe('a renewal across two processes', () => {
  test('only one process takes the memberships job for a period', async () => {
    const purchase = await subscribe(await createUser(server));
    server.clock.set(new Date(purchase.currentPeriodEnd!.getTime() + 60_000));
    const claimed = await Promise.all([runIfDue(server.ctx, MEMBERSHIPS_JOB), runIfDue(other, MEMBERSHIPS_JOB)]);
    expect(claimed.filter(Boolean)).toHaveLength(1);
    const { invoices, charged, renewalRows } = await renewalsOf(purchase);
    expect(invoices).toHaveLength(1);
    expect(charged).toHaveLength(1);
    expect(renewalRows).toHaveLength(1);
  });

  test('even running the work itself in both at once, the period is charged, recorded and receipted once', async () => {
    const customer = await createUser(server);
    const purchase = await subscribe(customer);
    server.clock.set(new Date(purchase.currentPeriodEnd!.getTime() + 60_000));
    await Promise.all([runMembershipWork(server.ctx), runMembershipWork(other), runMembershipWork(server.ctx), runMembershipWork(other)]);
    const { invoices, charged, renewalRows } = await renewalsOf(purchase);
    expect(invoices).toHaveLength(1);
    expect(charged).toHaveLength(1);
    expect(renewalRows).toHaveLength(1);
    expect(renewalRows[0]!.delta).toBe(5);
    expect(outbox(server).filter((m) => m.includes(customer.email) && m.includes('Your renewal receipt'))).toHaveLength(1);
    // A month on, the customer signs in again to read the wallet the reconciliation compares with the rows.
    customer.client.cookies.set(SESSION_COOKIE, (await createSession(server.ctx.db, server.clock, customer.id)).token);
    await reconcileLedger(server, [customer]);
  });
});
