// Admin user support (issue 24, item 4): find a user by name or email, read their bookings, payments and
// refunds, refund a booking in full or in part through the provider (amount shown = refunded = recorded),
// cancel for them, resend a confirmation; each action in the audit log and emailed to the person.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { flushOutbox } from '../../../api/notices/outbox';
import { bookingRefunds, bookings, testPaymentIntents } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { createClass, createUser, type SignedIn } from '../../helpers/fixtures';
import { readOutbox } from '../accounts/helpers';
import { paidBooking } from './helpers';

let server: TestServer;
let admin: SignedIn;
let coach: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, 'admin', 'Ada');
  coach = await createUser(server, 'coach', 'Maya');
});
afterAll(() => server.stop());

async function customerWithPaidBooking(name = 'Quinn', priceCents = 2500, quantity = 1) {
  const customer = await createUser(server, 'customer', name);
  const cls = await createClass(server, { coachId: coach.id, priceCents, title: `Harbor Row ${name}` });
  const { bookingId, amount } = await paidBooking(server, customer, cls.id, priceCents, quantity);
  return { customer, cls, bookingId, amount };
}

const mailTo = (email: string) => readOutbox(server).filter((m) => m.to.includes(email));
async function stored(bookingId: number) {
  const booking = (await server.ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).get())!;
  const intent = (await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, booking.paymentIntentId!)).get())!;
  return { booking, providerRefunded: intent.refundedCents };
}

test('an admin finds a customer by part of their name or email', async () => {
  const { customer } = await customerWithPaidBooking('Zebulon');
  const byName = await admin.client.get('/api/admin/users?q=zebul');
  expect(byName.body.map((u: { id: number }) => u.id)).toContain(customer.id);
  const byEmail = await admin.client.get(`/api/admin/users?q=${encodeURIComponent(customer.email.slice(0, 12))}`);
  expect(byEmail.body.map((u: { id: number }) => u.id)).toContain(customer.id);
});

test("the user's page lists their bookings and payments", async () => {
  const { customer, cls, bookingId, amount } = await customerWithPaidBooking('Page');
  const res = await admin.client.get(`/api/admin/users/${customer.id}`);
  expect(res.status).toBe(200);
  expect(res.body.user).toMatchObject({ id: customer.id, status: 'approved' });
  expect(res.body.bookings).toEqual([
    expect.objectContaining({
      id: bookingId,
      classTitle: cls.title,
      coachName: 'Maya Tester',
      status: 'confirmed',
      amount,
      refunded: 0,
      refundable: amount,
      cancellable: true,
    }),
  ]);
  expect(res.body.payments).toEqual([expect.objectContaining({ bookingId, amount })]);
  expect(res.body.refunds).toEqual([]);
  expect((await admin.client.get('/api/admin/users/999999')).status).toBe(404);
  expect((await coach.client.get(`/api/admin/users/${customer.id}`)).status).toBe(403);
});

