// Robustness of the whole API (runtime contract: "never a stack trace, never a 500 for bad input", and every role
// rule enforced on the server). Every operation in /api/docs/json, as a visitor and as each demo account, gets a
// battery of bad paths, queries, bodies and content types; every answer must be a non-5xx, a JSON message when
// refused, without a stack trace or a private column. Then the role rules the accounts matrix
// (tests/api/accounts/authorization-matrix.test.ts) does not cover: bookings, payments, reviews, classes,
// customers, blog admin and payouts, for visitors (401) and the wrong roles (403).
import { afterAll, describe, expect, test } from 'bun:test';
import { createSession, SESSION_COOKIE } from '../../../api/auth/session';
import { startTestServer, type TestClient } from '../../helpers/api';
import {
  type Answer,
  answerOf,
  BAD_PATH_VALUES,
  BAD_QUERY_VALUES,
  bodyFields,
  bodyProbes,
  contractProblems,
  fieldProbes,
  inPool,
  isWrite,
  listOperations,
  type Operation,
  type Probe,
  sampleOf,
} from '../../helpers/fuzz';
import { withWaivers } from '../../helpers/waivers';

const LOOSE = { max: 1_000_000, windowMs: 60_000 };
// Loose rate limits, so bad sign-ins and registrations reach the code behind the limiter instead of a 429.
const server = await startTestServer({
  seed: true,
  google: null,
  rateLimits: {
    loginPerEmailAndAddress: LOOSE,
    loginPerEmail: LOOSE,
    loginPerAddress: LOOSE,
    registerPerAddress: LOOSE,
    resetPerEmail: LOOSE,
    resetPerAddress: LOOSE,
    uploadsPerUser: LOOSE,
  },
});
afterAll(() => server.stop());

const ACCOUNTS = {
  admin: 'admin@fogline.test',
  coach: 'coach@fogline.test',
  newcoach: 'newcoach@fogline.test',
  customer: 'customer@fogline.test',
} as const;
type Account = keyof typeof ACCOUNTS;
type Actor = 'visitor' | Account;
const ACTORS: Actor[] = ['visitor', 'admin', 'coach', 'newcoach', 'customer'];
/** The accounts whose requests get past the role checks of most writes: they also get one-field-at-a-time probes. */
const DEEP_ACTORS = new Set<Actor>(['admin', 'coach', 'customer']);
/** Query parameters only steer public reads and the coach/admin tools, so these actors cover every branch. */
const QUERY_ACTORS = new Set<Actor>(['visitor', 'admin', 'coach']);
/** Bodies with a password cost an argon2id hash each (~200 ms of CPU): one account's field probes cover them. */
const hasPassword = (op: Operation) => bodyFields(op.body).some((field) => /password/i.test(field));
const deepProbes = (op: Operation, actor: Actor) => (hasPassword(op) ? actor === 'customer' : DEEP_ACTORS.has(actor));

// ---- Signing in and the real rows the probes aim at ---------------------------------------------------------

const clients = {} as Record<Actor, TestClient>;
const me = {} as Record<Account, { id: number }>;
clients.visitor = server.client();
for (const [account, email] of Object.entries(ACCOUNTS) as [Account, string][]) {
  const client = server.client();
  const res = await client.post('/api/login', { email, password: 'demo-password' });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  clients[account] = client;
  me[account] = res.body.user ?? res.body;
}
// Another customer, for "someone else's booking/review".
const other = server.client();
const registered = await other.post('/api/register', {
  firstName: 'Otto',
  lastName: 'Other',
  email: 'otto.other@example.com',
  phone: '+14155550100',
  password: 'other-password',
  role: 'customer',
  termsAccepted: true,
});
if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);

const tomorrow = server.clock.now().getTime() + 86_400_000;
const allClasses: any[] = (await clients.visitor.get('/api/classes')).body.filter((c: any) => new Date(c.startTime).getTime() > tomorrow);
const coachClass =
  allClasses.find((c) => c.coachId === me.coach.id && c.price > 0 && c.spotsLeft > 0) ?? allClasses.find((c) => c.coachId === me.coach.id);
