// Password recovery end to end through the outbox (customer-areas §2, §5, §9): the same answer whether or
// not the email exists, a real HTML + text email, a token that works once and expires after an hour.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { passwordResetTokens } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { PASSWORD, readOutbox, register, resetTokenIn, waitForEmail } from './helpers';

const HOUR = 60 * 60 * 1000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.stop());

async function requestLink(email: string) {
  const res = await server.client().post('/api/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  return resetTokenIn(await waitForEmail(server, email));
}

describe('forgot password', () => {
  test('emails a real HTML and text message with a button to /auth?tab=reset&token=...', async () => {
    const person = await register(server);
    await server.client().post('/api/auth/forgot-password', { email: person.email });
    const mail = await waitForEmail(server, person.email);
    expect(mail.subject).toBe('Reset your Fogline password');
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw).toMatch(new RegExp(`href="${server.url}/auth\\?tab=reset&amp;token=[a-z0-9]{32}"`));
    expect(mail.raw).toContain('Reset Password');
    expect(mail.raw).toContain('expires in 1 hour');
  });

  test('answers the same whether or not the email exists, and emails no one for an unknown address', async () => {
    const person = await register(server);
    const known = await server.client().post('/api/auth/forgot-password', { email: person.email });
    const unknown = await server.client().post('/api/auth/forgot-password', { email: 'no-such-person@example.test' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await waitForEmail(server, person.email);
    await Bun.sleep(100);
    expect(readOutbox(server).some((m) => m.to.includes('no-such-person'))).toBe(false);
  });

  test("only the token's SHA-256 is stored", async () => {
    const person = await register(server);
    const token = await requestLink(person.email);
    const rows = await server.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, person.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.id).not.toContain(token);
  });

  test('the card\'s validation: "Invalid email address"', async () => {
    const res = await server.client().post('/api/auth/forgot-password', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toEqual(['Invalid email address']);
  });
});

describe('reset password', () => {
  test('the emailed token sets a new password; the old one stops working', async () => {
    const person = await register(server);
    const token = await requestLink(person.email);
    const res = await server.client().post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect((await server.client().post('/api/login', { email: person.email, password: 'brand-new-pass' })).status).toBe(200);
    expect((await server.client().post('/api/login', { email: person.email, password: PASSWORD })).status).toBe(401);
  });

  test('a token works once', async () => {
    const person = await register(server);
    const token = await requestLink(person.email);
    expect((await server.client().post('/api/auth/reset-password', { token, newPassword: 'first-reset' })).status).toBe(200);
    const again = await server.client().post('/api/auth/reset-password', { token, newPassword: 'second-reset' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This reset link is invalid or has expired. Please request a new one.');
  });

  test('a token expires after an hour', async () => {
    const person = await register(server);
    const token = await requestLink(person.email);
    server.clock.advance(HOUR + 1000);
    const res = await server.client().post('/api/auth/reset-password', { token, newPassword: 'too-late-now' });
    expect(res.status).toBe(400);
    expect(res.body.errors.token).toEqual(['This reset link is invalid or has expired. Please request a new one.']);
  });

  test('a token still works just before the hour is up', async () => {
    const person = await register(server);
    const token = await requestLink(person.email);
    server.clock.advance(HOUR - 60_000);
    expect((await server.client().post('/api/auth/reset-password', { token, newPassword: 'just-in-time' })).status).toBe(200);
  });

  test('a reset ends every session of the user', async () => {
    const person = await register(server);
    const token = await requestLink(person.email);
    await server.client().post('/api/auth/reset-password', { token, newPassword: 'fresh-password' });
    expect((await person.client.get('/api/user')).status).toBe(401);
  });

  test('a made-up token is refused', async () => {
    const res = await server.client().post('/api/auth/reset-password', { token: 'abcdefghijklmnop', newPassword: 'whatever-pass' });
    expect(res.status).toBe(400);
  });

  test('validation: "Password must be at least 6 characters" and "Invalid reset token"', async () => {
    const res = await server.client().post('/api/auth/reset-password', { token: '', newPassword: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ token: ['Invalid reset token'], newPassword: ['Password must be at least 6 characters'] });
  });
});
