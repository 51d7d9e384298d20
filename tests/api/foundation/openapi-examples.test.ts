// The OpenAPI document (/api/docs/json) describes what the server accepts: every operation documents an example
// (request body, path parameters, required query parameters and headers), and each one, sent as the account its
// x-example-role or x-access names, answers a documented success on a fresh demo database. The client checks every
// answer against the operation's documented schema. A new route without an example fails the first test.
//
// Examples that name things which only exist later (a class's bookings, a payment intent, an emailed token) get
// fresh ones from FRESH below, made through the API itself, mostly from other operations' documented examples;
// every other value is sent as documented.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { runMembershipWork } from '../../../api/passes/memberships/renewals';
import { isTestProvider } from '../../../api/providers/payments';
import { membershipFees, passPurchases, testInvoices, testSubscriptions, weatherCalls } from '../../../db/schema';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/api';
import { PNG_1X1, resetTokenIn, waitForEmail } from '../accounts/helpers';
import { withWaivers } from '../../helpers/waivers';

type Schema = { examples?: unknown[]; anyOf?: Schema[]; properties?: Record<string, Schema>; format?: string };
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Schema };
interface Operation {
  method: string;
  template: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, unknown>;
  'x-access'?: string;
  'x-example-role'?: Role;
  security?: unknown[];
}
type Role = 'visitor' | 'customer' | 'coach' | 'admin';

/** The least demo account each access rule lets in (api/auth/plugin.ts); x-example-role overrides it. */
const ROLE_FOR_ACCESS: Record<string, Role> = {
  user: 'customer',
  self: 'customer',
  coachSelf: 'coach',
  coach: 'coach',
  approvedCoach: 'coach',
  admin: 'admin',
};
const DEMO_EMAIL: Record<Exclude<Role, 'visitor'>, string> = {
  customer: 'customer@fogline.test',
  coach: 'coach@fogline.test',
  admin: 'admin@fogline.test',
};
const MINUTE = 60_000;

/** What a documented example needs in place of its ids and secrets, made fresh for it. */
interface Fresh {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Another caller than the role's demo account (an account whose password or token the example uses up). */
  client?: TestClient;
}

const clients = {} as Record<Role, TestClient>;
let addressCounter = 0;
let registered = 0;
/** Each sign-up and sign-in from its own address, so the per-address limits never trip the setup. */
const nextAddress = () => `100.66.${++addressCounter >> 8}.${addressCounter & 255}`;

const firstExample = (schema: Schema | undefined): unknown =>
  schema?.examples?.[0] ?? schema?.anyOf?.find((s) => s.examples)?.examples?.[0];
const operation = (method: string, template: string) => operations.find((op) => op.method === method && op.template === template)!;
const bodyExample = (method: string, template: string) =>
  firstExample(operation(method, template).requestBody?.content?.['application/json']?.schema) as Record<string, unknown>;

