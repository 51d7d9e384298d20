// The authorization matrix (issue 3): every endpoint of the accounts issue, called by a visitor, a customer,
// another customer, a coach awaiting approval, an approved coach and an admin, with the status each gets.
// Visitors get 401, the wrong role 403, another user's account 403 -- also when the request is invalid (issue 11).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createSession, SESSION_COOKIE } from '../../../api/auth/session';
import { categories } from '../../../db/schema';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/api';
import { classBody, createActors, imageForm, newPerson, PASSWORD, PNG_1X1, register, type Person } from './helpers';
import { withWaivers } from '../../helpers/waivers';

const ACTORS = ['visitor', 'customer', 'otherCustomer', 'pendingCoach', 'coach', 'admin'] as const;
type Actor = (typeof ACTORS)[number];

let server: TestServer;
let people: Record<Actor, Person>;
let loginTarget: Person;
let coachToApprove: Person;
let categoryId: number;

beforeAll(async () => {
  server = await startTestServer({
    google: null,
    rateLimits: {
      registerPerAddress: { max: 1000, windowMs: 60_000 },
      resetPerAddress: { max: 1000, windowMs: 60_000 },
      resetPerEmail: { max: 1000, windowMs: 60_000 },
    },
  });
  people = await createActors(server);
  loginTarget = await register(server);
  coachToApprove = await register(server, { role: 'coach' });
  const [category] = await server.ctx.db.write((tx) => tx.insert(categories).values({ name: 'Yoga' }).returning());
  categoryId = category!.id;
}, 60_000);
afterAll(() => server.stop());

/** A fresh session of the actor for every call, so calls that end sessions (logout, password) touch no other row. */
async function as(actor: Actor): Promise<TestClient> {
  const client = server.client();
  if (actor !== 'visitor') {
    const { token } = await createSession(server.ctx.db, server.ctx.clock, people[actor].id);
    client.cookies.set(SESSION_COOKIE, token);
  }
  return client;
}

const idOf = (actor: Actor) => (actor === 'visitor' ? people.customer.id : people[actor].id);

type Expected = Record<Actor, number>;
const everyone = (status: number): Expected => Object.fromEntries(ACTORS.map((a) => [a, status])) as Expected;
const signedIn = (status: number): Expected => ({ ...everyone(status), visitor: 401 });
const adminOnly: Expected = { visitor: 401, customer: 403, otherCustomer: 403, pendingCoach: 403, coach: 403, admin: 200 };
const onlyTheCustomer = (status: number): Expected => ({
  visitor: 401,
  customer: status,
  otherCustomer: 403,
  pendingCoach: 403,
  coach: 403,
  admin: 403,
});

const rows: { endpoint: string; expected: Expected; call: (client: TestClient, actor: Actor) => Promise<{ status: number }> }[] = [
  { endpoint: 'GET /api/user', expected: signedIn(200), call: (c) => c.get('/api/user') },
  { endpoint: 'POST /api/register', expected: everyone(201), call: (c) => c.post('/api/register', newPerson()) },
  {
    endpoint: 'POST /api/login',
    expected: everyone(200),
    call: (c) => c.post('/api/login', { email: loginTarget.email, password: PASSWORD }),
  },
  { endpoint: 'POST /api/logout', expected: everyone(200), call: (c) => c.post('/api/logout', {}) },
  { endpoint: 'GET /api/auth/google?role=customer', expected: everyone(302), call: (c) => c.get('/api/auth/google?role=customer') },
  { endpoint: 'GET /api/auth/google/callback', expected: everyone(302), call: (c) => c.get('/api/auth/google/callback?code=x&state=y') },
  {
    endpoint: 'POST /api/auth/forgot-password',
    expected: everyone(200),
    call: (c) => c.post('/api/auth/forgot-password', { email: loginTarget.email }),
  },
  {
    endpoint: 'POST /api/auth/reset-password (bad token)',
    expected: everyone(400),
    call: (c) => c.post('/api/auth/reset-password', { token: 'not-a-token', newPassword: 'whatever-1' }),
  },
  {
    endpoint: 'PUT /api/users/{own id}',
    expected: signedIn(200),
    call: (c, a) => c.put(`/api/users/${idOf(a)}`, { firstName: 'Same', lastName: 'Person' }),
  },
  {
    endpoint: "PUT /api/users/{customer's id}",
    expected: onlyTheCustomer(200),
    call: (c) => c.put(`/api/users/${people.customer.id}`, { firstName: 'Casey', lastName: 'Park' }),
  },
  {
    endpoint: 'PUT /api/users/{own id}/password',
    expected: signedIn(200),
    call: (c, a) => c.put(`/api/users/${idOf(a)}/password`, { currentPassword: PASSWORD, newPassword: PASSWORD }),
  },
  {
    endpoint: "PUT /api/users/{customer's id}/password",
    expected: onlyTheCustomer(200),
    call: (c) => c.put(`/api/users/${people.customer.id}/password`, { currentPassword: PASSWORD, newPassword: PASSWORD }),
  },
  { endpoint: 'GET /api/admin/users', expected: adminOnly, call: (c) => c.get('/api/admin/users') },
  {
    endpoint: 'PUT /api/admin/coaches/{id}/approve',
    expected: adminOnly,
    call: (c) => c.put(`/api/admin/coaches/${coachToApprove.id}/approve`),
  },
  {
    endpoint: 'POST /api/upload-image',
    expected: signedIn(201),
    call: (c) => c.request('POST', '/api/upload-image', undefined, { raw: imageForm(PNG_1X1, 'a.png', 'image/png') }),
  },
  // The role rule of this issue on the classes API: only approved coaches (and admins, for a coach) create classes.
  {
    endpoint: 'POST /api/classes',
    expected: { visitor: 401, customer: 403, otherCustomer: 403, pendingCoach: 403, coach: 201, admin: 201 },
    call: (c, a) => c.post('/api/classes', { ...classBody(server, categoryId), ...(a === 'admin' ? { coachId: people.coach.id } : {}) }),
  },
];

