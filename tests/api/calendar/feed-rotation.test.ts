// Finding 5 of issue 24: the private calendar feed (class times, places, attendee names and ages) is a
// credential like a session, so it ends with the sessions: a new feed URL after a password change, a
// password reset and "sign out everywhere"; the old URL answers 404 at once.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/api';
import { PASSWORD, register, resetTokenIn, waitForEmail } from '../accounts/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.stop());

/** The path of the caller's feed (its URL without the origin). */
async function feedPath(client: TestClient): Promise<string> {
  const res = await client.get('/api/calendar');
  expect(res.status).toBe(200);
  return new URL(res.body.url).pathname;
}

async function feedStatus(path: string): Promise<number> {
  return (await fetch(server.url + path)).status;
}

test('a password change gives a new feed URL and the old one stops working', async () => {
  const person = await register(server);
  const old = await feedPath(person.client);
  expect(await feedStatus(old)).toBe(200);
  const changed = await person.client.put(`/api/users/${person.id}/password`, {
    currentPassword: PASSWORD,
    newPassword: 'another-horse-7',
  });
  expect(changed.status).toBe(200);
  expect(await feedStatus(old)).toBe(404);
  const fresh = await feedPath(person.client);
  expect(fresh).not.toBe(old);
  expect(await feedStatus(fresh)).toBe(200);
});

test('a password reset through the emailed link gives a new feed URL', async () => {
  const person = await register(server);
  const old = await feedPath(person.client);
  await server.client().post('/api/auth/forgot-password', { email: person.email });
  const token = resetTokenIn(await waitForEmail(server, person.email));
  const reset = await server.client().post('/api/auth/reset-password', { token, newPassword: 'reset-horse-8' });
  expect(reset.status).toBe(200);
  expect(await feedStatus(old)).toBe(404);
});

test('"sign out everywhere" ends every session, this one included, and the feed URL', async () => {
  const person = await register(server);
  const elsewhere = server.client();
  expect((await elsewhere.post('/api/login', { email: person.email, password: PASSWORD })).status).toBe(200);
  const old = await feedPath(person.client);
  const res = await person.client.post('/api/logout/everywhere');
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Signed out on every device. Your calendar feed has a new address.');
  expect((await person.client.get('/api/user')).status).toBe(401);
  expect((await elsewhere.get('/api/user')).status).toBe(401);
  expect(await feedStatus(old)).toBe(404);
  expect((await server.client().post('/api/logout/everywhere')).status).toBe(401);
});
