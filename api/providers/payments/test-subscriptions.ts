// The built-in test provider's subscriptions, in Stripe Billing's shapes: a subscription starts incomplete with
// an open first invoice whose PaymentIntent the checkout's card form pays; its card is then charged for every
// renewal when the app's clock passes the period's end (renewDueSubscriptions, run by a background job claimed in
// the database), each reported as the invoice.paid or invoice.payment_failed event Stripe would send.
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { testInvoices, testPaymentIntents, testSubscriptions } from '../../../db/schema';
import type { Clock } from '../../lib/clock';
import { type BillingInterval, applicationFeePercent, periodAfter, periodBoundary, transferOf } from './billing';
import type {
  CreateSubscriptionInput,
  PaymentEvent,
  PaymentProvider,
  ProviderInvoice,
  ProviderSubscription,
  SubscriptionEvent,
} from './types';

type SubscriptionRow = typeof testSubscriptions.$inferSelect;
type InvoiceRow = typeof testInvoices.$inferSelect;
type IntentRow = typeof testPaymentIntents.$inferSelect;

export type SubscriptionMethods = Pick<
  PaymentProvider,
  | 'createSubscription'
  | 'retrieveSubscription'
  | 'retrieveInvoice'
  | 'cancelSubscriptionAtPeriodEnd'
  | 'cancelSubscriptionNow'
  | 'pauseSubscription'
  | 'resumeSubscription'
  | 'openInvoicePayment'
>;

/** How many missed periods one renewal run catches up on for one subscription (a clock moved far ahead). */
const MAX_RENEWALS_PER_RUN = 24;

function randomToken(bytes = 12): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

function toInvoice(
  row: InvoiceRow,
  intent: Pick<IntentRow, 'id' | 'clientSecret'> | undefined,
  metadata: Record<string, string>,
): ProviderInvoice {
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    status: row.status as ProviderInvoice['status'],
    amountCents: row.amountCents,
    amountPaidCents: row.status === 'paid' ? row.amountCents : 0,
    billingReason: row.billingReason,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    payment: row.status === 'open' && intent ? { intentId: intent.id, clientSecret: intent.clientSecret } : null,
    lastError: row.lastError,
    metadata,
  };
}

function toSubscription(row: SubscriptionRow, latestInvoice: ProviderInvoice | null): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status as ProviderSubscription['status'],
    interval: row.interval,
    amountCents: row.priceCents + row.serviceFeeCents,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    billingResumesAt: row.status === 'trialing' ? row.trialEnd : null,
    metadata: row.metadata,
    latestInvoice,
    transferDestination: row.transferDestination,
    applicationFeePercent: row.applicationFeePercent,
  };
}

type Reader = Pick<Db, 'select'> | Tx;

async function readInvoice(db: Reader, id: string): Promise<ProviderInvoice | null> {
  const row = await db.select().from(testInvoices).where(eq(testInvoices.id, id)).get();
  if (!row) return null;
  const [intent, subscription] = await Promise.all([
    db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, row.paymentIntentId)).get(),
    db.select({ metadata: testSubscriptions.metadata }).from(testSubscriptions).where(eq(testSubscriptions.id, row.subscriptionId)).get(),
  ]);
  return toInvoice(row, intent, subscription?.metadata ?? {});
}

async function readSubscription(db: Reader, id: string): Promise<ProviderSubscription | null> {
  const row = await db.select().from(testSubscriptions).where(eq(testSubscriptions.id, id)).get();
  if (!row) return null;
  const latest = await db
    .select({ id: testInvoices.id })
    .from(testInvoices)
    .where(eq(testInvoices.subscriptionId, id))
    .orderBy(desc(testInvoices.periodStart))
    .limit(1)
    .get();
  return toSubscription(row, latest ? await readInvoice(db, latest.id) : null);
}