describe('authorization matrix', () => {
  for (const row of rows) {
    for (const actor of ACTORS) {
      test(`${row.endpoint} as ${actor}: ${row.expected[actor]}`, async () => {
        const res = await row.call(await as(actor), actor);
        expect(res.status).toBe(row.expected[actor]);
      });
    }
  }
});

// Issue 11 row 7: authorization comes before validation. Each call below is invalid (wrong types, malformed
// JSON, a bad id or query); a visitor still gets 401 and the wrong role 403, and only an allowed caller sees
// the 400 (or 404) of validation.
type BadCall = { endpoint: string; refused: Actor[]; allowed: Actor; call: (client: TestClient) => Promise<{ status: number }> };
const malformedJson = (client: TestClient, method: string, path: string) =>
  client.request(method, path, undefined, { headers: { 'content-type': 'application/json' }, raw: '{"title": ' });
const badCalls: BadCall[] = [
  {
    endpoint: 'PUT /api/users/{id}',
    refused: ['otherCustomer', 'admin'],
    allowed: 'customer',
    call: (c) => c.put(`/api/users/${people.customer.id}`, { firstName: 5 }),
  },
  {
    endpoint: 'PUT /api/users/{id} (malformed JSON)',
    refused: ['otherCustomer'],
    allowed: 'customer',
    call: (c) => malformedJson(c, 'PUT', `/api/users/${people.customer.id}`),
  },
  {
    endpoint: 'PUT /api/users/{id}/password',
    refused: ['otherCustomer', 'coach'],
    allowed: 'customer',
    call: (c) => c.put(`/api/users/${people.customer.id}/password`, { currentPassword: [] }),
  },
  {
    endpoint: 'POST /api/classes',
    refused: ['customer', 'pendingCoach'],
    allowed: 'coach',
    call: (c) => c.post('/api/classes', { title: 1, capacity: 'many' }),
  },
  {
    endpoint: 'POST /api/classes (malformed JSON)',
    refused: ['customer'],
    allowed: 'coach',
    call: (c) => malformedJson(c, 'POST', '/api/classes'),
  },
  { endpoint: 'PUT /api/classes/{id}', refused: ['customer'], allowed: 'coach', call: (c) => c.put('/api/classes/1', { capacity: 'x' }) },
  {
    endpoint: 'DELETE /api/classes/{id}?deleteOption=x',
    refused: ['customer'],
    allowed: 'coach',
    call: (c) => c.delete('/api/classes/1?deleteOption=x'),
  },
  { endpoint: 'GET /api/geocode (no q)', refused: ['customer'], allowed: 'coach', call: (c) => c.get('/api/geocode') },
  {
    endpoint: 'GET /api/geocode/reverse?lat=north',
    refused: ['customer'],
    allowed: 'coach',
    call: (c) => c.get('/api/geocode/reverse?lat=north&lng='),
  },
  { endpoint: 'POST /api/blog', refused: ['customer', 'coach'], allowed: 'admin', call: (c) => c.post('/api/blog', { title: ['x'] }) },
  { endpoint: 'PUT /api/blog/{id}', refused: ['coach'], allowed: 'admin', call: (c) => c.put('/api/blog/not-an-id', { status: 'gone' }) },
  { endpoint: 'DELETE /api/blog/{id}', refused: ['coach'], allowed: 'admin', call: (c) => c.delete('/api/blog/not-an-id') },
  {
    endpoint: 'PUT /api/admin/coaches/{id}/approve',
    refused: ['coach'],
    allowed: 'admin',
    call: (c) => c.put('/api/admin/coaches/not-an-id/approve'),
  },
  { endpoint: 'POST /api/reviews', refused: [], allowed: 'customer', call: (c) => c.post('/api/reviews', { rating: 'five' }) },
  { endpoint: 'PUT /api/reviews/{id}', refused: [], allowed: 'customer', call: (c) => c.put('/api/reviews/x', { rating: 9 }) },
  {
    endpoint: 'POST /api/bookings/free',
    refused: [],
    allowed: 'customer',
    call: (c) => c.post('/api/bookings/free', withWaivers({ classId: 'x', quantity: -1 })),
  },
  {
    endpoint: 'POST /api/classes/{id}/waitlist',
    refused: [],
    allowed: 'customer',
    call: (c) => c.post('/api/classes/x/waitlist', { quantity: 'two' }),
  },
  { endpoint: 'POST /api/waitlist/{id}/accept', refused: [], allowed: 'customer', call: (c) => c.post('/api/waitlist/x/accept') },
  {
    endpoint: 'PUT /api/bookings/{id}/attendance',
    refused: ['customer'],
    allowed: 'coach',
    call: (c) => c.put('/api/bookings/x/attendance', { attendee: 'first', status: 'maybe' }),
  },
  { endpoint: 'GET /api/classes/{id}/roster', refused: ['customer'], allowed: 'coach', call: (c) => c.get('/api/classes/x/roster') },
  { endpoint: 'PUT /api/bookings/{id}/cancel', refused: [], allowed: 'customer', call: (c) => c.put('/api/bookings/x/cancel') },
  {
    endpoint: 'POST /api/payment/create-intent',
    refused: [],
    allowed: 'customer',
    call: (c) => c.post('/api/payment/create-intent', withWaivers({ classId: 'x', quantity: 0, amount: 'lots' })),
  },
  {
    endpoint: 'POST /api/payment/confirm',
    refused: [],
    allowed: 'customer',
    call: (c) => c.post('/api/payment/confirm', { paymentIntentId: 42 }),
  },
  {
    endpoint: 'POST /api/coaches/{id}/stripe-onboarding',
    refused: ['customer'],
    allowed: 'coach',
    call: (c) => c.post('/api/coaches/x/stripe-onboarding'),
  },
  {
    endpoint: "POST /api/coaches/{another coach's id}/stripe-onboarding (malformed JSON)",
    refused: ['customer', 'pendingCoach'],
    allowed: 'admin',
    call: (c) => malformedJson(c, 'POST', `/api/coaches/${people.coach.id}/stripe-onboarding`),
  },
  {
    endpoint: 'POST /api/payouts/test-onboarding/complete',
    refused: ['customer'],
    allowed: 'coach',
    call: (c) => c.post('/api/payouts/test-onboarding/complete', { accountId: 7 }),
  },
  {
    endpoint: 'POST /api/upload-image (text, not a file)',
    refused: [],
    allowed: 'customer',
    call: (c) => {
      const form = new FormData();
      form.set('image', 'not a file');
      return c.request('POST', '/api/upload-image', undefined, { raw: form });
    },
  },
];

describe('authorization before validation: invalid requests', () => {
  for (const row of badCalls) {
    test(`${row.endpoint}: visitor 401${row.refused.length ? `, ${row.refused.join(' and ')} 403` : ''}, then ${row.allowed} sees validation`, async () => {
      expect((await row.call(await as('visitor'))).status).toBe(401);
      for (const actor of row.refused) expect({ actor, status: (await row.call(await as(actor))).status }).toEqual({ actor, status: 403 });
      expect([400, 404]).toContain((await row.call(await as(row.allowed))).status);
    });
  }
});