const otherCoachClass = allClasses.find((c) => c.coachId !== me.coach.id);
const freeClass = allClasses.find((c) => c.price === 0) ?? allClasses[0];
const myBookings: any[] = (await clients.customer.get('/api/bookings')).body;
const booking = myBookings.find((b) => b.status === 'confirmed') ?? myBookings[0];
const myReviews: any = (await clients.customer.get(`/api/reviews/customer/${me.customer.id}`)).body;
const review = (Array.isArray(myReviews) ? myReviews : myReviews.reviews)[0];
const reviewedBooking = myBookings.find((b) => b.id === review?.bookingId) ?? booking;
const posts: any[] = (await clients.admin.get('/api/blog/admin')).body.posts ?? (await clients.admin.get('/api/blog/admin')).body;
const post = posts[0];
const category = (await clients.visitor.get('/api/categories')).body[0];
// A payment held by the other customer: someone else's intent for the role rules, a real target for the card probes.
const held = await other.post(
  '/api/payment/create-intent',
  withWaivers({
    classId: coachClass.id,
    quantity: 1,
    amount: Math.round(coachClass.price * 105) / 100,
  }),
);
const heldIntent = held.status === 200 ? held.body : null;
for (const [name, row] of Object.entries({ coachClass, otherCoachClass, freeClass, booking, review, post, category, heldIntent })) {
  if (!row) throw new Error(`the demo data has no ${name}`);
}

const doc = (await clients.visitor.get('/api/docs/json')).body;
// Deletes run last, so they do not take away the rows the other operations aim at.
const operations = listOperations(doc).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

/** A real value for a path parameter: the actor's own row where ownership matters, else a demo row. */
function realValue(path: string, param: string, actor: Actor): string {
  const own = actor === 'visitor' ? me.customer.id : me[actor].id;
  if (param === 'coachId') return String(me.coach.id);
  if (param === 'userId') return String(own);
  if (param === 'classId') return String(reviewedBooking.classId);
  if (param === 'bookingId') return String(reviewedBooking.id);
  if (param === 'slug') return post.slug;
  if (path.startsWith('/api/users/')) return String(own);
  if (path.startsWith('/api/admin/coaches/')) return String(me.newcoach.id);
  if (path.startsWith('/api/categories/')) return String(category.id);
  if (path.startsWith('/api/classes/')) return String(coachClass.id);
  if (path.startsWith('/api/coaches/')) return String(me.coach.id);
  if (path.startsWith('/api/blog/')) return String(post.id);
  if (path.startsWith('/api/bookings/')) return String(booking.id);
  if (path.startsWith('/api/reviews/')) return String(review.id);
  return '1';
}

function fillPath(op: Operation, actor: Actor, bad?: { param: string; value: string }): string {
  return op.path.replace(/\{(\w+)\}/g, (_, param: string) =>
    bad?.param === param ? bad.value : encodeURIComponent(realValue(op.path, param, actor)),
  );
}

/** What a well-behaved client sends: the schema's sample, aimed at real rows. */
function plausibleBody(op: Operation): unknown {
  const base = sampleOf(op.body ?? undefined) as Record<string, unknown> | null;
  if (!base || typeof base !== 'object') return base;
  const aims: Record<string, unknown> = {
    classId: op.path.startsWith('/api/reviews') ? reviewedBooking.classId : op.path.includes('free') ? freeClass.id : coachClass.id,
    bookingId: reviewedBooking.id,
    categoryId: category.id,
    // Room for the spots already booked, so an owner's edit can succeed.
    capacity: 50,
    duration: 60,
    paymentIntentId: heldIntent.id,
    clientSecret: heldIntent.clientSecret,
  };
  for (const [key, value] of Object.entries(aims)) if (key in base) base[key] = value;
  if ('termsAccepted' in base || op.path === '/api/register') Object.assign(base, { phone: '+14155550123', termsAccepted: true });
  if (op.path === '/api/classes' && op.method === 'POST') Object.assign(base, { coachId: null, isRecurring: false });
  return base;
}