/** A period's invoice and the PaymentIntent that pays it; null when that period is already invoiced. */
async function insertInvoice(
  tx: Tx,
  sub: SubscriptionRow,
  period: { start: Date; end: Date },
  billingReason: 'subscription_create' | 'subscription_cycle',
): Promise<{ invoice: InvoiceRow; intent: IntentRow } | null> {
  const invoiceId = `in_test_${randomToken()}`;
  const intentId = `pi_test_${randomToken()}`;
  const amountCents = sub.priceCents + sub.serviceFeeCents;
  const [intent] = await tx
    .insert(testPaymentIntents)
    .values({
      id: intentId,
      clientSecret: `${intentId}_secret_${randomToken(16)}`,
      amountCents,
      metadata: { ...sub.metadata, invoiceId, subscriptionId: sub.id, idempotencyKey: `invoice-${invoiceId}` },
      transferDestination: sub.transferDestination,
      transferAmountCents: sub.transferDestination ? transferOf(amountCents, sub.applicationFeePercent ?? 0) : null,
    })
    .returning();
  const [invoice] = await tx
    .insert(testInvoices)
    .values({
      id: invoiceId,
      subscriptionId: sub.id,
      billingReason,
      amountCents,
      periodStart: period.start,
      periodEnd: period.end,
      paymentIntentId: intentId,
    })
    .onConflictDoNothing()
    .returning();
  if (!invoice) {
    await tx.delete(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
    return null;
  }
  return { invoice, intent: intent! };
}

/**
 * Inside the card form's write (test.ts payIntent): the intent just succeeded; when it pays an invoice, the
 * invoice is paid and its subscription active, with this card saved for the renewals (Stripe's
 * save_default_payment_method: on_subscription).
 */
export async function settleInvoiceIntent(tx: Tx, intent: IntentRow, cardNumber: string, now: Date): Promise<void> {
  const invoiceId = intent.metadata.invoiceId;
  if (!invoiceId) return;
  const invoice = await tx.select().from(testInvoices).where(eq(testInvoices.id, invoiceId)).get();
  if (!invoice || invoice.status === 'paid') return;
  await tx.update(testInvoices).set({ status: 'paid', paidAt: now, lastError: null }).where(eq(testInvoices.id, invoiceId));
  const sub = await tx.select().from(testSubscriptions).where(eq(testSubscriptions.id, invoice.subscriptionId)).get();
  if (!sub) return;
  const newest = await tx
    .select({ id: testInvoices.id })
    .from(testInvoices)
    .where(eq(testInvoices.subscriptionId, sub.id))
    .orderBy(desc(testInvoices.periodStart))
    .limit(1)
    .get();
  // Paying an older invoice late never reactivates a subscription whose newest one is still owed.
  const reactivates = newest?.id === invoiceId && (sub.status === 'incomplete' || sub.status === 'past_due');
  await tx
    .update(testSubscriptions)
    .set({ cardNumber: cardNumber.replace(/[\s-]/g, ''), ...(reactivates ? { status: 'active' } : {}) })
    .where(eq(testSubscriptions.id, sub.id));
}

export interface TestSubscriptionControls extends SubscriptionMethods {
  /** Charges every renewal the app's clock has passed and ends subscriptions cancelled at their period's end;
   * returns the events Stripe would send, in order. Safe to run in several processes at once: each period is
   * invoiced once, in the same write that charges it. */
  renewDueSubscriptions(): Promise<SubscriptionEvent[]>;
}

export function createTestSubscriptions(
  db: Db,
  clock: Clock,
  /** What a renewal charge of this card does after that many paid renewals: null when it is paid, else the
   * decline message. */
  renewalOutcome: (cardNumber: string | null, paidRenewals: number) => string | null,
): TestSubscriptionControls {
  const now = () => clock.now();

  async function update(id: string, values: Partial<typeof testSubscriptions.$inferInsert>): Promise<ProviderSubscription> {
    const sub = await db.write(async (tx) => {
      const row = await tx.select().from(testSubscriptions).where(eq(testSubscriptions.id, id)).get();
      if (!row) throw new Error(`test provider: no such subscription: '${id}'`);
      if (row.status === 'canceled') throw new Error(`test provider: ${id} is canceled`);
      await tx.update(testSubscriptions).set(values).where(eq(testSubscriptions.id, id));
      return readSubscription(tx, id);
    });
    return sub!;
  }

  /** One subscription's due renewals (or its end), each period in its own write. */
  async function renewOne(id: string): Promise<SubscriptionEvent[]> {
    const events: SubscriptionEvent[] = [];
    for (let i = 0; i < MAX_RENEWALS_PER_RUN; i++) {
      const at = now();
      const event = await db.write(async (tx): Promise<SubscriptionEvent | null> => {
        const sub = await tx.select().from(testSubscriptions).where(eq(testSubscriptions.id, id)).get();
        if (!sub || sub.status === 'canceled' || sub.status === 'incomplete') return null;
        // Cancelled: it ends with its period, paid or not (a past-due one is charged nothing more either).
        if (sub.cancelAtPeriodEnd) {
          if (sub.currentPeriodEnd > at) return null;
          await tx.update(testSubscriptions).set({ status: 'canceled', canceledAt: at }).where(eq(testSubscriptions.id, id));
          return { type: 'customer.subscription.deleted', subscriptionId: id };
        }
        // Past due: no further renewal until the open invoice is paid with another card.
        if (sub.status === 'past_due') return null;
        const renewsAt = sub.status === 'trialing' && sub.trialEnd ? sub.trialEnd : sub.currentPeriodEnd;
        if (renewsAt > at) return null;
        // The end of a pause starts a new cycle there, as the end of a Stripe trial does.
        const anchor = sub.status === 'trialing' && sub.trialEnd ? sub.trialEnd : sub.billingCycleAnchor;
        const period = periodAfter(anchor, sub.interval as BillingInterval, renewsAt);
        const made = await insertInvoice(tx, sub, period, 'subscription_cycle');
        if (!made) return null; // another process invoiced this period
        const [paid] = await tx
          .select({ count: sql<number>`count(*)` })
          .from(testInvoices)
          .where(
            and(eq(testInvoices.subscriptionId, id), eq(testInvoices.billingReason, 'subscription_cycle'), eq(testInvoices.status, 'paid')),
          );
        const declined = renewalOutcome(sub.cardNumber, Number(paid?.count ?? 0));
        await tx
          .update(testPaymentIntents)
          .set(declined ? { lastError: declined } : { status: 'succeeded', lastError: null })
          .where(eq(testPaymentIntents.id, made.intent.id));
        await tx
          .update(testInvoices)
          .set(declined ? { lastError: declined } : { status: 'paid', paidAt: at })
          .where(eq(testInvoices.id, made.invoice.id));
        await tx
          .update(testSubscriptions)
          .set({
            status: declined ? 'past_due' : 'active',
            billingCycleAnchor: anchor,
            currentPeriodStart: period.start,
            currentPeriodEnd: period.end,
            trialEnd: null,
          })
          .where(eq(testSubscriptions.id, id));
        return { type: declined ? 'invoice.payment_failed' : 'invoice.paid', invoiceId: made.invoice.id };
      });
      if (!event) break;
      events.push(event);
      if (event.type !== 'invoice.paid') break;
    }
    return events;
  }

  return {
    async createSubscription(input: CreateSubscriptionInput) {
      const id = await db.write(async (tx) => {
        // Same idempotency as Stripe: a retried request returns the subscription it created first.
        const existing = await tx
          .select({ id: testSubscriptions.id })
          .from(testSubscriptions)
          .where(eq(testSubscriptions.idempotencyKey, input.idempotencyKey))
          .get();
        if (existing) return existing.id;
        const start = now();
        const totalCents = input.priceCents + input.serviceFeeCents;
        const [sub] = await tx
          .insert(testSubscriptions)
          .values({
            id: `sub_test_${randomToken()}`,
            customerId: `cus_test_${randomToken(8)}`,
            customerEmail: input.customer.email,
            description: input.description,
            priceCents: input.priceCents,
            serviceFeeCents: input.serviceFeeCents,
            interval: input.interval,
            billingCycleAnchor: start,
            currentPeriodStart: start,
            currentPeriodEnd: periodBoundary(start, input.interval, 1),
            metadata: input.metadata,
            idempotencyKey: input.idempotencyKey,
            transferDestination: input.payout?.destination ?? null,
            applicationFeePercent: input.payout ? applicationFeePercent(totalCents, input.payout.amountCents) : null,
          })
          .returning();
        await insertInvoice(tx, sub!, { start: sub!.currentPeriodStart, end: sub!.currentPeriodEnd }, 'subscription_create');
        return sub!.id;
      });
      return (await readSubscription(db, id))!;
    },

    retrieveSubscription: (id) => readSubscription(db, id),
    retrieveInvoice: (id) => readInvoice(db, id),

    async cancelSubscriptionAtPeriodEnd(id) {
      const cancelled = await update(id, { cancelAtPeriodEnd: true });
      // A past-due one's unpaid renewal is voided, as Stripe's would be: nothing is charged after cancelling.
      if (cancelled.status === 'past_due') {
        await db.write((tx) =>
          tx
            .update(testInvoices)
            .set({ status: 'void' })
            .where(and(eq(testInvoices.subscriptionId, id), eq(testInvoices.status, 'open'))),
        );
      }
      return (await readSubscription(db, id))!;
    },

    async cancelSubscriptionNow(id) {
      await db.write(async (tx) => {
        await tx
          .update(testSubscriptions)
          .set({ status: 'canceled', canceledAt: now() })
          .where(and(eq(testSubscriptions.id, id), sql`${testSubscriptions.status} <> 'canceled'`));
        await tx
          .update(testInvoices)
          .set({ status: 'void' })
          .where(and(eq(testInvoices.subscriptionId, id), eq(testInvoices.status, 'open')));
      });
      const sub = await readSubscription(db, id);
      if (!sub) throw new Error(`test provider: no such subscription: '${id}'`);
      return sub;
    },

    pauseSubscription: (id, resumesAt) => update(id, { status: 'trialing', trialEnd: resumesAt }),

    async resumeSubscription(id) {
      const at = now();
      await update(id, { trialEnd: at });
      await renewOne(id);
      return (await readSubscription(db, id))!;
    },

    async openInvoicePayment(subscriptionId) {
      const open = await db
        .select({ id: testInvoices.id })
        .from(testInvoices)
        .where(and(eq(testInvoices.subscriptionId, subscriptionId), eq(testInvoices.status, 'open')))
        .orderBy(desc(testInvoices.periodStart))
        .limit(1)
        .get();
      return open ? readInvoice(db, open.id) : null;
    },

    async renewDueSubscriptions() {
      const at = now();
      const due = await db
        .select({ id: testSubscriptions.id })
        .from(testSubscriptions)
        .where(
          and(
            or(
              and(inArray(testSubscriptions.status, ['active', 'trialing']), lte(testSubscriptions.currentPeriodEnd, at)),
              and(eq(testSubscriptions.status, 'trialing'), lte(testSubscriptions.trialEnd, at)),
              and(
                eq(testSubscriptions.status, 'past_due'),
                eq(testSubscriptions.cancelAtPeriodEnd, true),
                lte(testSubscriptions.currentPeriodEnd, at),
              ),
            ),
          ),
        )
        .orderBy(sql`${testSubscriptions.currentPeriodEnd}`);
      const events: PaymentEvent[] = [];
      for (const { id } of due) events.push(...(await renewOne(id)));
      return events as SubscriptionEvent[];
    },
  };
}
