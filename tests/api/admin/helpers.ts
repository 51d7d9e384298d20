// Admin test helpers: a paid, confirmed booking made through the built-in test payment provider, as a customer
// pays at checkout (hold, card, confirm).
import { expect } from 'bun:test';
import { pageTotal, type SignedIn } from '../../helpers/fixtures';
import type { TestServer } from '../../helpers/api';
import { withWaivers } from '../../helpers/waivers';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

export async function paidBooking(
  server: TestServer,
  customer: SignedIn,
  classId: number,
  priceCents: number,
  quantity = 1,
): Promise<{ bookingId: number; amount: number }> {
  const intent = await customer.client.post(
    '/api/payment/create-intent',
    withWaivers({ classId, quantity, amount: pageTotal(priceCents, quantity) }),
  );
  expect(intent.status).toBe(200);
  const paid = await server
    .client()
    .post('/api/payment/test-provider/pay', { paymentIntentId: intent.body.id, clientSecret: intent.body.clientSecret, ...CARD });
  expect(paid.status).toBe(200);
  const confirmed = await customer.client.post('/api/payment/confirm', { paymentIntentId: intent.body.id });
  expect(confirmed.status).toBe(200);
  return { bookingId: intent.body.bookingId, amount: intent.body.amount };
}