function probesFor(op: Operation, actor: Actor): Probe[] {
  const path = fillPath(op, actor);
  const body = isWrite(op) && !op.multipart ? plausibleBody(op) : undefined;
  const withBody = (probe: Probe): Probe => (body === undefined ? probe : { ...probe, json: body });
  const probes: Probe[] = [withBody({ label: 'as documented', path })];
  for (const param of op.pathParams) {
    for (const [label, value] of BAD_PATH_VALUES)
      probes.push(withBody({ label: `{${param}} ${label}`, path: fillPath(op, actor, { param, value }) }));
  }
  const queries = QUERY_ACTORS.has(actor) ? op.queryParams : [];
  for (const { name } of queries) {
    for (const [label, value] of BAD_QUERY_VALUES) probes.push({ label: `?${name} ${label}`, path, query: `${name}=${value}` });
  }
  if (queries.length) {
    const names = queries.map((q) => q.name);
    probes.push({ label: 'every query parameter wrong', path, query: names.map((n) => `${n}=%F0%9F%A7%98-1e20`).join('&') });
    probes.push({ label: 'every query parameter repeated', path, query: names.map((n) => `${n}=1&${n}=two`).join('&') });
    probes.push({ label: 'every query parameter as a bracket object', path, query: names.map((n) => `${n}[a]=1&${n}[]=2`).join('&') });
  }
  if (isWrite(op)) {
    probes.push(...bodyProbes(path, body ?? {}));
    if (deepProbes(op, actor)) probes.push(...fieldProbes(path, body, bodyFields(op.body)));
  }
  return probes;
}

/** Operations that end the session they are sent with (signing in or up replaces it) get a fresh session each
 * time, so the actor stays signed in for the rest. */
const endsSession = (op: Operation) =>
  ['/api/register', '/api/login', '/api/logout', '/api/auth/reset-password'].includes(op.path) || op.path.endsWith('/password');

async function cookieFor(actor: Actor, op: Operation): Promise<string | null> {
  if (actor === 'visitor') return null;
  if (!endsSession(op)) return clients[actor].cookieHeader();
  const { token } = await createSession(server.ctx.db, server.ctx.clock, me[actor].id);
  return `${SESSION_COOKIE}=${token}`;
}

async function send(actor: Actor, op: Operation, probe: Probe): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip' };
  if (op.method !== 'GET') headers.origin = server.url;
  const cookie = await cookieFor(actor, op);
  if (cookie) headers.cookie = cookie;
  let body: BodyInit | undefined;
  if ('json' in probe) {
    body = JSON.stringify(probe.json);
    headers['content-type'] = 'application/json';
  } else if (probe.raw !== undefined) {
    body = probe.raw;
    if (probe.contentType) headers['content-type'] = probe.contentType;
  }
  const url = server.url + probe.path + (probe.query ? `?${probe.query}` : '');
  const res = await fetch(url, { method: op.method, headers, body, redirect: 'manual' });
  return answerOf(res);
}

describe('the judge of answers', () => {
  const json = (status: number, body: unknown): Answer => ({ status, contentType: 'application/json', text: JSON.stringify(body) });
  test('passes a JSON refusal with a message, even one saying "at least"', () => {
    expect(contractProblems(json(400, { message: 'Password must be at least 8 characters' }))).toEqual([]);
  });
  test('flags a 500, a stack trace, a private column, a refusal without a message and a non-JSON refusal', () => {
    expect(contractProblems(json(500, { message: 'x' }))).toHaveLength(1);
    expect(contractProblems(json(400, { message: 'TypeError: x\n    at handle (/srv/app/api/x.ts:3:9)' })).length).toBeGreaterThan(0);
    expect(contractProblems(json(200, [{ id: 1, passwordHash: '$argon2id$...' }]))).toHaveLength(1);
    expect(contractProblems(json(404, { error: 'Not found' }))).toHaveLength(1);
    expect(contractProblems({ status: 400, contentType: 'text/plain', text: 'Bad Request' })).toHaveLength(1);
  });
});

