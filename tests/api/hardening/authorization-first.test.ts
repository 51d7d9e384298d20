// Issue 11 row 7 over every route the API has (read from the app itself, not from a list kept by hand): each
// route either declares who may call it (the auth macro, api/auth/plugin.ts) or is one of the public routes
// below, and a caller who may not use a route gets 401 or 403 whatever they send -- malformed JSON, ids that are
// not numbers, nonsense queries -- because access is checked before anything is parsed or validated.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { createApi } from '../../../api/app';
import type { Access } from '../../../api/auth/plugin';
import { users } from '../../../db/schema';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/api';
import { createUser, type SignedIn } from '../../helpers/fixtures';

/** Every route anyone may call; a new route missing from here must declare `auth`. */
const PUBLIC = [
  'GET /api/docs/generated.json',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/assets/:file',
  'GET /api/health',
  'POST /api/register',
  'POST /api/login',
  'POST /api/logout',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/categories',
  'GET /api/categories/:id',
  'GET /api/cities',
  'GET /api/classes',
  'GET /api/classes/pins',
  'GET /api/classes/:id',
  'GET /api/classes/:id/bookings/count',
  'GET /api/classes/:id/conditions',
  'GET /api/conditions',
  'GET /api/coaches',
  'GET /api/coaches/:id',
  'GET /api/coaches/:id/passes',
  'GET /api/coaches/:id/classes',
  'GET /api/reviews/coach/:coachId/stats',
  'GET /api/reviews/coach/:coachId',
  'POST /api/contact',
  'GET /api/blog',
  'GET /api/blog/:slug',
  'GET /api/payment/config',
  // Stripe's webhook (checked by its signature) and the test provider's stand-in for Stripe's card form.
  'POST /api/payment/webhook',
  'POST /api/payment/test-provider/pay',
  // The calendar feed: its secret token is the credential.
  'GET /api/calendar/:token',
  'ALL /api/*',
];

interface Route {
  name: string;
  method: string;
  path: string;
  access: Access | null;
}

let server: TestServer;
let routes: Route[];
let people: Record<'customer' | 'otherCustomer' | 'pendingCoach' | 'coach' | 'otherCoach' | 'admin', SignedIn>;

beforeAll(async () => {
  server = await startTestServer();
  routes = createApi(server.ctx).routes.map((route) => {
    const access = ((route as { hooks?: { detail?: Record<string, unknown> } }).hooks?.detail?.['x-access'] ?? null) as Access | null;
    return { name: `${route.method} ${route.path}`, method: route.method, path: route.path, access };
  });
  const [customer, otherCustomer, pendingCoach, coach, otherCoach, admin] = await Promise.all([
    createUser(server),
    createUser(server),
    createUser(server, 'coach'),
    createUser(server, 'coach'),
    createUser(server, 'coach'),
    createUser(server, 'admin'),
  ]);
  await server.ctx.db.write((tx) => tx.update(users).set({ isApproved: false }).where(eq(users.id, pendingCoach!.id)));
  people = {
    customer: customer!,
    otherCustomer: otherCustomer!,
    pendingCoach: pendingCoach!,
    coach: coach!,
    otherCoach: otherCoach!,
    admin: admin!,
  };
}, 30_000);
afterAll(() => server.stop());

/** Calls `route` with everything wrong: each path parameter `param`, a nonsense query and, for a write, a
 * malformed JSON body. */
function callInvalid(client: TestClient, route: Route, param: string) {
  const path = route.path.replace(/:\w+/g, param) + '?deleteOption=x&lat=north&page=-1&classId=x';
  if (route.method === 'GET') return client.get(path);
  return client.request(route.method, path, undefined, { headers: { 'content-type': 'application/json' }, raw: '{"title": ' });
}

const guarded = () => routes.filter((route) => route.access);

test('every route is public (listed above) or declares who may call it', () => {
  const open = routes.filter((route) => !route.access).map((route) => route.name);
  expect(open.sort()).toEqual([...PUBLIC].sort());
  expect(guarded().length).toBeGreaterThan(30);
});

describe('a visitor with an invalid request gets 401 on every guarded route', () => {
  test('with numeric ids and with ids that are not numbers', async () => {
    const answers: string[] = [];
    for (const route of guarded()) {
      for (const param of ['1', 'x'])
        answers.push(`${route.name} (${param}): ${(await callInvalid(server.client(), route, param)).status}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(': 401'))).toEqual([]);
  });
});

describe('the wrong role with an invalid request gets 403', () => {
  const WRONG: Record<Exclude<Access, 'user' | 'self'>, (keyof typeof people)[]> = {
    coach: ['customer'],
    coachSelf: ['customer'],
    approvedCoach: ['customer', 'pendingCoach'],
    admin: ['customer', 'coach'],
  };

  test('customers on coach and admin routes, a coach awaiting approval on class creation, coaches on admin routes', async () => {
    const answers: string[] = [];
    for (const route of guarded()) {
      for (const actor of WRONG[route.access as keyof typeof WRONG] ?? []) {
        for (const param of ['1', 'x'])
          answers.push(`${route.name} as ${actor} (${param}): ${(await callInvalid(people[actor].client, route, param)).status}`);
      }
    }
    expect(answers.length).toBeGreaterThan(40);
    expect(answers.filter((answer) => !answer.endsWith(': 403'))).toEqual([]);
  });

  test("someone else's account in the path: a customer on another customer's, a coach on another coach's", async () => {
    const answers: string[] = [];
    for (const route of guarded().filter((r) => r.access === 'self' || r.access === 'coachSelf')) {
      const [caller, owner] = route.access === 'self' ? [people.customer, people.otherCustomer] : [people.coach, people.otherCoach];
      answers.push(`${route.name}: ${(await callInvalid(caller.client, route, String(owner.id))).status}`);
    }
    expect(answers.length).toBeGreaterThanOrEqual(4);
    expect(answers.filter((answer) => !answer.endsWith(': 403'))).toEqual([]);
  });
});
