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