describe('the operations come from the API docs', () => {
  test('every documented operation is probed (more than 50 of them)', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.map((op) => op.name)).toContain('POST /api/payment/webhook');
  });
});

// ---- Role rules (first, while the demo rows are intact) -----------------------------------------------------

/** Writes anyone may send: signing in and up, recovery, contact, and the provider's own callbacks. */
const PUBLIC_WRITES = new Set([
  'POST /api/register',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/contact',
  'POST /api/payment/webhook',
  'POST /api/payment/test-provider/pay',
]);

describe('a visitor is asked to sign in (401) for every write that is not public', () => {
  for (const op of operations.filter((o) => isWrite(o) && !PUBLIC_WRITES.has(o.name))) {
    test(`${op.name} as a visitor: 401`, async () => {
      const probe = op.multipart
        ? { label: 'upload', path: fillPath(op, 'visitor'), raw: uploadForm() }
        : { label: 'plausible', path: fillPath(op, 'visitor'), json: plausibleBody(op) };
      const answer = await send('visitor', op, probe);
      expect({ status: answer.status, body: answer.text }).toEqual({ status: 401, body: expect.stringContaining('"message"') });
    });
  }
});

function uploadForm(): FormData {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'a.png');
  return form;
}

describe('a visitor is asked to sign in (401) for private reads', () => {
  const PRIVATE_READS = [
    '/api/bookings',
    '/api/customers',
    '/api/classes/managed',
    '/api/blog/admin',
    () => `/api/blog/admin/${post.id}`,
    () => `/api/reviews/customer/${me.customer.id}`,
    () => `/api/reviews/class/${reviewedBooking.classId}/${reviewedBooking.id}`,
    () => `/api/coaches/${me.coach.id}/stripe-status`,
    '/api/geocode?q=Dolores%20Park',
    '/api/geocode/reverse?lat=37.76&lng=-122.43',
  ];
  for (const entry of PRIVATE_READS) {
    const label = typeof entry === 'string' ? entry : entry().replace(/\d+/g, '{id}');
    test(`GET ${label} as a visitor: 401`, async () => {
      const res = await clients.visitor.get(typeof entry === 'string' ? entry : entry());
      expect(res.status).toBe(401);
      expect(typeof res.body.message).toBe('string');
    });
  }
});

/** A valid edit-page body (/edit-class/{id}), so only the role rule can refuse it. */
const EDIT_PAGE_BODY = {
  title: 'Hijacked class',
  description: 'Somebody else wants to run this class.',
  price: 10,
  capacity: 5,
  location: 'Dolores Park',
  address: '19th St & Dolores St, San Francisco, CA 94114',
  duration: 60,
  startTime: '2031-06-15T09:00:00-07:00',
};

