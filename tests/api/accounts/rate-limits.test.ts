// Rate limits (issue 11, rows 2, 6 and 8): failed sign-ins per (email, address), per address and per email from
// anywhere (which only slows down), registrations per address, reset requests per email and per address, each
// answered 429 with Retry-After and a JSON message. Counted in the database before the password is checked, so
// a burst is limited like a series. Limits are tightened for the test and time moves with the fake clock.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createContext } from '../../../api/context';
import { envForDataDir } from '../../../api/env';
import { CLIENT_IP_HEADER } from '../../../api/lib/client-address';
import type { RateLimitConfig } from '../../../api/lib/rate-limit';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/api';
import { newPerson, PASSWORD, readOutbox, register, waitForEmail } from './helpers';

const MINUTE = 60_000;
const LIMITS: Partial<RateLimitConfig> = {
  loginPerEmailAndAddress: { max: 3, windowMs: 15 * MINUTE },
  loginPerAddress: { max: 5, windowMs: 15 * MINUTE },
  loginPerEmail: { max: 100, windowMs: 15 * MINUTE, slowAfter: 4, maxDelayMs: 8000 },
  registerPerAddress: { max: 3, windowMs: 60 * MINUTE },
  resetPerEmail: { max: 2, windowMs: 60 * MINUTE },
  resetPerAddress: { max: 4, windowMs: 60 * MINUTE },
};
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: LIMITS });
}, 30_000);
afterAll(() => server.stop());

/** The test server trusts an appending proxy (TRUST_PROXY=xff-last): X-Forwarded-For names the caller. */
const from = (client: TestClient, ip: string) => ({
  post: (path: string, body: unknown) => client.request('POST', path, body, { headers: { 'x-forwarded-for': ip } }),
});

function expect429(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(typeof res.body.message).toBe('string');
}

