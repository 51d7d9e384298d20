// Sessions (issue 3, The Copenhagen Book): login good and bad, the cookie's attributes, the current user,
// logout ending the session on the server, sliding 30-day expiry, and password changes ending other sessions.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { sessions } from '../../../db/schema';
import { SESSION_COOKIE } from '../../../api/auth/session';
import { startTestServer, type TestServer } from '../../helpers/api';
import { PASSWORD, register } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.stop());

function sessionSetCookie(headers: Headers): string {
  const line = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error('no session cookie was set');
  return line;
}

describe('login', () => {
  test('the right email and password sign in and answer the user', async () => {
    const person = await register(server);
    const client = server.client();
    const res = await client.post('/api/login', { email: person.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: person.id, email: person.email });
    expect((await client.get('/api/user')).body.id).toBe(person.id);
  });

  test('the email is matched in any letter case and with spaces around it', async () => {
    const person = await register(server);
    const res = await server.client().post('/api/login', { email: `  ${person.email.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(200);
  });

  test('a wrong password is 401 with a message that does not say which part was wrong', async () => {
    const person = await register(server);
    const res = await server.client().post('/api/login', { email: person.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid email or password.');
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.includes('Max-Age=0'))).toBe(false);
  });

  test('an unknown email gets the very same answer as a wrong password', async () => {
    const res = await server.client().post('/api/login', { email: 'nobody@example.test', password: 'whatever-1' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid email or password.');
  });

  test('login validation: "Invalid email address" and "Password is required"', async () => {
    const res = await server.client().post('/api/login', { email: 'nope', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: ['Invalid email address'], password: ['Password is required'] });
  });
});

describe('the session cookie', () => {
  test('is HttpOnly, SameSite=Lax, Path=/, expires in 30 days, and carries a long random token', async () => {
    const person = await register(server);
    const res = await server.client().post('/api/login', { email: person.email, password: PASSWORD });
    const cookie = sessionSetCookie(res.headers);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    const expires = new Date(cookie.match(/Expires=([^;]+)/)![1]!).getTime();
    expect(Math.abs(expires - (server.clock.now().getTime() + 30 * DAY))).toBeLessThan(2000);
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const [id, secret] = token.split('.');
    // 160 random bits each, base32: at least 120 bits of secret.
    expect(secret!.length * 5).toBeGreaterThanOrEqual(120);
    const row = await server.ctx.db.select().from(sessions).where(eq(sessions.id, id!)).get();
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/); // only the SHA-256 is stored
    expect(row!.secretHash).not.toBe(secret);
  });

  test('is Secure in production', async () => {
    const person = await register(server);
    server.ctx.env.production = true;
    try {
      const res = await server.client().post('/api/login', { email: person.email, password: PASSWORD });
      expect(sessionSetCookie(res.headers)).toContain('Secure');
    } finally {
      server.ctx.env.production = false;
    }
  });

  test('a token with the right id but a wrong secret is not a session', async () => {
    const person = await register(server);
    const client = server.client();
    await client.post('/api/login', { email: person.email, password: PASSWORD });
    const [id] = client.cookies.get(SESSION_COOKIE)!.split('.');
    client.cookies.set(SESSION_COOKIE, `${id}.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`);
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('current user', () => {
  test('GET /api/user is 401 with a message when signed out', async () => {
    const res = await server.client().get('/api/user');
    expect(res.status).toBe(401);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('logout', () => {
  test('deletes the session on the server: the old cookie no longer works', async () => {
    const person = await register(server);
    const token = person.client.cookies.get(SESSION_COOKIE)!;
    const res = await person.client.post('/api/logout', {});
    expect(res.status).toBe(200);
    expect(sessionSetCookie(res.headers)).toContain('Max-Age=0');
    const replay = server.client();
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.get('/api/user')).status).toBe(401);
    const row = await server.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, token.split('.')[0]!))
      .get();
    expect(row).toBeUndefined();
  });

  test("the header's plain form post gets a 303 to /", async () => {
    const person = await register(server);
    const res = await person.client.request('POST', '/api/logout', undefined, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: '',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect((await person.client.get('/api/user')).status).toBe(401);
  });

  test('signing out while signed out is harmless', async () => {
    expect((await server.client().post('/api/logout', {})).status).toBe(200);
  });
});

describe('sliding expiry (30 days)', () => {
  test('a session used after 20 days is extended to 30 days from then', async () => {
    const person = await register(server);
    server.clock.advance(20 * DAY);
    const res = await person.client.get('/api/user');
    expect(res.status).toBe(200);
    const expires = new Date(sessionSetCookie(res.headers).match(/Expires=([^;]+)/)![1]!).getTime();
    expect(Math.abs(expires - (server.clock.now().getTime() + 30 * DAY))).toBeLessThan(2000);
    server.clock.advance(25 * DAY); // 45 days after sign-in, 25 after the renewal
    expect((await person.client.get('/api/user')).status).toBe(200);
  });

  test('a session unused for 30 days has expired', async () => {
    const person = await register(server);
    server.clock.advance(30 * DAY + 1000);
    const res = await person.client.get('/api/user');
    expect(res.status).toBe(401);
  });
});

describe('password change', () => {
  test('ends every other session of the user and keeps the current one', async () => {
    const person = await register(server);
    const laptop = server.client();
    await laptop.post('/api/login', { email: person.email, password: PASSWORD });
    const res = await person.client.put(`/api/users/${person.id}/password`, { currentPassword: PASSWORD, newPassword: 'a-new-password-2' });
    expect(res.status).toBe(200);
    expect((await person.client.get('/api/user')).status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(401);
    expect((await server.client().post('/api/login', { email: person.email, password: PASSWORD })).status).toBe(401);
    expect((await server.client().post('/api/login', { email: person.email, password: 'a-new-password-2' })).status).toBe(200);
  });
});