/** Each row: an operation only some may use, and the signed-in accounts that must be refused with 403. */
const FORBIDDEN: { name: string; wrong: (Actor | 'other')[]; call: (client: TestClient) => Promise<{ status: number; body: any }> }[] = [
  // Blog administration: admins only.
  {
    name: 'POST /api/blog (create a post)',
    wrong: ['customer', 'coach', 'newcoach'],
    call: (c) => c.post('/api/blog', { title: 'Not mine', content: '<p>Nope</p>', status: 'draft' }),
  },
  {
    name: 'PUT /api/blog/{id} (edit a post)',
    wrong: ['customer', 'coach', 'newcoach'],
    call: (c) => c.put(`/api/blog/${post.id}`, { title: 'Defaced', content: '<p>x</p>' }),
  },
  {
    name: 'DELETE /api/blog/{id} (delete a post)',
    wrong: ['customer', 'coach', 'newcoach'],
    call: (c) => c.delete(`/api/blog/${post.id}`),
  },
  { name: 'GET /api/blog/admin (every post, drafts too)', wrong: ['customer', 'coach', 'newcoach'], call: (c) => c.get('/api/blog/admin') },
  {
    name: 'GET /api/blog/admin/{id} (a post for editing)',
    wrong: ['customer', 'coach', 'newcoach'],
    call: (c) => c.get(`/api/blog/admin/${post.id}`),
  },
  // Classes: coaches (their own) and admins.
  {
    name: 'PUT /api/classes/{id} (another coach’s class)',
    wrong: ['customer', 'newcoach', 'coach'],
    call: (c) => c.put(`/api/classes/${otherCoachClass.id}`, EDIT_PAGE_BODY),
  },
  {
    name: 'DELETE /api/classes/{id} (another coach’s class)',
    wrong: ['customer', 'newcoach', 'coach'],
    call: (c) => c.delete(`/api/classes/${otherCoachClass.id}`),
  },
  { name: 'GET /api/classes/managed (classes to manage)', wrong: ['customer'], call: (c) => c.get('/api/classes/managed') },
  { name: 'GET /api/geocode (address autofill for class forms)', wrong: ['customer'], call: (c) => c.get('/api/geocode?q=Dolores%20Park') },
  // Customers: coaches and admins.
  { name: 'GET /api/customers (customer bookings)', wrong: ['customer'], call: (c) => c.get('/api/customers') },
  // Bookings: only their customer cancels them.
  {
    name: 'PUT /api/bookings/{id}/cancel (someone else’s booking)',
    wrong: ['other', 'coach', 'newcoach'],
    call: (c) => c.put(`/api/bookings/${booking.id}/cancel`),
  },
  // Reviews: only the customer who booked writes, edits and reads them.
  {
    name: 'POST /api/reviews (for someone else’s booking)',
    wrong: ['other', 'coach'],
    call: (c) =>
      c.post('/api/reviews', { classId: reviewedBooking.classId, bookingId: reviewedBooking.id, rating: 1, comment: 'Not my booking' }),
  },
  {
    name: 'PUT /api/reviews/{id} (someone else’s review)',
    wrong: ['other', 'coach', 'admin'],
    call: (c) =>
      c.put(`/api/reviews/${review.id}`, {
        classId: reviewedBooking.classId,
        bookingId: reviewedBooking.id,
        rating: 1,
        comment: 'Rewritten',
      }),
  },
  {
    name: 'GET /api/reviews/customer/{userId} (someone else’s reviews)',
    wrong: ['other', 'coach', 'newcoach'],
    call: (c) => c.get(`/api/reviews/customer/${me.customer.id}`),
  },
  {
    name: 'GET /api/reviews/class/{classId}/{bookingId} (someone else’s review)',
    wrong: ['other', 'coach'],
    call: (c) => c.get(`/api/reviews/class/${reviewedBooking.classId}/${reviewedBooking.id}`),
  },
  // Payouts: the coach themself (or an admin).
  {
    name: 'POST /api/coaches/{id}/stripe-onboarding (another coach’s payouts)',
    wrong: ['customer', 'newcoach', 'other'],
    call: (c) => c.post(`/api/coaches/${me.coach.id}/stripe-onboarding`),
  },
  {
    name: 'GET /api/coaches/{id}/stripe-status (another coach’s payouts)',
    wrong: ['customer', 'newcoach', 'other'],
    call: (c) => c.get(`/api/coaches/${me.coach.id}/stripe-status`),
  },
];