describe('refund a booking', () => {
  test('in part: the amount shown is the amount the provider refunded and the amount recorded, with the reason, emailed and logged', async () => {
    const { customer, bookingId, amount } = await customerWithPaidBooking('Partial');
    expect(amount).toBe(26.25);
    const reason = 'The class started 20 minutes late.';
    const res = await admin.client.post(`/api/admin/bookings/${bookingId}/refund`, { amount: 10.5, reason });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bookingId, amount: 10.5, refunded: 10.5, refundable: 15.75 });

    const { booking, providerRefunded } = await stored(bookingId);
    expect(providerRefunded).toBe(1050);
    expect(booking.refundAmountCents).toBe(1050);
    expect(booking.status).toBe('confirmed');
    const ledger = await server.ctx.db.select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, bookingId));
    expect(ledger.map((r) => [r.amountCents, r.reason, r.actorId])).toEqual([[1050, reason, admin.id]]);

    const page = await admin.client.get(`/api/admin/users/${customer.id}`);
    expect(page.body.refunds).toEqual([expect.objectContaining({ bookingId, amount: 10.5, kind: 'support', reason })]);
    expect(page.body.bookings[0]).toMatchObject({ refunded: 10.5, refundable: 15.75 });

    const mail = mailTo(customer.email).find((m) => m.subject.startsWith('Refund of $10.50'));
    expect(mail?.raw).toContain(reason);
    const log = await admin.client.get(`/api/admin/audit?userId=${customer.id}`);
    expect(log.body[0]).toMatchObject({ action: 'booking.refund', bookingId, reason, details: { amount: 10.5 }, actor: { id: admin.id } });
  });

  test('never more than is left: 409 above it, then the rest, then nothing', async () => {
    const { bookingId } = await customerWithPaidBooking('Capped');
    await admin.client.post(`/api/admin/bookings/${bookingId}/refund`, { amount: 20, reason: 'Goodwill for the rain.' });
    const above = await admin.client.post(`/api/admin/bookings/${bookingId}/refund`, { amount: 6.26, reason: 'Goodwill for the rain.' });
    expect(above.status).toBe(409);
    expect(above.body.message).toBe('At most $6.25 can be refunded for this booking.');
    expect(
      (await admin.client.post(`/api/admin/bookings/${bookingId}/refund`, { amount: 6.25, reason: 'The rest, as promised.' })).body
        .refundable,
    ).toBe(0);
    expect((await admin.client.post(`/api/admin/bookings/${bookingId}/refund`, { amount: 1, reason: 'One more.' })).status).toBe(409);
    const { booking, providerRefunded } = await stored(bookingId);
    expect([booking.refundAmountCents, providerRefunded]).toEqual([2625, 2625]);
  });

  test('bad amounts and a missing reason are 400s', async () => {
    const { bookingId } = await customerWithPaidBooking('Bad');
    for (const body of [{ amount: 0, reason: 'Some reason.' }, { amount: 1.234, reason: 'Some reason.' }, { amount: 5 }]) {
      expect((await admin.client.post(`/api/admin/bookings/${bookingId}/refund`, body)).status).toBe(400);
    }
  });

  test("after a part refund the customer's own cancellation refunds only the rest: the totals still reconcile", async () => {
    const { customer, bookingId } = await customerWithPaidBooking('Rest');
    await admin.client.post(`/api/admin/bookings/${bookingId}/refund`, { amount: 5, reason: 'Coach was late.' });
    const cancelled = await customer.client.put(`/api/bookings/${bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refundAmount).toBe(26.25);
    const { booking, providerRefunded } = await stored(bookingId);
    expect([booking.refundAmountCents, providerRefunded]).toEqual([2625, 2625]);
    const page = await admin.client.get(`/api/admin/users/${customer.id}`);
    expect(page.body.refunds.map((r: { kind: string; amount: number }) => [r.kind, r.amount]).sort()).toEqual([
      ['cancellation', 21.25],
      ['support', 5],
    ]);
  });
});

describe("cancel on the customer's behalf", () => {
  test('with the refund the admin chose: spots freed, the customer emailed why, logged', async () => {
    const { customer, bookingId } = await customerWithPaidBooking('Behalf');
    const reason = 'The customer asked by phone to cancel.';
    const res = await admin.client.put(`/api/admin/bookings/${bookingId}/cancel`, { refundAmount: 26.25, reason });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bookingId, status: 'cancelled', refunded: 26.25 });
    const { booking, providerRefunded } = await stored(bookingId);
    expect([booking.status, booking.refundAmountCents, providerRefunded]).toEqual(['cancelled', 2625, 2625]);
    expect(mailTo(customer.email).find((m) => m.subject === 'Your booking has been cancelled')?.raw).toContain(reason);
    const mine = await customer.client.get('/api/bookings?when=upcoming');
    expect(mine.body.find((b: { id: number }) => b.id === bookingId)?.status ?? 'cancelled').toBe('cancelled');
    const log = await admin.client.get(`/api/admin/audit?userId=${customer.id}&action=booking.cancel`);
    expect(log.body).toEqual([expect.objectContaining({ bookingId, reason, details: { amount: 26.25 } })]);
    expect((await admin.client.put(`/api/admin/bookings/${bookingId}/cancel`, { refundAmount: 0, reason })).status).toBe(409);
  });

  test('a refund above what was paid is refused and nothing changes', async () => {
    const { bookingId } = await customerWithPaidBooking('TooMuch');
    const res = await admin.client.put(`/api/admin/bookings/${bookingId}/cancel`, { refundAmount: 30, reason: 'Testing the cap.' });
    expect(res.status).toBe(409);
    expect((await stored(bookingId)).booking.status).toBe('confirmed');
  });
});

test('resend a confirmation: the customer gets it again and the log says who asked and why', async () => {
  const { customer, bookingId } = await customerWithPaidBooking('Resend');
  // The first confirmation (queued by the payment's write) has gone out before counting.
  await flushOutbox(server.ctx);
  const before = mailTo(customer.email).length;
  const res = await admin.client.post(`/api/admin/bookings/${bookingId}/resend-confirmation`, {
    reason: 'The customer cannot find the confirmation email.',
  });
  expect(res.status).toBe(200);
  // Queued with the audit entry, sent just after the answer (api/notices/outbox.ts).
  await flushOutbox(server.ctx);
  expect(mailTo(customer.email).length).toBe(before + 1);
  const log = await admin.client.get(`/api/admin/audit?userId=${customer.id}`);
  expect(log.body[0]).toMatchObject({ action: 'booking.resend_confirmation', bookingId });
});