async function signIn(email: string, password = 'demo-password'): Promise<TestClient> {
  const client = server.client();
  const res = await client.request('POST', '/api/login', { email, password }, { headers: { 'x-forwarded-for': nextAddress() } });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/** A new customer through the documented registration example (with an address of its own). */
async function newCustomer(overrides: Record<string, unknown> = {}): Promise<{ client: TestClient; id: number; email: string }> {
  const client = server.client();
  const email = `openapi-${++addressCounter}@example.test`;
  const res = await client.request(
    'POST',
    '/api/register',
    { ...bodyExample('POST', '/api/register'), email, ...overrides },
    { headers: { 'x-forwarded-for': nextAddress() } },
  );
  if (res.status !== 201) throw new Error(`registration: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, id: res.body.id, email };
}

async function expectOk<T = any>(promise: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const res = await promise;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A one-time class of the demo coach: the documented class example, starting a week from now unless told. */
async function newClass(overrides: Record<string, unknown> = {}): Promise<number> {
  const startTime = new Date(server.clock.now().getTime() + 7 * 24 * 60 * MINUTE).toISOString();
  const body = { ...bodyExample('POST', '/api/classes'), recurrence: null, startTime, ...overrides };
  return (await expectOk(clients.coach.post('/api/classes', body), 'class setup')).id;
}

/** A free class with every spot taken by someone else, so the demo customer can join its waitlist. */
async function fullClass(capacity = 2): Promise<{ id: number; bookingId: number; booker: TestClient }> {
  const id = await newClass({ price: 0, capacity });
  const booker = (await newCustomer()).client;
  const booking = await expectOk(booker.post('/api/bookings/free', await accepting({ classId: id, quantity: capacity })), 'booking setup');
  return { id, bookingId: booking.id, booker };
}

/** A booking body with the class's current waivers accepted for every spot: the demo coach publishes a waiver of
 * their own during this run (PUT /api/coaches/{id}/waiver), so the waivers asked are read, never assumed. */
async function accepting<T extends { classId: number }>(body: T) {
  const asked = (await expectOk(clients.customer.get(`/api/classes/${body.classId}/waivers`), 'waivers')) as {
    id: number;
    version: number;
  }[];
  return withWaivers(body, undefined, asked);
}

/** A waitlist offer for the demo customer: they wait for a full class, whose booker then cancels. */
async function offerIn(): Promise<{ id: string; classId: number }> {
  const full = await fullClass();
  const entry = await expectOk(clients.customer.post(`/api/classes/${full.id}/waitlist`, { quantity: 2 }), 'waitlist setup');
  await expectOk(full.booker.put(`/api/bookings/${full.bookingId}/cancel`), 'cancellation setup');
  return { id: String(entry.id), classId: full.id };
}

async function offer(): Promise<string> {
  return (await offerIn()).id;
}

/** A payment intent of the demo customer for a class priced as the documented example (amount 52.5 for 2 spots). */
async function intent(): Promise<{ id: string; clientSecret: string }> {
  const classId = await newClass();
  return expectOk(
    clients.customer.post('/api/payment/create-intent', await accepting({ ...bodyExample('POST', '/api/payment/create-intent'), classId })),
    'intent setup',
  );
}

async function paidIntent(): Promise<string> {
  const { id, clientSecret } = await intent();
  await expectOk(
    clients.visitor.post('/api/payment/test-provider/pay', {
      ...bodyExample('POST', '/api/payment/test-provider/pay'),
      paymentIntentId: id,
      clientSecret,
    }),
    'payment setup',
  );
  return id;
}

/** A paid booking 3 days ahead of a class of the demo coach, whose policy (Strict, 100% credit) then offers credit
 * worth more than the card refund: booked with the documented create-intent and card examples. */
async function creditableBooking(client: TestClient): Promise<number> {
  await expectOk(clients.coach.put('/api/coaches/me/policy', { preset: 'strict', creditPercent: 100 }), 'policy setup');
  const classId = await newClass({ startTime: new Date(server.clock.now().getTime() + 3 * 24 * 60 * MINUTE).toISOString() });
  const held = await expectOk(
    client.post('/api/payment/create-intent', await accepting({ ...bodyExample('POST', '/api/payment/create-intent'), classId })),
    'intent setup',
  );
  await expectOk(
    clients.visitor.post('/api/payment/test-provider/pay', {
      ...bodyExample('POST', '/api/payment/test-provider/pay'),
      paymentIntentId: held.id,
      clientSecret: held.clientSecret,
    }),
    'payment setup',
  );
  return (await expectOk(client.post('/api/payment/confirm', { paymentIntentId: held.id }), 'confirm setup')).booking.id;
}

/** A confirmed booking of the demo customer whose class has started, found in their past bookings, not yet reviewed. */
const reviewedBookings = new Set<number>();
async function pastBooking(): Promise<{ classId: number; bookingId: number }> {
  const past = await expectOk(clients.customer.get('/api/bookings?when=past&limit=100'), 'past bookings');
  const mine = await expectOk(
    clients.customer.get(`/api/reviews/customer/${(await expectOk(clients.customer.get('/api/user'), 'me')).id}`),
    'reviews',
  );
  for (const review of mine as { bookingId: number }[]) reviewedBookings.add(review.bookingId);
  const booking = (past as { id: number; classId: number; status: string }[]).find(
    (b) => b.status === 'confirmed' && !reviewedBookings.has(b.id),
  );
  if (!booking) throw new Error('the demo customer has no past confirmed booking left to review');
  reviewedBookings.add(booking.id);
  return { classId: booking.classId, bookingId: booking.id };
}

/** A review of the demo customer, made once (their past bookings are few) and shared by the examples that read it. */
let reviewMade: Promise<{ id: number; classId: number; bookingId: number }> | undefined;
function review() {
  reviewMade ??= pastBooking().then(async (ids) => {
    const created = await expectOk(
      clients.customer.post('/api/reviews', { ...bodyExample('POST', '/api/reviews'), ...ids }),
      'review setup',
    );
    return { id: created.id as number, ...ids };
  });
  return reviewMade;
}

/** A pass of the demo coach: the documented pass example (a 5-class pack at $100, total $105). */
async function newPass(): Promise<{ id: number; total: number }> {
  return expectOk(clients.coach.post('/api/passes', bodyExample('POST', '/api/passes')), 'pass setup');
}

/** A pass purchase of the demo customer, paid with the test card and confirmed: its credits are in the wallet. */
async function paidPurchase(): Promise<number> {
  const pass = await newPass();
  const started = await expectOk(clients.customer.post(`/api/passes/${pass.id}/purchase`, { amount: pass.total }), 'purchase setup');
  await expectOk(
    clients.visitor.post('/api/payment/test-provider/pay', {
      ...bodyExample('POST', '/api/payment/test-provider/pay'),
      paymentIntentId: started.paymentIntentId,
      clientSecret: started.clientSecret,
    }),
    'purchase payment',
  );
  await expectOk(clients.customer.post(`/api/wallet/${started.purchaseId}/confirm`), 'purchase confirmation');
  return started.purchaseId;
}

/** A monthly membership of the demo coach (pausable for up to 4 weeks a year) bought by the demo customer with the
 * test card: its first invoice paid, so it is active. */
async function paidMembership(): Promise<number> {
  const membership = { kind: 'membership', name: 'Monthly membership', price: 80, credits: 4, billingPeriod: 'month', maxPauseWeeks: 4 };
  const pass = await expectOk(clients.coach.post('/api/passes', membership), 'membership setup');
  const started = await expectOk(clients.customer.post(`/api/passes/${pass.id}/purchase`, { amount: pass.total }), 'subscription setup');
  await expectOk(
    clients.visitor.post('/api/payment/test-provider/pay', {
      ...bodyExample('POST', '/api/payment/test-provider/pay'),
      paymentIntentId: started.paymentIntentId,
      clientSecret: started.clientSecret,
    }),
    'subscription payment',
  );
  return started.purchaseId;
}

/** A membership whose renewal was declined, as if a month had passed: its saved card is the declined test card and
 * its period ends now, then the memberships job charges the renewal (past due, a renewal to pay with a new card). */
async function pastDueMembership(): Promise<number> {
  const purchaseId = await paidMembership();
  const purchase = (await server.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchaseId)).get())!;
  const now = server.clock.now();
  const monthAgo = new Date(now.getTime() - 30 * 24 * 60 * MINUTE);
  await server.ctx.db.write(async (tx) => {
    await tx
      .update(testSubscriptions)
      .set({ cardNumber: '4000000000000002', billingCycleAnchor: monthAgo, currentPeriodStart: monthAgo, currentPeriodEnd: now })
      .where(eq(testSubscriptions.id, purchase.subscriptionId!));
    await tx
      .update(testInvoices)
      .set({ periodStart: monthAgo, periodEnd: now })
      .where(eq(testInvoices.subscriptionId, purchase.subscriptionId!));
    await tx.update(passPurchases).set({ currentPeriodStart: monthAgo, currentPeriodEnd: now }).where(eq(passPurchases.id, purchaseId));
  });
  await runMembershipWork(server.ctx);
  return purchaseId;
}

/** A late-cancel fee charged to the demo customer's unlimited membership of the demo coach (issue 20): a class whose
 * own policy refunds in full only until 30 days before, booked with the membership, then cancelled. */
async function chargedMembershipFee(): Promise<number> {
  const unlimited = { kind: 'membership', name: 'Unlimited monthly', price: 120, credits: null, billingPeriod: 'month' };
  const pass = await expectOk(clients.coach.post('/api/passes', unlimited), 'unlimited membership setup');
  const started = await expectOk(clients.customer.post(`/api/passes/${pass.id}/purchase`, { amount: pass.total }), 'subscription setup');
  await expectOk(
    clients.visitor.post('/api/payment/test-provider/pay', {
      ...bodyExample('POST', '/api/payment/test-provider/pay'),
      paymentIntentId: started.paymentIntentId,
      clientSecret: started.clientSecret,
    }),
    'subscription payment',
  );
  const classId = await newClass({
    cancellationPolicy: { preset: 'custom', tiers: [{ hoursBefore: 720, refundPercent: 100 }], passRules: { lateCancelFeeCents: 1500 } },
  });
  const booking = await expectOk(
    clients.customer.post(
      '/api/bookings',
      await accepting({ ...bodyExample('POST', '/api/bookings'), classId, payWith: { purchaseId: started.purchaseId } }),
    ),
    'booking setup',
  );
  await expectOk(clients.customer.put(`/api/bookings/${booking.id}/cancel`), 'late cancel');
  const fee = await server.ctx.db.select().from(membershipFees).where(eq(membershipFees.bookingId, booking.id)).get();
  return fee!.id;
}

/** The operations whose examples name things that cannot exist yet on a fresh database, keyed "METHOD /path". */
const FRESH: Record<string, () => Promise<Fresh>> = {
  // An address registers once: the documented example the first time, a new address for each other encoding.
  'POST /api/register': async () => (registered++ ? { body: { email: `riley.park+${registered}@example.com` } } : {}),
  // The reset ends every session of the account: a new account's emailed token, sent by the documented request.
  'POST /api/auth/reset-password': async () => {
    const { email } = await newCustomer();
    await expectOk(clients.visitor.post('/api/auth/forgot-password', { email }), 'reset request');
    return { body: { token: resetTokenIn(await waitForEmail(server, email)) } };
  },
  // Google sign-in starts at /api/auth/google, which keeps the state (and PKCE verifier) in a cookie of the browser.
  'GET /api/auth/google/callback': async () => {
    const browser = server.client();
    const start = await browser.get('/api/auth/google?role=customer');
    return { client: browser, query: { state: new URL(start.headers.get('location')!).searchParams.get('state')! } };
  },
  // A password change signs out the account's other sessions: a new account with the documented current password.
  'PUT /api/users/{id}/password': async () => {
    const person = await newCustomer({ password: String(bodyExample('PUT', '/api/users/{id}/password').currentPassword) });
    return { client: person.client, params: { id: String(person.id) } };
  },
  // Deleting an account is for good: a new customer whose password is the documented one.
  'DELETE /api/users/me': async () => ({
    client: (await newCustomer({ password: String(bodyExample('DELETE', '/api/users/me').password) })).client,
  }),
  // Signing out everywhere ends every session of the account: a new account's, not the demo customer's.
  'POST /api/logout/everywhere': async () => ({ client: (await newCustomer()).client }),
  // Decisions on accounts change them for good: each on an account of its own, never a demo account.
  'PUT /api/admin/coaches/{id}/reject': async () => ({ params: { id: String((await newCustomer({ role: 'coach' })).id) } }),
  'PUT /api/admin/users/{id}/suspend': async () => ({ params: { id: String((await newCustomer()).id) } }),
  'PUT /api/admin/users/{id}/reinstate': async () => {
    const { id } = await newCustomer();
    await expectOk(
      clients.admin.put(`/api/admin/users/${id}/suspend`, bodyExample('PUT', '/api/admin/users/{id}/suspend')),
      'suspension setup',
    );
    return { params: { id: String(id) } };
  },
  // Support actions on bookings: a paid booking of the demo customer to refund, a free one to cancel or confirm again.
  'POST /api/admin/bookings/{id}/refund': async () => {
    const paid = await expectOk(clients.customer.post('/api/payment/confirm', { paymentIntentId: await paidIntent() }), 'confirm setup');
    return { params: { id: String(paid.booking.id) } };
  },
  'PUT /api/admin/bookings/{id}/cancel': async () => ({
    params: {
      id: String(
        (
          await expectOk(
            clients.customer.post('/api/bookings/free', await accepting({ classId: await newClass({ price: 0 }) })),
            'booking setup',
          )
        ).id,
      ),
    },
  }),
  'POST /api/admin/bookings/{id}/resend-confirmation': async () => ({
    params: {
      id: String(
        (
          await expectOk(
            clients.customer.post('/api/bookings/free', await accepting({ classId: await newClass({ price: 0 }) })),
            'booking setup',
          )
        ).id,
      ),
    },
  }),
  // Waivers: the demo coach's own account, and a free booking of the demo customer to accept for and read.
  'GET /api/classes/{id}/waivers': async () => ({ params: { id: String(await newClass()) } }),
  'GET /api/coaches/{id}/waiver': async () => ({ params: { id: String((await expectOk(clients.coach.get('/api/user'), 'me')).id) } }),
  'PUT /api/coaches/{id}/waiver': async () => ({ params: { id: String((await expectOk(clients.coach.get('/api/user'), 'me')).id) } }),
  'PUT /api/bookings/{id}/waivers': async () => {
    const classId = await newClass({ price: 0 });
    const booking = await expectOk(clients.customer.post('/api/bookings/free', await accepting({ classId })), 'booking setup');
    const asked = (await expectOk(clients.customer.get(`/api/classes/${classId}/waivers`), 'waivers')) as { id: number; version: number }[];
    return { params: { id: String(booking.id) }, body: { waivers: asked.map(({ id, version }) => ({ id, version })) } };
  },
  'GET /api/bookings/{id}/waivers': async () => ({
    params: {
      id: String(
        (
          await expectOk(
            clients.customer.post('/api/bookings/free', await accepting({ classId: await newClass({ price: 0 }) })),
            'booking setup',
          )
        ).id,
      ),
    },
  }),
  'GET /api/admin/bookings/{id}/waivers': async () => ({
    params: {
      id: String(
        (
          await expectOk(
            clients.customer.post('/api/bookings/free', await accepting({ classId: await newClass({ price: 0 }) })),
            'booking setup',
          )
        ).id,
      ),
    },
  }),
  'GET /api/classes/{id}': async () => ({ params: { id: String(await newClass()) } }),
  'GET /api/classes/{id}/bookings/count': async () => ({ params: { id: String(await newClass()) } }),
  'PATCH /api/classes/{id}': async () => ({ params: { id: String(await newClass()) } }),
  'PUT /api/classes/{id}': async () => ({ params: { id: String(await newClass()) } }),
  'DELETE /api/classes/{id}': async () => ({ params: { id: String(await newClass()) } }),
  'GET /api/classes/{id}/roster': async () => ({ params: { id: String(await newClass()) } }),
  'GET /api/classes/{id}/roster.csv': async () => ({ params: { id: String(await newClass()) } }),
  // Passes: a new pass of the demo coach to change or buy, a paid purchase to confirm, refund or spend.
  'PATCH /api/passes/{id}': async () => ({ params: { id: String((await newPass()).id) } }),
  'GET /api/coaches/{id}/passes': async () => ({ params: { id: String((await expectOk(clients.coach.get('/api/user'), 'me')).id) } }),
  'POST /api/passes/{id}/purchase': async () => ({ params: { id: String((await newPass()).id) } }),
  'POST /api/wallet/{purchaseId}/confirm': async () => ({ params: { purchaseId: String(await paidPurchase()) } }),
  'POST /api/passes/purchases/{purchaseId}/refund': async () => ({ params: { purchaseId: String(await paidPurchase()) } }),
  'POST /api/admin/membership-fees/{feeId}/refund': async () => ({ params: { feeId: String(await chargedMembershipFee()) } }),
  'GET /api/passes/purchases': async () => ({ query: { userId: String((await expectOk(clients.customer.get('/api/user'), 'me')).id) } }),
  'POST /api/bookings': async () => {
    const classId = await newClass();
    return { body: await accepting({ ...bodyExample('POST', '/api/bookings'), classId, payWith: { purchaseId: await paidPurchase() } }) };
  },
  // Memberships: the demo customer's own, active to cancel or pause, past due to pay with another card.
  'POST /api/wallet/{purchaseId}/cancel': async () => ({ params: { purchaseId: String(await paidMembership()) } }),
  'POST /api/wallet/{purchaseId}/pause': async () => ({ params: { purchaseId: String(await paidMembership()) } }),
  'POST /api/wallet/{purchaseId}/update-card': async () => ({ params: { purchaseId: String(await pastDueMembership()) } }),
  // A pause planned from the end of the paid period, to call off.
  'POST /api/wallet/{purchaseId}/resume': async () => {
    const purchaseId = await paidMembership();
    await expectOk(
      clients.customer.post(`/api/wallet/${purchaseId}/pause`, bodyExample('POST', '/api/wallet/{purchaseId}/pause')),
      'pause setup',
    );
    return { params: { purchaseId: String(purchaseId) } };
  },
  'POST /api/bookings/free': async () => ({
    body: await accepting({ ...bodyExample('POST', '/api/bookings/free'), classId: await newClass({ price: 0 }) }),
  }),
  'GET /api/bookings/{id}': async () => {
    const booking = await expectOk(
      clients.customer.post('/api/bookings/free', await accepting({ classId: await newClass({ price: 0 }) })),
      'booking setup',
    );
    return { params: { id: String(booking.id) } };
  },
  // A customer of the demo coach: a new customer books one of the coach's free classes.
  'GET /api/customers/people/{id}': async () => {
    const person = await newCustomer();
    const classId = await newClass({ price: 0 });
    await expectOk(
      person.client.post('/api/bookings/free', await accepting({ ...bodyExample('POST', '/api/bookings/free'), classId })),
      'a booking of the coach',
    );
    return { params: { id: String(person.id) } };
  },
  // The example takes the credit instead of the refund: a new customer's paid booking under a policy offering it
  // (credit with the demo coach would change what the demo customer's later checkouts charge).
  'PUT /api/bookings/{id}/cancel': async () => {
    const person = await newCustomer();
    return { client: person.client, params: { id: String(await creditableBooking(person.client)) } };
  },
  // Credit back to the card: a new customer's credit with the demo coach, from a booking cancelled for credit.
  'POST /api/admin/users/{id}/credit/refund': async () => {
    const person = await newCustomer();
    const bookingId = await creditableBooking(person.client);
    await expectOk(person.client.put(`/api/bookings/${bookingId}/cancel`, { refundAs: 'credit' }), 'credit setup');
    const coachId = (await expectOk(clients.coach.get('/api/user'), 'me')).id;
    return { params: { id: String(person.id) }, body: { coachId } };
  },
  // Check-in is open from 30 minutes before the start: a class starting in 20 minutes, booked by the demo customer.
  'PUT /api/bookings/{id}/attendance': async () => {
    const classId = await newClass({ price: 0, startTime: new Date(server.clock.now().getTime() + 20 * MINUTE).toISOString() });
    const booking = await expectOk(clients.customer.post('/api/bookings/free', await accepting({ classId })), 'booking setup');
    return { params: { id: String(booking.id) } };
  },
  'POST /api/classes/{id}/waitlist': async () => ({ params: { id: String((await fullClass()).id) } }),
  'DELETE /api/classes/{id}/waitlist': async () => {
    const { id } = await fullClass();
    await expectOk(clients.customer.post(`/api/classes/${id}/waitlist`, { quantity: 1 }), 'waitlist setup');
    return { params: { id: String(id) } };
  },
  // The example pays the offer with a pass: the class costs $25 by the time its spots are offered, and the demo
  // customer holds a paid pack of the demo coach.
  'POST /api/waitlist/{id}/accept': async () => {
    const full = await fullClass();
    const entry = await expectOk(clients.customer.post(`/api/classes/${full.id}/waitlist`, { quantity: 2 }), 'waitlist setup');
    await expectOk(clients.coach.request('PATCH', `/api/classes/${full.id}`, { price: 25 }), 'price setup');
    await expectOk(full.booker.put(`/api/bookings/${full.bookingId}/cancel`), 'cancellation setup');
    const payWith = { purchaseId: await paidPurchase() };
    const { classId: _, ...body } = await accepting({ ...bodyExample('POST', '/api/waitlist/{id}/accept'), classId: full.id, payWith });
    return { params: { id: String(entry.id) }, body };
  },
  'POST /api/waitlist/{id}/decline': async () => ({ params: { id: await offer() } }),
  'POST /api/payment/create-intent': async () => ({
    body: await accepting({ ...bodyExample('POST', '/api/payment/create-intent'), classId: await newClass() }),
  }),
  'GET /api/payment/quote': async () => ({ query: { classId: String(await newClass()) } }),
  // The demo coach's class pack, with their live demo code (FOGLINE20).
  'GET /api/passes/{id}/quote': async () => {
    const coachId = (await expectOk(clients.coach.get('/api/user'), 'me')).id;
    const sold = (await expectOk(clients.visitor.get(`/api/coaches/${coachId}/passes`), 'passes')) as { id: number; kind: string }[];
    return { params: { id: String(sold.find((p) => p.kind === 'pack')!.id) } };
  },
  // A code of the demo coach's to change (codes are unique: a new one each time).
  'PATCH /api/promo-codes/{id}': async () => {
    const code = `OPENAPI${++addressCounter}`;
    const created = await expectOk(clients.coach.post('/api/promo-codes', { code, kind: 'percent', percentOff: 10 }), 'promo code setup');
    return { params: { id: String(created.id) } };
  },
  'POST /api/payment/test-provider/pay': async () => {
    const { id, clientSecret } = await intent();
    return { body: { paymentIntentId: id, clientSecret } };
  },
  'POST /api/payment/confirm': async () => ({ body: { paymentIntentId: await paidIntent() } }),
  // The signature covers the exact body and its time: the example event, about a paid intent, signed with the
  // test provider's secret as Stripe would sign it.
  'POST /api/payment/webhook': async () => {
    const event = bodyExample('POST', '/api/payment/webhook');
    const body = { ...event, data: { object: { id: await paidIntent() } } };
    if (!isTestProvider(server.ctx.payments)) throw new Error('the test payment provider is not active');
    return { body, headers: { 'stripe-signature': await server.ctx.payments.signWebhook(JSON.stringify(body)) } };
  },
  'POST /api/payouts/test-onboarding/complete': async () => {
    const coachId = firstExample(operation('POST', '/api/coaches/{id}/stripe-onboarding').parameters![0]!.schema);
    const { onboardingUrl } = await expectOk(clients.coach.post(`/api/coaches/${coachId}/stripe-onboarding`), 'onboarding setup');
    return { body: { accountId: new URL(onboardingUrl, server.url).searchParams.get('account')! } };
  },
  'POST /api/reviews': async () => ({ body: await pastBooking() }),
  // The body names the review's class and booking again.
  'PUT /api/reviews/{id}': async () => {
    const { id, classId, bookingId } = await review();
    return { params: { id: String(id) }, body: { classId, bookingId } };
  },
  'GET /api/reviews/class/{classId}/{bookingId}': async () => {
    const { classId, bookingId } = await review();
    return { params: { classId: String(classId), bookingId: String(bookingId) } };
  },
  // A weather call is made by the background job when a forecast reaches the class's policy: one waiting on a
  // new class of the demo coach, 10 hours ahead, as the job records it.
  'POST /api/classes/{id}/weather-call': async () => {
    const classId = await newClass({ startTime: new Date(server.clock.now().getTime() + 600 * MINUTE).toISOString() });
    await server.ctx.db.write((tx) =>
      tx
        .insert(weatherCalls)
        .values({ classId, checkpoint: '24h', reasons: ['Chance of rain 80% (limit 70%)'], createdAt: server.clock.now() }),
    );
    return { params: { id: String(classId) } };
  },
  // Moving to the offered session needs a weather call decided "offer" on the booking's class: a new customer's
  // booking of a free class whose call offered another free session of the demo coach, as the decision records it.
  'POST /api/bookings/{id}/move-to-offered-session': async () => {
    const [classId, offerClassId] = [await newClass({ price: 0 }), await newClass({ price: 0 })];
    const person = await newCustomer();
    const booking = await expectOk(person.client.post('/api/bookings/free', await accepting({ classId, quantity: 1 })), 'booking setup');
    const now = server.clock.now();
    await server.ctx.db.write((tx) =>
      tx.insert(weatherCalls).values({
        classId,
        checkpoint: '24h',
        reasons: ['Chance of rain 80% (limit 70%)'],
        createdAt: now,
        status: 'offered',
        decidedAt: now,
        offerClassId,
      }),
    );
    return { client: person.client, params: { id: String(booking.id) } };
  },
  'GET /api/classes/{id}/conditions': async () => ({ params: { id: String(await newClass()) } }),
  'GET /api/calendar/{token}.ics': async () => {
    const { url } = await expectOk(clients.customer.get('/api/calendar'), 'feed setup');
    return {
      params: {
        token: new URL(url).pathname
          .split('/')
          .pop()!
          .replace(/\.ics$/, ''),
      },
    };
  },
};

/** The documented successes: the 2xx answers, or for a browser redirect (Google sign-in) its 3xx. */
function successes(op: Operation): number[] {
  const statuses = Object.keys(op.responses).map(Number);
  const ok = statuses.filter((s) => s >= 200 && s < 300);
  return ok.length ? ok : statuses.filter((s) => s >= 300 && s < 400);
}

/** What is missing for the operation to be called from its document alone. */
function missingExamples(op: Operation): string[] {
  const missing = (op.parameters ?? [])
    .filter((p) => (p.in === 'path' || p.required) && firstExample(p.schema) === undefined)
    .map((p) => `${p.in} parameter ${p.name}`);
  for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
    // A file has no JSON example: a binary field is sent as a small real image.
    const binaryOnly = Object.values(content.schema?.properties ?? {}).every((field) => field.format === 'binary');
    if (firstExample(content.schema) === undefined && !(type === 'multipart/form-data' && binaryOnly)) missing.push(`${type} body`);
  }
  return missing;
}

/** The example body in one of the documented encodings: JSON, a form (each field as text), or multipart (a binary
 * field gets a small real image). */
function encodedBody(content: { schema?: Schema }, type: string, fresh: Fresh): { body?: unknown; raw?: BodyInit } {
  const example = { ...(firstExample(content.schema) as object | undefined), ...fresh.body } as Record<string, unknown>;
  if (type === 'application/json') return { body: example };
  const form = type === 'multipart/form-data' ? new FormData() : new URLSearchParams();
  for (const [name, field] of Object.entries(content.schema?.properties ?? {})) {
    if (field.format === 'binary')
      (form as FormData).append(name, new File([PNG_1X1 as Uint8Array<ArrayBuffer>], 'example.png', { type: 'image/png' }));
    else if (example[name] !== undefined) form.append(name, String(example[name]));
  }
  return { raw: form };
}

async function callWithExample(op: Operation, type?: string) {
  const fresh = (await FRESH[`${op.method} ${op.template}`]?.()) ?? {};
  const role = op['x-example-role'] ?? ROLE_FOR_ACCESS[op['x-access'] ?? ''] ?? 'visitor';
  const client = fresh.client ?? (role === 'visitor' ? server.client() : clients[role]);
  const value = (p: Parameter) =>
    fresh[p.in === 'path' ? 'params' : p.in === 'query' ? 'query' : 'headers']?.[p.name] ?? firstExample(p.schema);
  const parameters = op.parameters ?? [];
  const path = op.template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(value(parameters.find((p) => p.in === 'path' && p.name === name)!))),
  );
  const query = new URLSearchParams(
    parameters.filter((p) => p.in === 'query' && value(p) !== undefined).map((p) => [p.name, String(value(p))]),
  );
  const headers = {
    'x-forwarded-for': nextAddress(),
    ...Object.fromEntries(parameters.filter((p) => p.in === 'header').map((p) => [p.name, String(value(p))])),
  };
  const { body, raw } = type ? encodedBody(op.requestBody!.content![type]!, type, fresh) : {};
  return client.request(op.method, query.size ? `${path}?${query}` : path, body, { headers, raw });
}

// The document is read before the tests are declared, so each operation is a test of its own.
const server: TestServer = await startTestServer({ seed: true });
const doc = await (await fetch(`${server.url}/api/docs/json`)).json();
const operations: Operation[] = Object.entries(doc.paths as Record<string, Record<string, Omit<Operation, 'method' | 'template'>>>).flatMap(
  ([template, methods]) => Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), template })),
);

beforeAll(async () => {
  // Google's side of sign-in, behind the product's interface: it sends the browser back with a code it accepts.
  server.ctx.google = {
    createAuthorizationURL: (state) => new URL(`https://accounts.google.com/o/oauth2/v2/auth?state=${state}`),
    validateCode: async () => ({
      sub: '1098765432101',
      email: 'gia.green@gmail.test',
      emailVerified: true,
      givenName: 'Gia',
      familyName: 'Green',
      picture: null,
    }),
  };
  clients.visitor = server.client();
  for (const role of ['customer', 'coach', 'admin'] as const) clients[role] = await signIn(DEMO_EMAIL[role]);
}, 60_000);
afterAll(() => server.stop());