describe('failed logins', () => {
  test('per email and address: after 3 failures that address waits even with the right password, then works after the window', async () => {
    const person = await register(server);
    const ip = from(server.client(), '203.0.113.10');
    for (let i = 0; i < 3; i++) expect((await ip.post('/api/login', { email: person.email, password: 'wrong-pass' })).status).toBe(401);
    const locked = await ip.post('/api/login', { email: person.email, password: PASSWORD });
    expect429(locked);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    server.clock.advance(15 * MINUTE + 1000);
    expect((await ip.post('/api/login', { email: person.email, password: PASSWORD })).status).toBe(200);
  });

  test("a stranger's wrong passwords do not lock the owner out: the owner signs in from their own address", async () => {
    const person = await register(server);
    const stranger = from(server.client(), '203.0.113.66');
    for (let i = 0; i < 3; i++)
      expect((await stranger.post('/api/login', { email: person.email, password: 'wrong-pass' })).status).toBe(401);
    expect429(await stranger.post('/api/login', { email: person.email, password: 'wrong-pass' }));
    expect((await from(server.client(), '198.51.100.200').post('/api/login', { email: person.email, password: PASSWORD })).status).toBe(
      200,
    );
  });

  test('per email from anywhere: past the ceiling each attempt waits longer (1 s, 2 s, 4 s ... at most 8 s), never a lockout', async () => {
    const person = await register(server);
    const attempt = (n: number, password = 'wrong-pass') =>
      from(server.client(), `192.0.2.${100 + n}`).post('/api/login', { email: person.email, password });
    for (let i = 0; i < 4; i++) expect((await attempt(i)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 4; i < 9; i++) {
      expect((await attempt(i)).status).toBe(401);
      const slowed = await attempt(50 + i);
      expect429(slowed);
      const wait = Number(slowed.headers.get('retry-after'));
      waits.push(wait);
      server.clock.advance(wait * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 8]);
    // The owner, once the short wait is over, signs in.
    expect((await attempt(99, PASSWORD)).status).toBe(200);
  });

  test('per email from anywhere: strangers failing from 3 addresses past the ceiling do not keep the owner out; the owner signs in from a 4th at once', async () => {
    const person = await register(server);
    const strangers = ['192.0.2.201', '192.0.2.202', '192.0.2.203'].map((ip) => from(server.client(), ip));
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const stranger of strangers)
        statuses.push((await stranger.post('/api/login', { email: person.email, password: 'wrong-pass' })).status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect((await from(server.client(), '192.0.2.204').post('/api/login', { email: person.email, password: PASSWORD })).status).toBe(200);
  });

  test("a successful login clears that address's failures for the email", async () => {
    const person = await register(server);
    const ip = from(server.client(), '203.0.113.20');
    for (let i = 0; i < 2; i++) await ip.post('/api/login', { email: person.email, password: 'wrong-pass' });
    expect((await ip.post('/api/login', { email: person.email, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await ip.post('/api/login', { email: person.email, password: 'wrong-pass' })).status).toBe(401);
  });

  test('per address: 5 failures across different emails hold that address only', async () => {
    const attacker = from(server.client(), '198.51.100.7');
    for (let i = 0; i < 5; i++)
      expect((await attacker.post('/api/login', { email: `guess${i}@example.test`, password: 'x-wrong-1' })).status).toBe(401);
    expect429(await attacker.post('/api/login', { email: 'guess9@example.test', password: 'x-wrong-1' }));
    expect(
      (await from(server.client(), '198.51.100.8').post('/api/login', { email: 'guess9@example.test', password: 'x-wrong-1' })).status,
    ).toBe(401);
  });

  test('row 2: 40 simultaneous sign-ins for one email from one address, 39 wrong: only the first 3 reach the password check', async () => {
    const person = await register(server);
    const ip = from(server.client(), '203.0.113.40');
    const passwords = Array.from({ length: 40 }, (_, i) => (i === 20 ? PASSWORD : `wrong-pass-${i}`));
    const answers = await Promise.all(passwords.map((password) => ip.post('/api/login', { email: person.email, password })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(37);
    expect(statuses.filter((status) => status === 401 || status === 200)).toHaveLength(3);
  });

  test('row 2: 80 simultaneous failures from one address (limit 5 here, 50 by default) get exactly 5 answers of 401', async () => {
    const ip = from(server.client(), '203.0.113.80');
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => ip.post('/api/login', { email: `burst${i}@example.test`, password: 'x-wrong-1' })),
    );
    expect(answers.filter((res) => res.status === 401)).toHaveLength(5);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(75);
  });

  test('IPv6 clients are counted per /64: another address in the same block shares the limit, another block does not', async () => {
    const block = (suffix: string) => from(server.client(), `2001:db8:aa:bb::${suffix}`);
    for (let i = 0; i < 5; i++)
      expect((await block(`${i + 1}`).post('/api/login', { email: `six${i}@example.test`, password: 'x-wrong-1' })).status).toBe(401);
    expect429(await block('ffff:1').post('/api/login', { email: 'six9@example.test', password: 'x-wrong-1' }));
    expect(
      (await from(server.client(), '2001:db8:aa:bc::1').post('/api/login', { email: 'six9@example.test', password: 'x-wrong-1' })).status,
    ).toBe(401);
  });

  test('the counts live in the database: a second context on the same data (a restart, another process) keeps them', async () => {
    const person = await register(server);
    const ip = from(server.client(), '203.0.113.90');
    for (let i = 0; i < 3; i++) await ip.post('/api/login', { email: person.email, password: 'wrong-pass' });
    const restarted = await createContext({
      env: { ...envForDataDir(server.dataDir), databaseUrl: server.ctx.env.databaseUrl },
      clock: server.clock,
      rateLimits: LIMITS,
    });
    try {
      const refused = await restarted.rateLimits.reserve('held', ['loginPerEmailAndAddress', `${person.email} 203.0.113.90`]).then(
        () => null,
        (error) => error,
      );
      expect(refused?.status).toBe(429);
    } finally {
      restarted.db.close();
    }
  });
});

describe('registrations', () => {
  test('per address: the 4th registration from one address within an hour waits', async () => {
    const ip = from(server.client(), '192.0.2.50');
    for (let i = 0; i < 3; i++) expect((await ip.post('/api/register', newPerson())).status).toBe(201);
    expect429(await ip.post('/api/register', newPerson()));
    expect((await from(server.client(), '192.0.2.51').post('/api/register', newPerson())).status).toBe(201);
  });

  test('10 simultaneous registrations from one address: exactly 3 accounts', async () => {
    const ip = from(server.client(), '192.0.2.52');
    const answers = await Promise.all(Array.from({ length: 10 }, () => ip.post('/api/register', newPerson())));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(3);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(7);
  });
});

describe('password-reset requests', () => {
  test('per email: a third request for one address within an hour waits', async () => {
    const ip = from(server.client(), '192.0.2.60');
    for (let i = 0; i < 2; i++) expect((await ip.post('/api/auth/forgot-password', { email: 'limited@example.test' })).status).toBe(200);
    expect429(await from(server.client(), '192.0.2.61').post('/api/auth/forgot-password', { email: 'limited@example.test' }));
  });

  test('per address: a fifth request from one address within an hour waits, whatever the email', async () => {
    const ip = from(server.client(), '192.0.2.70');
    for (let i = 0; i < 4; i++) expect((await ip.post('/api/auth/forgot-password', { email: `r${i}@example.test` })).status).toBe(200);
    expect429(await ip.post('/api/auth/forgot-password', { email: 'r9@example.test' }));
  });

  test('12 simultaneous requests for one email: exactly 2 answered 200 and 2 emails sent, 10 answered 429', async () => {
    const person = await register(server);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        from(server.client(), `192.0.2.${120 + i}`).post('/api/auth/forgot-password', { email: person.email }),
      ),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(2);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(10);
    await waitForEmail(server, person.email, 2);
    await Bun.sleep(200);
    expect(readOutbox(server).filter((message) => message.to.includes(person.email) && /reset/i.test(message.subject))).toHaveLength(2);
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

describe('client address (TRUST_PROXY)', () => {
  const registerTwice = async (trustProxy: 'none' | 'fly' | 'xff-last', first: Record<string, string>, second: Record<string, string>) => {
    const tight = await startTestServer({ env: { trustProxy }, rateLimits: { registerPerAddress: { max: 1, windowMs: MINUTE } } });
    try {
      const a = await tight.client().request('POST', '/api/register', newPerson(), { headers: first });
      const b = await tight.client().request('POST', '/api/register', newPerson(), { headers: second });
      return [a.status, b.status];
    } finally {
      await tight.stop();
    }
  };

  test('none (the default): the socket address; forwarding headers and a client-sent x-fogline-client-ip are ignored', async () => {
    expect(
      await registerTwice(
        'none',
        { 'x-forwarded-for': '1.2.3.4', [CLIENT_IP_HEADER]: '9.9.9.1' },
        { 'x-forwarded-for': '5.6.7.8', 'fly-client-ip': '5.6.7.9', [CLIENT_IP_HEADER]: '9.9.9.2' },
      ),
    ).toEqual([201, 429]);
  });

  test('fly: Fly-Client-IP names the client; X-Forwarded-For is not believed', async () => {
    expect(
      await registerTwice(
        'fly',
        { 'fly-client-ip': '1.2.3.4', 'x-forwarded-for': '7.7.7.7' },
        { 'fly-client-ip': '5.6.7.8', 'x-forwarded-for': '7.7.7.7' },
      ),
    ).toEqual([201, 201]);
    expect(
      await registerTwice(
        'fly',
        { 'fly-client-ip': '1.2.3.4', 'x-forwarded-for': '7.7.7.1' },
        { 'fly-client-ip': '1.2.3.4', 'x-forwarded-for': '7.7.7.2' },
      ),
    ).toEqual([201, 429]);
  });

  test('xff-last: the right-most entry that is not our own hop, so a client-chosen first entry changes nothing', async () => {
    expect(
      await registerTwice(
        'xff-last',
        { 'x-forwarded-for': '1.1.1.1, 198.51.100.9' },
        { 'x-forwarded-for': '2.2.2.2, 198.51.100.9, 10.0.0.5' },
      ),
    ).toEqual([201, 429]);
    expect(
      await registerTwice('xff-last', { 'x-forwarded-for': '1.1.1.1, 198.51.100.9' }, { 'x-forwarded-for': '1.1.1.1, 198.51.100.10' }),
    ).toEqual([201, 201]);
  });
});