describe('the wrong role or another account is refused (403)', () => {
  for (const row of FORBIDDEN) {
    for (const actor of row.wrong) {
      test(`${row.name} as ${actor}: 403`, async () => {
        const res = await row.call(actor === 'other' ? other : clients[actor]);
        expect({ status: res.status, message: res.body?.message }).toEqual({ status: 403, message: expect.any(String) });
      });
    }
  }

  test('POST /api/payouts/test-onboarding/complete (another coach’s account) as a customer: 403', async () => {
    const started = await clients.coach.post(`/api/coaches/${me.coach.id}/stripe-onboarding`);
    expect(started.status).toBe(200);
    const accountId = new URL(started.body.onboardingUrl, server.url).searchParams.get('account') ?? started.body.accountId;
    const res = await clients.customer.post('/api/payouts/test-onboarding/complete', { accountId });
    expect(res.status).toBe(403);
  });

  test('POST /api/payment/confirm (someone else’s payment) as a customer: 403', async () => {
    const res = await clients.customer.post('/api/payment/confirm', {
      paymentIntentId: heldIntent.id,
      classId: coachClass.id,
      quantity: 1,
    });
    expect(res.status).toBe(403);
  });
});

// ---- The battery ----------------------------------------------------------------------------------------------

describe('every operation answers bad input with a JSON 4xx, never a 5xx, a stack trace or a private field', () => {
  for (const op of operations) {
    test(`${op.name}: every actor, every bad input`, async () => {
      const tasks = ACTORS.flatMap((actor) =>
        probesFor(op, actor).map((probe) => async () => {
          const answer = await send(actor, op, probe);
          // Google sign-in answers browsers with redirects.
          return contractProblems(answer, { redirectOk: op.path.startsWith('/api/auth/google') }).map(
            (problem) => `${actor}, ${probe.label}: ${problem}`,
          );
        }),
      );
      const problems = (await inPool(tasks, 8)).flat();
      expect(problems).toEqual([]);
    }, 60_000);
  }
});

