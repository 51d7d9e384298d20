// The timed jobs every server process schedules (api/background.ts): a payment hold nobody paid is
// cancelled by the expire-holds job once its 15 minutes are over, with no further request touching it.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { startBackgroundJobs } from '../../../api/background';
import { bookings } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { createClass, createUser, pageTotal } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

test('expire-holds cancels a hold past its 15 minutes, and only then', async () => {
  const coach = await createUser(server, 'coach', 'Maya');
  const cls = await createClass(server, { coachId: coach.id, priceCents: 2000, capacity: 3 });
  const customer = await createUser(server);
  const intent = await customer.client.post(
    '/api/payment/create-intent',
    withWaivers({ classId: cls.id, quantity: 2, amount: pageTotal(2000, 2) }),
  );
  expect(intent.status).toBe(200);
  const statusOf = async () => (await server.ctx.db.select().from(bookings).where(eq(bookings.id, intent.body.bookingId)).get())!;
  const background = startBackgroundJobs(server.ctx);
  try {
    const [expireHolds] = background.jobs;
    server.clock.advance(14 * 60_000);
    expect(await expireHolds!.tick()).toBe(true);
    expect((await statusOf()).status).toBe('pending');
    server.clock.advance(2 * 60_000);
    expect(await expireHolds!.tick()).toBe(true);
    expect(await statusOf()).toMatchObject({ status: 'cancelled', cancelReason: 'hold_expired' });
  } finally {
    background.stop();
  }
});

test('JOBS_EVERY_SECONDS shortens every period to at most that (tests, demos); unset, each job keeps its own', async () => {
  /** Does expire-holds (a minute's period) run again 5 s after it ran, on a fresh server with these settings? */
  const againAfter5s = async (env: Partial<TestServer['ctx']['env']>) => {
    const fresh = await startTestServer({ env });
    const background = startBackgroundJobs(fresh.ctx);
    try {
      const [expireHolds] = background.jobs;
      expect(await expireHolds!.tick()).toBe(true);
      fresh.clock.advance(5_000);
      return await expireHolds!.tick();
    } finally {
      background.stop();
      await fresh.stop();
    }
  };
  expect(await againAfter5s({})).toBe(false);
  expect(await againAfter5s({ jobsEveryMs: 5_000 })).toBe(true);
});
