// The Origin check (issue 3): state-changing account calls from a foreign site, or carrying the session
// cookie without any Origin, are refused with 403 before they run.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestServer, type TestServer } from '../../helpers/api';
import { newPerson, PASSWORD, register } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.stop());

const EVIL = { origin: 'https://evil.example' };

describe('a foreign Origin is refused with 403', () => {
  test('register, login, logout, forgot and reset password', async () => {
    const person = await register(server);
    const calls: [string, string, unknown][] = [
      ['POST', '/api/register', newPerson()],
      ['POST', '/api/login', { email: person.email, password: PASSWORD }],
      ['POST', '/api/logout', {}],
      ['POST', '/api/auth/forgot-password', { email: person.email }],
      ['POST', '/api/auth/reset-password', { token: 'x', newPassword: 'whatever-1' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await person.client.request(method, path, body, { headers: EVIL });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.body.message).toBe('This request must come from the Fogline site.');
    }
    // the forged logout did not end the session
    expect((await person.client.get('/api/user')).status).toBe(200);
  });

  test('profile, password, approval and upload calls', async () => {
    const person = await register(server);
    for (const [method, path, body] of [
      ['PUT', `/api/users/${person.id}`, { firstName: 'Evil', lastName: 'Twin' }],
      ['PUT', `/api/users/${person.id}/password`, { currentPassword: PASSWORD, newPassword: 'hijacked-123' }],
      ['PUT', `/api/admin/coaches/${person.id}/approve`, undefined],
      ['POST', '/api/upload-image', undefined],
    ] as const) {
      const res = await person.client.request(method, path, body, { headers: EVIL });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
    expect((await person.client.get('/api/user')).body.firstName).toBe('Riley');
  });

  test('an Origin of "null" (sandboxed frames, file:) is foreign too', async () => {
    const res = await server.client().request('POST', '/api/login', { email: 'a@b.co', password: 'x' }, { headers: { origin: 'null' } });
    expect(res.status).toBe(403);
  });
});

describe('a missing Origin', () => {
  test('is refused with 403 when the request carries the session cookie', async () => {
    const person = await register(server);
    const res = await person.client.request(
      'PUT',
      `/api/users/${person.id}`,
      { firstName: 'No', lastName: 'Origin' },
      { headers: { origin: '' } },
    );
    // an empty Origin counts as none
    expect(res.status).toBe(403);
  });

  test('is accepted without a session cookie, so API clients like curl can sign in', async () => {
    const person = await register(server);
    const res = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
  });
});

describe("the site's own Origin", () => {
  test('is accepted (the test client sends it like a browser)', async () => {
    const res = await server.client().post('/api/register', newPerson());
    expect(res.status).toBe(201);
  });
});
