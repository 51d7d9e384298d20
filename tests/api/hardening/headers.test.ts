// Issue 11 row 10 on the API: every answer is Cache-Control: private, no-store -- personal reads, their
// errors, a refusal, a CSV download and gzipped lists alike -- unless a route is public on purpose (the docs'
// assets, the calendar feed behind its secret token: private, no-cache with an ETag). Pages: tests/e2e/security.test.ts.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestServer, type TestServer } from '../../helpers/api';
import { createClass, createUser, type SignedIn } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let customer: SignedIn;
let coach: SignedIn;
let classId: number;
beforeAll(async () => {
  server = await startTestServer();
  [customer, coach] = await Promise.all([createUser(server), createUser(server, 'coach')]);
  const cls = await createClass(server, { coachId: coach.id, priceCents: 0 });
  classId = cls.id;
  // Enough classes for GET /api/classes to answer more than 1 KB, which is gzipped.
  for (let i = 0; i < 6; i++) await createClass(server, { coachId: coach.id, title: `Class number ${i}` });
  expect((await customer.client.post('/api/bookings/free', withWaivers({ classId, quantity: 1 }))).status).toBe(201);
});
afterAll(() => server.stop());

test("a signed-in person's reads, downloads and lists are never stored", async () => {
  const reads: [SignedIn, string][] = [
    [customer, '/api/user'],
    [customer, '/api/bookings'],
    [customer, '/api/waitlist'],
    [customer, '/api/calendar'],
    [customer, `/api/reviews/customer/${customer.id}`],
    [coach, '/api/customers'],
    [coach, '/api/classes/managed'],
    [coach, `/api/classes/${classId}/roster`],
    [coach, `/api/classes/${classId}/roster.csv`],
    [coach, `/api/coaches/${coach.id}/stripe-status`],
    [coach, '/api/classes'],
  ];
  for (const [who, path] of reads) {
    const res = await who.client.request('GET', path, undefined, { headers: { 'accept-encoding': 'gzip' } });
    expect({ path, status: res.status, cacheControl: res.headers.get('cache-control') }).toEqual({
      path,
      status: 200,
      cacheControl: 'private, no-store',
    });
    // The gzipped list answer is built as a new response: it keeps the header all the same.
    if (path === '/api/classes') expect(res.headers.get('content-encoding')).toBe('gzip');
  }
});

test('refusals and errors too: 401, 403, 400, 404', async () => {
  const answers = [
    await server.client().get('/api/user'),
    await customer.client.get('/api/customers'),
    await customer.client.post('/api/bookings/free', withWaivers({ classId: 'x' })),
    await server.client().get('/api/no-such-route'),
  ];
  expect(answers.map((res) => [res.status, res.headers.get('cache-control')])).toEqual([
    [401, 'private, no-store'],
    [403, 'private, no-store'],
    [400, 'private, no-store'],
    [404, 'private, no-store'],
  ]);
});
