// Issue 11 row 11: the signed-in user every handler sees is a projection without secrets: no password hash and no
// Google subject travel through the handlers, only whether the account has a password.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { readSessionToken, validateSessionToken } from '../../../api/auth/session';
import { loginUser, registerUser } from '../../../api/auth/service';
import { users } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { newPerson, register } from '../accounts/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const SECRET_KEYS = ['passwordHash', 'googleSub'];

test('the session lookup answers the user without the password hash or Google subject', async () => {
  const person = await register(server);
  await server.ctx.db.write((tx) => tx.update(users).set({ googleSub: 'google-subject-1' }).where(eq(users.id, person.id)));
  const session = await validateSessionToken(server.ctx.db, server.ctx.clock, readSessionToken(person.client.cookieHeader()));
  expect(session?.user.id).toBe(person.id);
  for (const key of SECRET_KEYS) expect(Object.keys(session!.user)).not.toContain(key);
  expect(session!.user.hasPassword).toBe(true);
});

test('registration and sign-in hand on the same projection', async () => {
  const body = newPerson();
  const registered = await registerUser(server.ctx, body as never, '198.51.100.1');
  const signedIn = await loginUser(server.ctx, { email: body.email, password: body.password }, '198.51.100.1');
  for (const user of [registered, signedIn]) {
    for (const key of SECRET_KEYS) expect(Object.keys(user)).not.toContain(key);
    expect(user.hasPassword).toBe(true);
  }
});
