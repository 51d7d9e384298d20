// The demo data's passes (README): the demo coach sells a 5-class pack, a monthly membership and an intro offer; the
// demo customer holds a pack with credits left and a history, which reconciles with the ledger and can be spent.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { DEMO_PASSWORD } from '../../../api/seed';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/api';
import type { SignedIn } from '../../helpers/fixtures';
import { reconcileLedger } from './helpers';

let server: TestServer;
let customer: TestClient;
let coach: TestClient;

async function signIn(email: string): Promise<TestClient> {
  const client = server.client();
  const res = await client.post('/api/login', { email, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  customer = await signIn('customer@fogline.test');
  coach = await signIn('coach@fogline.test');
});
afterAll(() => server.stop());

test('the demo coach sells a 5-class pack, a monthly membership and an intro offer', async () => {
  const me = (await coach.get('/api/user')).body;
  const listed = await server.client().get(`/api/coaches/${me.id}/passes`);
  expect(listed.status).toBe(200);
  const byKind = Object.fromEntries((listed.body as any[]).map((p) => [p.kind, p]));
  expect(byKind.pack).toMatchObject({ credits: 5, price: 100, pricePerClass: 20 });
  expect(byKind.membership).toMatchObject({ billingPeriod: 'month', credits: null });
  expect(byKind.intro).toMatchObject({ kind: 'intro' });
  const own = await coach.get('/api/passes');
  expect((own.body as any[]).find((p) => p.kind === 'pack')).toMatchObject({ sales: 1, activeHolders: 1 });
});

test('the demo customer holds the pack with credits left and a history that reconciles', async () => {
  const wallet = await customer.get('/api/wallet');
  const pack = (wallet.body.passes as any[]).find((p) => p.kind === 'pack');
  expect(pack.status).toBe('active');
  expect(pack.creditsLeft).toBeGreaterThan(0);
  expect(pack.creditsLeft).toBeLessThanOrEqual(5);
  expect(pack.history.at(-1)).toMatchObject({ kind: 'purchase', delta: 5 });
  expect(pack.history.length).toBeGreaterThan(1);
  await reconcileLedger(server, [{ client: customer } as SignedIn]);
  // The intro offer is not for them: they have booked with the coach.
  const me = (await coach.get('/api/user')).body;
  const offers = (await customer.get(`/api/coaches/${me.id}/passes`)).body as any[];
  expect(offers.find((p) => p.kind === 'intro').canBuy).toBe(false);
});