test('every operation documents an example for its body and for its path, required query and header parameters', () => {
  expect(operations.length).toBeGreaterThan(60);
  const missing = operations.flatMap((op) => missingExamples(op).map((what) => `${op.method} ${op.template}: ${what}`));
  expect(missing).toEqual([]);
});

test('every documented example matches its own schema', () => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const wrong = operations.flatMap((op) => {
    const schemas = [
      ...(op.parameters ?? []).map((p) => [`${p.in} parameter ${p.name}`, p.schema] as const),
      ...Object.entries(op.requestBody?.content ?? {}).map(([type, c]) => [`${type} body`, c.schema] as const),
    ];
    return schemas.flatMap(([what, schema]) => {
      const example = firstExample(schema);
      if (example === undefined || !schema || ajv.validate({ ...schema, $schema: undefined }, example)) return [];
      return [`${op.method} ${op.template} ${what}: ${ajv.errorsText()}`];
    });
  });
  expect(wrong).toEqual([]);
});

test('every operation documented as needing a session (security, x-access) answers a visitor 401', async () => {
  const open: string[] = [];
  for (const op of operations.filter((o) => o.security?.length)) {
    if (!op['x-access']) open.push(`${op.method} ${op.template}: security without x-access`);
    const path = op.template.replace(/\{\w+\}/g, '1');
    const res = await server.client().request(op.method, path, op.requestBody ? {} : undefined);
    if (res.status !== 401) open.push(`${op.method} ${op.template}: ${res.status}`);
  }
  expect(open).toEqual([]);
});

