// A membership fee on Stripe (keys set), issue 20 item 2: the real `stripe` SDK against the local stand-in of
// Stripe's API (tests/api/memberships/fake-stripe-billing.ts). The fee is a PaymentIntent on the subscription's
// saved card with customer, payment_method, off_session and confirm, the coach's share as a destination charge and
// one idempotency key per fee; a declined card or one asking for authentication answers a failed charge, not an error.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { OffSessionChargeInput, PaymentProvider } from '../../../api/providers/payments';
import { createStripeClient, createStripeProvider } from '../../../api/providers/payments/stripe';
import { type FakeStripeBilling, startFakeStripeBilling } from '../memberships/fake-stripe-billing';

const keys = { secretKey: 'sk_test_fogline', publishableKey: 'pk_test_fogline', webhookSecret: 'whsec_fogline_billing' };

let fake: FakeStripeBilling;
let stripe: PaymentProvider;
beforeAll(() => {
  fake = startFakeStripeBilling();
  const client = createStripeClient(keys.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  stripe = createStripeProvider(keys, client);
});
afterAll(() => fake.stop());

let seq = 0;
/** A membership whose first invoice was paid, so its card is saved on the subscription. */
async function paidSubscription(pay = true): Promise<string> {
  const sub = await stripe.createSubscription({
    customer: { userId: 7, email: 'casey@example.com', name: 'Casey' },
    description: 'Sunrise Yoga: Unlimited monthly',
    priceCents: 12_000,
    serviceFeeCents: 600,
    interval: 'month',
    metadata: { purchaseId: String(++seq) },
    idempotencyKey: `membership-fee-sub-${seq}`,
    payout: { destination: 'acct_coach_1', amountCents: 10_200 },
  });
  if (pay) fake.payInvoice(sub.latestInvoice!.id);
  return sub.id;
}

const fee = (subscriptionId: string, id: number): OffSessionChargeInput => ({
  subscriptionId,
  amountCents: 1500,
  description: 'Late-cancellation fee: Unlimited monthly',
  metadata: { membershipFeeId: String(id), kind: 'late_cancel' },
  idempotencyKey: `membership-fee-${id}`,
  payout: { destination: 'acct_coach_1', amountCents: 1275 },
});
const intentsSent = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');

describe('an off-session fee on Stripe', () => {
  test("is a PaymentIntent on the subscription's saved card, off_session and confirmed, paying the coach's share", async () => {
    const subId = await paidSubscription();
    const before = intentsSent().length;
    const charge = await stripe.chargeOffSession(fee(subId, 101));
    expect(charge).toMatchObject({ status: 'succeeded', amountCents: 1500, failureMessage: null });
    const [sent, ...more] = intentsSent().slice(before);
    expect(more).toEqual([]);
    expect(sent!.form).toMatchObject({
      amount: '1500',
      currency: 'usd',
      customer: fake.subscriptions.get(subId)!.customer,
      payment_method: fake.subscriptions.get(subId)!.default_payment_method!,
      off_session: 'true',
      confirm: 'true',
      application_fee_amount: '225',
      'transfer_data[destination]': 'acct_coach_1',
      'metadata[membershipFeeId]': '101',
    });
    expect(sent!.idempotencyKey).toBe('membership-fee-101');
    // A retry (another process, a crash mid-charge) is the same intent: charged once.
    const again = await stripe.chargeOffSession(fee(subId, 101));
    expect(again.id).toBe(charge.id);
    expect(
      [...fake.paymentIntents.values()].filter((pi) => (pi.metadata as Record<string, string>).membershipFeeId === '101'),
    ).toHaveLength(1);
  });

  test('a card that asks for authentication, or declines, is a failed charge with its intent and message', async () => {
    const subId = await paidSubscription();
    const card = fake.subscriptions.get(subId)!.default_payment_method!;
    fake.offSessionOutcomes.set(card, 'authentication_required');
    const needsAuth = await stripe.chargeOffSession(fee(subId, 102));
    expect(needsAuth).toMatchObject({
      status: 'failed',
      failureCode: 'authentication_required',
      failureMessage: 'Your card was declined. This transaction requires authentication.',
    });
    expect(needsAuth.id).toStartWith('pi_fake_');
    fake.offSessionOutcomes.set(card, 'card_declined');
    const declined = await stripe.chargeOffSession(fee(subId, 103));
    expect(declined).toMatchObject({ status: 'failed', failureCode: 'card_declined', failureMessage: 'Your card was declined.' });
  });

  test('a membership with no saved card is a failed charge, and nothing is sent to Stripe', async () => {
    const subId = await paidSubscription(false);
    const before = intentsSent().length;
    const charge = await stripe.chargeOffSession(fee(subId, 104));
    expect(charge).toMatchObject({ status: 'failed', id: null, failureMessage: 'There is no card on file for this membership.' });
    expect(intentsSent().length).toBe(before);
  });
});
