// Test data for the booking, payment and review tests: users with signed-in clients, coaches and classes,
// written straight into the test server's database (the tests never depend on the demo seed).
import { eq } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSession, SESSION_COOKIE } from '../../api/auth/session';
import { flushOutbox } from '../../api/notices/outbox';
import { classes, type Role, users } from '../../db/schema';
import { startTestServer, type TestClient, type TestServer, type TestServerOptions } from './api';

let counter = 0;

export interface SignedIn {
  id: number;
  email: string;
  client: TestClient;
}

export async function createUser(server: TestServer, role: Role = 'customer', name = 'Casey'): Promise<SignedIn> {
  const email = `${role}-${++counter}-${Math.random().toString(36).slice(2, 8)}@fogline.test`;
  const [row] = await server.ctx.db.write((tx) =>
    tx.insert(users).values({ email, firstName: name, lastName: 'Tester', role, isApproved: true }).returning(),
  );
  const { token } = await createSession(server.ctx.db, server.clock, row!.id);
  const client = server.client();
  client.cookies.set(SESSION_COOKIE, token);
  return { id: row!.id, email, client };
}

/** A test server with an approved coach, Maya, as most booking tests start; the caller stops the server. */
export async function startWithCoach(options: TestServerOptions = {}): Promise<{ server: TestServer; coach: SignedIn }> {
  const server = await startTestServer(options);
  return { server, coach: await createUser(server, 'coach', 'Maya') };
}

export interface ClassOptions {
  coachId: number;
  priceCents?: number;
  capacity?: number;
  /** Start relative to the server's (fake) clock. */
  startsInHours?: number;
  title?: string;
}

export async function createClass(server: TestServer, options: ClassOptions) {
  const start = new Date(server.clock.now().getTime() + (options.startsInHours ?? 24 * 7) * 3_600_000);
  const [row] = await server.ctx.db.write((tx) =>
    tx
      .insert(classes)
      .values({
        title: options.title ?? 'Sunrise Yoga at Crissy Field',
        description: 'Gentle flow by the bay.',
        priceCents: options.priceCents ?? 2000,
        capacity: options.capacity ?? 10,
        coachId: options.coachId,
        location: 'Crissy Field',
        address: '1199 E Beach, San Francisco, CA 94129',
        startTime: start,
        endTime: new Date(start.getTime() + 60 * 60_000),
      })
      .returning(),
  );
  return row!;
}

export async function setClassPrice(server: TestServer, classId: number, priceCents: number) {
  await server.ctx.db.write((tx) => tx.update(classes).set({ priceCents }).where(eq(classes.id, classId)));
}

/** Emails written to the outbox (the mail provider without SMTP_URL), as raw RFC 822 text. */
export function outbox(server: TestServer): string[] {
  try {
    return readdirSync(server.ctx.env.outboxDir)
      .sort()
      .map((name) => readFileSync(join(server.ctx.env.outboxDir, name), 'utf8'));
  } catch {
    return [];
  }
}

/** The outbox once the booking outbox's worker has sent everything due (a free booking's confirmation goes out
 * just after its 201, api/notices/outbox.ts): waits for that send rather than sleeping. */
export async function sentMail(server: TestServer): Promise<string[]> {
  await flushOutbox(server.ctx);
  return outbox(server);
}

/** The total the checkout page shows, in dollars: price x quantity x 1.05 rounded to the cent. */
export function pageTotal(priceCents: number, quantity: number): number {
  const subtotal = priceCents * quantity;
  return (subtotal + Math.round(subtotal * 0.05)) / 100;
}

export { acceptanceFor, PLATFORM_WAIVER, TEST_EMERGENCY_CONTACT, withWaivers } from './waivers';
