// Account test helpers: people created through the real API (or, for admins, who cannot register, straight
// into the database), signed-in clients, and the outbox read back as a person reads their email.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../../api/lib/passwords';
import { users } from '../../../db/schema';
import type { TestClient, TestServer } from '../../helpers/api';
import { pacificWallTimeToInstant } from '../../../common/pacific';

export const PASSWORD = 'correct-horse-9';
let counter = 0;

export function newPerson(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    firstName: 'Riley',
    lastName: 'Park',
    email: `person${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    phone: '+14155550123',
    password: PASSWORD,
    role: 'customer',
    ...overrides,
  };
}

export interface Person {
  client: TestClient;
  id: number;
  email: string;
  password: string;
}

/** Registers through POST /api/register; the client keeps the session cookie. */
export async function register(server: TestServer, overrides: Record<string, unknown> = {}): Promise<Person> {
  const client = server.client();
  const body = newPerson(overrides);
  // Each fixture registers from its own address, so fixtures never use up a test's per-IP limit.
  const res = await client.request('POST', '/api/register', body, {
    headers: { 'x-forwarded-for': `100.64.${(counter >> 8) & 255}.${counter & 255}` },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, id: res.body.id, email: body.email as string, password: body.password as string };
}

/** An admin (registration refuses that role), signed in through POST /api/login. */
export async function createAdmin(server: TestServer): Promise<Person> {
  const email = `admin${++counter}@example.test`;
  const [row] = await server.ctx.db.write((tx) =>
    tx
      .insert(users)
      .values({
        email,
        passwordHash: Bun.password.hashSync(PASSWORD, { algorithm: 'argon2id' }),
        firstName: 'Ada',
        lastName: 'Admin',
        role: 'admin',
        isApproved: true,
      })
      .returning(),
  );
  const client = server.client();
  const res = await client.post('/api/login', { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
  return { client, id: row!.id, email, password: PASSWORD };
}

export async function approve(server: TestServer, userId: number): Promise<void> {
  await server.ctx.db.write((tx) => tx.update(users).set({ isApproved: true }).where(eq(users.id, userId)));
}

export async function setPassword(server: TestServer, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await server.ctx.db.write((tx) => tx.update(users).set({ passwordHash }).where(eq(users.id, userId)));
}

/** The six kinds of caller of the authorization matrix. */
export async function createActors(server: TestServer) {
  const [customer, otherCustomer, pendingCoach, coach, admin] = await Promise.all([
    register(server, { firstName: 'Casey' }),
    register(server, { firstName: 'Olive' }),
    register(server, { role: 'coach', firstName: 'Penny' }),
    register(server, { role: 'coach', firstName: 'Cora' }),
    createAdmin(server),
  ]);
  await approve(server, coach.id);
  return {
    visitor: { client: server.client(), id: 0, email: '', password: '' } as Person,
    customer,
    otherCustomer,
    pendingCoach,
    coach,
    admin,
  };
}

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  /** The whole message with quoted-printable soft breaks and escapes decoded. */
  raw: string;
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function readOutbox(server: TestServer): OutboxMessage[] {
  let files: string[] = [];
  try {
    files = readdirSync(server.ctx.env.outboxDir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = decodeQuotedPrintable(readFileSync(join(server.ctx.env.outboxDir, file), 'utf8'));
    return { file, raw, to: raw.match(/^To: (.*)$/m)?.[1]?.trim() ?? '', subject: raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? '' };
  });
}

/** Waits for the n-th email to `to` (the reset email is sent after the answer). */
export async function waitForEmail(server: TestServer, to: string, count = 1, timeoutMs = 5000): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = readOutbox(server).filter((m) => m.to.includes(to));
    if (mine.length >= count) return mine[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no email #${count} to ${to} within ${timeoutMs} ms`);
    await Bun.sleep(25);
  }
}

export function resetTokenIn(message: OutboxMessage): string {
  const token = message.raw.match(/\/auth\?tab=reset&(?:amp;)?token=([a-z0-9]+)/)?.[1];
  if (!token) throw new Error('no reset link in the email');
  return token;
}

/** A real 1x1 PNG. */
export const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

export function imageForm(bytes: Uint8Array, name: string, type: string): FormData {
  const form = new FormData();
  form.append('image', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}

/** A valid POST /api/classes body a week ahead (to check who may create classes). */
export function classBody(server: TestServer, categoryId: number) {
  const day = new Date(server.clock.now().getTime() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return {
    title: 'Sunrise Yoga',
    description: 'Gentle flow by the bay.',
    categoryId,
    location: 'Crissy Field',
    addressLine1: '1199 East Beach',
    city: 'San Francisco',
    state: 'CA',
    zipCode: '94129',
    price: 20,
    duration: 60,
    capacity: 10,
    startTime: pacificWallTimeToInstant(day, '09:00').toISOString(),
  };
}
