// Rate limits (issue 3): failed logins per email and per IP, registrations per IP, reset requests per email
// and per IP, each answered 429 with Retry-After and a JSON message. Limits are tightened for the test and
// time is moved with the fake clock, so nothing sleeps.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { clientIp, CLIENT_IP_HEADER } from '../../../api/lib/rate-limit';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/api';
import { newPerson, PASSWORD, register } from './helpers';

const MINUTE = 60_000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    rateLimits: {
      loginPerEmail: { max: 3, windowMs: 15 * MINUTE },
      loginPerIp: { max: 5, windowMs: 15 * MINUTE },
      registerPerIp: { max: 3, windowMs: 60 * MINUTE },
      resetPerEmail: { max: 2, windowMs: 60 * MINUTE },
      resetPerIp: { max: 4, windowMs: 60 * MINUTE },
    },
  });
}, 30_000);
afterAll(() => server.stop());

/** Tests run from 127.0.0.1, a trusted proxy address, so x-forwarded-for picks the caller's IP. */
const from = (client: TestClient, ip: string) => ({
  post: (path: string, body: unknown) => client.request('POST', path, body, { headers: { 'x-forwarded-for': ip } }),
});

function expect429(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(typeof res.body.message).toBe('string');
}

describe('failed logins', () => {
  test('per email: after 3 failures even the right password waits, then works after the window', async () => {
    const person = await register(server);
    const ip = from(server.client(), '203.0.113.10');
    for (let i = 0; i < 3; i++) expect((await ip.post('/api/login', { email: person.email, password: 'wrong-pass' })).status).toBe(401);
    // another address, the right password: still refused, the email is locked
    const locked = await from(server.client(), '203.0.113.11').post('/api/login', { email: person.email, password: PASSWORD });
    expect429(locked);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    server.clock.advance(15 * MINUTE + 1000);
    expect((await ip.post('/api/login', { email: person.email, password: PASSWORD })).status).toBe(200);
  });

  test('a successful login clears the email\'s failures', async () => {
    const person = await register(server);
    const ip = from(server.client(), '203.0.113.20');
    for (let i = 0; i < 2; i++) await ip.post('/api/login', { email: person.email, password: 'wrong-pass' });
    expect((await ip.post('/api/login', { email: person.email, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await ip.post('/api/login', { email: person.email, password: 'wrong-pass' })).status).toBe(401);
  });

  test('per IP: 5 failures across different emails lock that address only', async () => {
    const attacker = from(server.client(), '198.51.100.7');
    for (let i = 0; i < 5; i++) expect((await attacker.post('/api/login', { email: `guess${i}@example.test`, password: 'x-wrong-1' })).status).toBe(401);
    expect429(await attacker.post('/api/login', { email: 'guess9@example.test', password: 'x-wrong-1' }));
    expect((await from(server.client(), '198.51.100.8').post('/api/login', { email: 'guess9@example.test', password: 'x-wrong-1' })).status).toBe(401);
  });
});

describe('registrations', () => {
  test('per IP: the 4th registration from one address within an hour waits', async () => {
    const ip = from(server.client(), '192.0.2.50');
    for (let i = 0; i < 3; i++) expect((await ip.post('/api/register', newPerson())).status).toBe(201);
    expect429(await ip.post('/api/register', newPerson()));
    expect((await from(server.client(), '192.0.2.51').post('/api/register', newPerson())).status).toBe(201);
  });
});

describe('password-reset requests', () => {
  test('per email: a third request for one address within an hour waits', async () => {
    const ip = from(server.client(), '192.0.2.60');
    for (let i = 0; i < 2; i++) expect((await ip.post('/api/auth/forgot-password', { email: 'limited@example.test' })).status).toBe(200);
    expect429(await from(server.client(), '192.0.2.61').post('/api/auth/forgot-password', { email: 'limited@example.test' }));
  });

  test('per IP: a fifth request from one address within an hour waits, whatever the email', async () => {
    const ip = from(server.client(), '192.0.2.70');
    for (let i = 0; i < 4; i++) expect((await ip.post('/api/auth/forgot-password', { email: `r${i}@example.test` })).status).toBe(200);
    expect429(await ip.post('/api/auth/forgot-password', { email: 'r9@example.test' }));
  });

  test('the limit on an unknown email behaves like a known one (no enumeration)', async () => {
    const person = await register(server);
    const answers = [];
    for (const email of [person.email, 'ghost@example.test']) {
      const ip = from(server.client(), `192.0.2.${email.startsWith('ghost') ? 81 : 80}`);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await ip.post('/api/auth/forgot-password', { email })).status);
      answers.push(statuses);
    }
    expect(answers[0]).toEqual([200, 200, 429]);
    expect(answers[1]).toEqual(answers[0]!);
  });
});

describe('client address', () => {
  test('a client on the open internet cannot choose its address with forwarding headers', () => {
    const headers = new Headers({ [CLIENT_IP_HEADER]: '8.8.4.4', 'x-forwarded-for': '1.2.3.4', 'fly-client-ip': '5.6.7.8' });
    expect(clientIp(headers)).toBe('8.8.4.4');
  });

  test('behind a proxy (a private peer) Fly\'s fly-client-ip wins, then the first x-forwarded-for entry', () => {
    expect(clientIp(new Headers({ [CLIENT_IP_HEADER]: 'fdaa:0:1::3', 'fly-client-ip': '5.6.7.8', 'x-forwarded-for': '1.2.3.4' }))).toBe('5.6.7.8');
    expect(clientIp(new Headers({ [CLIENT_IP_HEADER]: '10.0.0.2', 'x-forwarded-for': '1.2.3.4, 10.0.0.9' }))).toBe('1.2.3.4');
    expect(clientIp(new Headers({ [CLIENT_IP_HEADER]: '127.0.0.1' }))).toBe('127.0.0.1');
  });

  test('a client-sent x-fogline-client-ip is overwritten by the server', async () => {
    // From loopback with no forwarding header the limiter must key on 127.0.0.1, not on the forged value.
    const tight = await startTestServer({ rateLimits: { registerPerIp: { max: 1, windowMs: MINUTE } } });
    try {
      const first = await tight.client().request('POST', '/api/register', newPerson(), { headers: { [CLIENT_IP_HEADER]: '9.9.9.1' } });
      expect(first.status).toBe(201);
      const second = await tight.client().request('POST', '/api/register', newPerson(), { headers: { [CLIENT_IP_HEADER]: '9.9.9.2' } });
      expect(second.status).toBe(429);
    } finally {
      await tight.stop();
    }
  });
});
