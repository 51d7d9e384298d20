// Finding 6 of issue 24: bad values are refused at the edge. Instants are limited to the years 2000-2100 (a
// series from 9999-12-30 used to be stored and read back as "+010036-01-17T10:00:00.000Z", not RFC 3339), and a
// malformed Host header is answered 400 without a stack trace in the log, on pages and the API alike.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { type TestServer } from '../../helpers/api';
import { type Cast, classForm, startWithCast } from '../classes/helpers';

const YEARS = 'Start time must be between the years 2000 and 2100';
let server: TestServer;
let cast: Cast;
beforeAll(async () => {
  ({ server, cast } = await startWithCast('2027-02-28T18:00:00Z', { site: true }));
}, 60_000);
afterAll(() => server.stop());

describe('instants between the years 2000 and 2100', () => {
  test('a daily series from 9999-12-30 is refused with a clear 400', async () => {
    const res = await cast.coach.post(
      '/api/classes',
      classForm(cast.categoryId, {
        startTime: '9999-12-30T10:00:00Z',
        recurrence: { type: 'daily', interval: 1, endType: 'count', endCount: 5 },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(YEARS);
    expect(res.body.errors.startTime).toEqual([YEARS]);
  });

  test('so are a class in 2101, in 1999 and a PATCH to 3000', async () => {
    for (const startTime of ['2101-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '2999-06-01T10:00:00-07:00']) {
      const res = await cast.coach.post('/api/classes', classForm(cast.categoryId, { startTime }));
      expect({ startTime, status: res.status, message: res.body.message }).toEqual({ startTime, status: 400, message: YEARS });
    }
    const created = await cast.coach.post('/api/classes', classForm(cast.categoryId));
    expect(created.status).toBe(201);
    const moved = await cast.coach.request('PATCH', `/api/classes/${created.body.id}`, { startTime: '3000-01-01T10:00:00Z' });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe(YEARS);
  });

  test('a series may not run past 2100: its end date, and the sessions a count makes', async () => {
    const byDate = await cast.coach.post(
      '/api/classes',
      classForm(cast.categoryId, { recurrence: { type: 'weekly', interval: 1, daysOfWeek: [0], endType: 'date', endDate: '9999-01-01' } }),
    );
    expect(byDate.status).toBe(400);
    expect(byDate.body.message).toBe('End date must be no later than 2100-12-31');
    const byCount = await cast.coach.post(
      '/api/classes',
      classForm(cast.categoryId, {
        startTime: '2100-12-30T10:00:00Z',
        recurrence: { type: 'monthly', interval: 1, endType: 'count', endCount: 3 },
      }),
    );
    expect(byCount.status).toBe(400);
    expect(byCount.body.message).toBe('The series would run past the year 2100: end it sooner');
  });

  test("the managed list's from and to too", async () => {
    const res = await cast.coach.get('/api/classes/managed?from=9999-01-01T00:00:00Z');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('from must be between the years 2000 and 2100.');
  });

  test('2000 and 2100 themselves are fine, and every instant read back is RFC 3339', async () => {
    const res = await cast.coach.post('/api/classes', classForm(cast.categoryId, { startTime: '2100-12-31T08:00:00Z' }));
    expect(res.status).toBe(201);
    expect(res.body.startTime).toBe('2100-12-31T08:00:00.000Z');
  });
});

describe('a malformed Host header', () => {
  const logged: string[] = [];
  const originals = { error: console.error, warn: console.warn, log: console.log };
  beforeAll(() => {
    for (const level of ['error', 'warn', 'log'] as const)
      console[level] = (...args: unknown[]) =>
        logged.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(' '));
  });
  afterEach(() => {
    logged.length = 0;
  });
  afterAll(() => Object.assign(console, originals));

  /** Sends a raw HTTP/1.1 request (fetch would never send such a Host) and answers the status line and body. */
  function raw(path: string, host: string): Promise<{ status: number; body: string }> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve({ status: Number(data.split(' ')[1]), body: data.split('\r\n\r\n').slice(1).join('\r\n\r\n') }));
      socket.on('error', reject);
    });
  }

  for (const host of ['x?', 'x#', 'a b', 'x:99999', '[::1']) {
    test(`Host: ${host} on a page and on the API: 400, JSON, nothing logged`, async () => {
      for (const path of ['/classes/5', '/api/classes/5', '/']) {
        const res = await raw(path, host);
        expect({ host, path, status: res.status }).toEqual({ host, path, status: 400 });
        if (res.body.trim())
          expect(JSON.parse(res.body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/gi, ''))).toEqual({
            message: 'Bad request: the Host header is not a valid host name.',
          });
      }
      expect(logged.filter((line) => /\bat\s|stack|Error/i.test(line))).toEqual([]);
    });
  }
});
