// Test helpers for the coach and admin features: signed-in clients for users made in the database (no
// dependency on the sign-in routes), and a valid class form to vary.
import { createSession, SESSION_COOKIE } from '../../../api/auth/session';
import { CLASS_EXAMPLE } from '../../../api/classes/model';
import { pacificWallTimeToInstant } from '../../../common/pacific';
import { startTestServer, type TestClient, type TestServer, type TestServerOptions } from '../../helpers/api';
import { addCategory, addUser } from '../catalog/fixtures';

export { addBooking, addCategory, addClass, addCoach, addUser } from '../catalog/fixtures';

/** A client carrying a session cookie for the user. */
export async function clientFor(server: TestServer, userId: number): Promise<TestClient> {
  const client = server.client();
  const { token } = await createSession(server.ctx.db, server.ctx.clock, userId);
  client.cookies.set(SESSION_COOKIE, token);
  return client;
}

export interface Cast {
  categoryId: number;
  coachId: number;
  otherCoachId: number;
  pendingCoachId: number;
  adminId: number;
  customerId: number;
  coach: TestClient;
  otherCoach: TestClient;
  pendingCoach: TestClient;
  admin: TestClient;
  customer: TestClient;
  visitor: TestClient;
}

/** An approved coach, a second approved coach, a coach awaiting approval, an admin and a customer. */
export async function makeCast(server: TestServer): Promise<Cast> {
  const ctx = server.ctx;
  const categoryId = await addCategory(ctx, `Yoga ${Math.random().toString(36).slice(2, 6)}`);
  const coachId = await addUser(ctx, { role: 'coach', isApproved: true, firstName: 'Maya', lastName: 'Chen' });
  const otherCoachId = await addUser(ctx, { role: 'coach', isApproved: true, firstName: 'Omar', lastName: 'Diaz' });
  const pendingCoachId = await addUser(ctx, { role: 'coach', isApproved: false, firstName: 'Noah', lastName: 'Rivera' });
  const adminId = await addUser(ctx, { role: 'admin', isApproved: true, firstName: 'Avery', lastName: 'Admin' });
  const customerId = await addUser(ctx, { role: 'customer', firstName: 'Casey', lastName: 'Morgan', phone: '+14155550100' });
  return {
    categoryId,
    coachId,
    otherCoachId,
    pendingCoachId,
    adminId,
    customerId,
    coach: await clientFor(server, coachId),
    otherCoach: await clientFor(server, otherCoachId),
    pendingCoach: await clientFor(server, pendingCoachId),
    admin: await clientFor(server, adminId),
    customer: await clientFor(server, customerId),
    visitor: server.client(),
  };
}

/** A test server whose clock stands at `start`, with the usual cast; the caller stops the server. */
export async function startWithCast(
  start: string,
  options: TestServerOptions = {},
): Promise<{ server: TestServer; cast: Cast; now: number }> {
  const server = await startTestServer(options);
  server.clock.set(start);
  return { server, cast: await makeCast(server), now: Date.parse(start) };
}

/** The RFC 3339 instant of a Pacific wall time, as a page sends it after converting. */
export const pacific = (day: string, time: string) => pacificWallTimeToInstant(day, time).toISOString();

/** A class that passes the create rules, in the resource's shape: the documented example as a one-time class of
 * 10 spots on 2027-03-07, a week into the tests' clock. */
export function classForm(categoryId: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const { recurrence, ...oneTime } = CLASS_EXAMPLE;
  return { ...oneTime, categoryId, capacity: 10, startTime: '2027-03-07T09:00:00-08:00', ...extra };
}