describe('a forged or mangled session cookie is a visitor, never a 5xx', () => {
  const COOKIES: [string, string][] = [
    ['an empty token', `${SESSION_COOKIE}=`],
    ['no secret', `${SESSION_COOKIE}=abc`],
    ['a lone dot', `${SESSION_COOKIE}=.`],
    ['many dots', `${SESSION_COOKIE}=a.b.c.d`],
    ['a bad percent escape', `${SESSION_COOKIE}=%E0%A4%A.x`],
    ['a huge token', `${SESSION_COOKIE}=${'a'.repeat(6000)}.${'b'.repeat(6000)}`],
    ['the cookie twice', `${SESSION_COOKIE}=x.y; ${SESSION_COOKIE}=z.w`],
    ['a token of another user with a wrong secret', `${SESSION_COOKIE}=${clients.admin.cookies.get(SESSION_COOKIE)!.split('.')[0]}.wrong`],
  ];
  test('every operation, with every mangled cookie', async () => {
    // Password bodies cost an argon2id hash per call and read no session first, so they sit this one out.
    const tasks = operations
      .filter((op) => !hasPassword(op))
      .flatMap((op) =>
        COOKIES.map(([label, cookie]) => async () => {
          const body = isWrite(op) && !op.multipart ? JSON.stringify(plausibleBody(op)) : undefined;
          const headers: Record<string, string> = {
            cookie,
            ...(isWrite(op) ? { origin: server.url } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
          };
          const res = await fetch(server.url + fillPath(op, 'visitor'), { method: op.method, headers, body, redirect: 'manual' });
          const answer = await answerOf(res);
          return contractProblems(answer, { redirectOk: op.path.startsWith('/api/auth/google') }).map(
            (problem) => `${op.name} with ${label}: ${problem}`,
          );
        }),
      );
    expect((await inPool(tasks, 8)).flat()).toEqual([]);
  }, 60_000);
});

describe('a correctly signed webhook with a malformed event is acknowledged or refused, never a 5xx', () => {
  const provider = server.ctx.payments as { signWebhook?: (payload: string) => Promise<string> };
  const EVENTS: [string, string][] = [
    ['an empty object', '{}'],
    ['an event without data', JSON.stringify({ type: 'payment_intent.succeeded' })],
    ['a null object', JSON.stringify({ type: 'payment_intent.succeeded', data: { object: null } })],
    ['an unknown intent', JSON.stringify({ type: 'payment_intent.succeeded', data: { object: { id: 'pi_test_nope' } } })],
    ['a numeric intent id', JSON.stringify({ type: 'payment_intent.succeeded', data: { object: { id: 12345 } } })],
    ['an object as intent id', JSON.stringify({ type: 'payment_intent.payment_failed', data: { object: { id: { $ne: null } } } })],
    ['an unknown payout account', JSON.stringify({ type: 'account.updated', data: { object: { id: 'acct_test_ffffffffffffffff' } } })],
    ['an unknown event type', JSON.stringify({ type: 'charge.refunded', data: { object: {} } })],
    ['a numeric type', JSON.stringify({ type: 42, data: { object: {} } })],
    ['an array', '[]'],
    ['not JSON', 'not json at all'],
    ['deep nesting', '['.repeat(100_000) + ']'.repeat(100_000)],
  ];
  for (const [label, payload] of EVENTS) {
    test(`signed webhook with ${label}`, async () => {
      const signature = await provider.signWebhook!(payload);
      const res = await fetch(`${server.url}/api/payment/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      const answer = await answerOf(res);
      expect(contractProblems(answer)).toEqual([]);
    });
  }
});

describe('malformed uploads are a JSON 4xx; only what sniffs as an image is stored, under a random name', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const file = (bytes: BlobPart, type: string, name = 'a.png') => {
    const form = new FormData();
    form.set('image', new Blob([bytes], { type }), name);
    return form;
  };
  const UPLOADS: [string, { body: BodyInit; contentType?: string }][] = [
    [
      'multipart without a boundary',
      { body: '--x\r\nContent-Disposition: form-data; name="image"\r\n\r\nabc\r\n--x--', contentType: 'multipart/form-data' },
    ],
    [
      'a truncated multipart body',
      {
        body: '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
        contentType: 'multipart/form-data; boundary=b',
      },
    ],
    ['a boundary that never appears', { body: 'just some bytes', contentType: 'multipart/form-data; boundary=zzz' }],
    [
      'the image field as text',
      {
        body: (() => {
          const f = new FormData();
          f.set('image', 'not a file');
          return f;
        })(),
      },
    ],
    ['an empty file', { body: file(new Uint8Array(0), 'image/png') }],
    ['a PNG signature and nothing else', { body: file(png, 'image/png') }],
    ['HTML dressed as a PNG', { body: file('<html><script>alert(1)</script></html>', 'image/png', 'x.png') }],
    [
      'an SVG with a script',
      { body: file('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml', 'x.svg') },
    ],
    ['a traversal file name', { body: file(png, 'image/png', '../../etc/passwd') }],
    [
      'two image fields',
      {
        body: (() => {
          const f = file(png, 'image/png');
          f.append('image', new Blob([png], { type: 'image/png' }), 'b.png');
          return f;
        })(),
      },
    ],
    ['JSON instead of a form', { body: JSON.stringify({ image: 'data:image/png;base64,iVBORw0KGgo=' }), contentType: 'application/json' }],
  ];
  for (const [label, { body, contentType }] of UPLOADS) {
    test(`POST /api/upload-image with ${label}`, async () => {
      const headers: Record<string, string> = {
        origin: server.url,
        cookie: clients.customer.cookieHeader(),
        ...(contentType ? { 'content-type': contentType } : {}),
      };
      const res = await fetch(`${server.url}/api/upload-image`, { method: 'POST', headers, body });
      const answer = await answerOf(res);
      expect(contractProblems(answer)).toEqual([]);
      // The type is sniffed from the bytes (a PNG signature passes); whatever is stored gets a random, safe name.
      if (answer.status === 201) expect(JSON.parse(answer.text).imageUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.png$/);
      else expect(answer.status).toBeGreaterThanOrEqual(400);
    });
  }
});

describe('the same request eight times at once: constraint clashes are 409 or 400, never a 5xx', () => {
  /** Registration hashes a password per request: eight at once take seconds on two cores. */
  const SLOW = 30_000;
  const burst = async (send: () => Promise<Response>) => {
    const answers = await Promise.all(Array.from({ length: 8 }, async () => answerOf(await send())));
    return { problems: answers.flatMap((answer) => contractProblems(answer)), statuses: answers.map((answer) => answer.status) };
  };
  const post =
    (path: string, body: unknown, cookie = '', method = 'POST') =>
    () =>
      fetch(server.url + path, {
        method,
        headers: { origin: server.url, 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });

  test(
    'registering one email eight times at once: one account, the rest 409',
    async () => {
      const { problems, statuses } = await burst(
        post('/api/register', {
          firstName: 'Twin',
          lastName: 'Burst',
          email: 'twin.burst@example.com',
          phone: '+14155550111',
          password: 'twin-password',
          role: 'customer',
          termsAccepted: true,
        }),
      );
      expect(problems).toEqual([]);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    },
    SLOW,
  );

  test(
    'booking one free class eight times at once',
    async () => {
      const { problems } = await burst(
        post('/api/bookings/free', withWaivers({ classId: freeClass.id, quantity: 1 }), other.cookieHeader()),
      );
      expect(problems).toEqual([]);
    },
    SLOW,
  );

  test(
    'holding one paid class eight times at once',
    async () => {
      const { problems } = await burst(
        post(
          '/api/payment/create-intent',
          withWaivers({ classId: otherCoachClass.id, quantity: 1, amount: Math.round(otherCoachClass.price * 105) / 100 }),
          clients.newcoach.cookieHeader(),
        ),
      );
      expect(problems).toEqual([]);
    },
    SLOW,
  );

  test(
    'reviewing one booking eight times at once',
    async () => {
      const past = myBookings.find(
        (b) => b.id !== reviewedBooking.id && new Date(b.class?.startTime ?? 0).getTime() < server.clock.now().getTime(),
      );
      const { problems } = await burst(
        post(
          '/api/reviews',
          { classId: past?.classId ?? reviewedBooking.classId, bookingId: past?.id ?? reviewedBooking.id, rating: 5, comment: 'Burst' },
          clients.customer.cookieHeader(),
        ),
      );
      expect(problems).toEqual([]);
    },
    SLOW,
  );

  test(
    'publishing one slug eight times at once',
    async () => {
      const { problems } = await burst(
        post(
          '/api/blog',
          { title: 'Burst post', slug: 'burst-post', content: '<p>Burst</p>', status: 'published' },
          clients.admin.cookieHeader(),
        ),
      );
      expect(problems).toEqual([]);
    },
    SLOW,
  );

  test(
    'cancelling one booking eight times at once',
    async () => {
      const upcoming = myBookings.find((b) => b.status === 'confirmed' && b.id !== booking.id) ?? booking;
      const { problems } = await burst(post(`/api/bookings/${upcoming.id}/cancel`, {}, clients.customer.cookieHeader(), 'PUT'));
      expect(problems).toEqual([]);
    },
    SLOW,
  );

  test(
    'approving one coach and changing one profile eight times at once',
    async () => {
      const approve = await burst(post(`/api/admin/coaches/${me.newcoach.id}/approve`, {}, clients.admin.cookieHeader(), 'PUT'));
      const profile = await burst(
        post(
          `/api/users/${me.customer.id}`,
          { firstName: 'Casey', lastName: 'Burst', areasOfExpertise: [category.id, category.id, 99999] },
          clients.customer.cookieHeader(),
          'PUT',
        ),
      );
      expect([...approve.problems, ...profile.problems]).toEqual([]);
    },
    SLOW,
  );
});