// In document order, deletions last, so they never take away what another example reads (the demo blog post).
const inOrder = [...operations].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
describe('each documented example, sent as its account, answers a documented success', () => {
  for (const op of inOrder) {
    // Once per documented encoding of the body: what the document offers, the server accepts.
    for (const type of op.requestBody?.content ? Object.keys(op.requestBody.content) : [undefined]) {
      test(`${op.method} ${op.template}${type && type !== 'application/json' ? ` (${type})` : ''}`, async () => {
        const res = await callWithExample(op, type);
        if (!successes(op).includes(res.status)) throw new Error(`answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
        // A body comes in a media type the document lists for that answer.
        const documented = Object.keys((op.responses[res.status] as { content?: object } | undefined)?.content ?? {});
        const mediaType = res.headers.get('content-type')?.split(';')[0] ?? null;
        if (mediaType && res.body !== null && res.body !== '' && !documented.includes(mediaType))
          throw new Error(`answered ${mediaType}, documented: ${documented.join(', ') || 'no body'}`);
        // So does a paged list's X-Total-Count.
        const headers = Object.keys((op.responses[res.status] as { headers?: object } | undefined)?.headers ?? {}).map((h) =>
          h.toLowerCase(),
        );
        if (res.headers.has('x-total-count') && !headers.includes('x-total-count'))
          throw new Error('answered an undocumented X-Total-Count header');
      });
    }
  }
});
