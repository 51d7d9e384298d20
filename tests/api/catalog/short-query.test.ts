// GET /api/classes with a q of 1 or 2 characters at scale: too short for the trigram index, so the matches
// are counted only up to 1,000 (then X-Total-Count is 1000 and X-Total-Count-Capped says there are more),
// while the page itself is still the first matches in start order.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SHORT_QUERY_COUNT_CAP } from '../../../api/catalog/browse-query';
import { classes } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { addCoach, HOUR } from './fixtures';

let server: TestServer;
const MANY = SHORT_QUERY_COUNT_CAP + 5;

beforeAll(async () => {
  server = await startTestServer();
  const coach = await addCoach(server.ctx, { firstName: 'Maya', lastName: 'Chen' });
  const t0 = server.clock.now().getTime() + HOUR;
  const row = (title: string, i: number) => ({
    title,
    description: 'Outdoors',
    priceCents: 1000,
    capacity: 5,
    coachId: coach,
    startTime: new Date(t0 + i * 60_000),
    endTime: new Date(t0 + i * 60_000 + HOUR),
  });
  await server.ctx.db.write(async (tx) => {
    // Inserted latest first, so id order and start order disagree.
    for (let i = MANY - 1; i >= 0; i -= 200)
      await tx.insert(classes).values(Array.from({ length: Math.min(200, i + 1) }, (_, k) => row(`Kx drill ${i - k}`, i - k)));
    await tx.insert(classes).values([row('Rare Qv one', MANY + 1), row('Rare Qv two', MANY + 2)]);
  });
});
afterAll(() => server.stop());

const get = (path: string) => server.client().get(path);

describe('a q of 1 or 2 characters', () => {
  test('past 1,000 matches: X-Total-Count 1000 and X-Total-Count-Capped, the page still in start order', async () => {
    const res = await get('/api/classes?q=kx&limit=5');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe(String(SHORT_QUERY_COUNT_CAP));
    expect(res.headers.get('x-total-count-capped')).toBe('true');
    expect(res.body.map((c: { title: string }) => c.title)).toEqual(['Kx drill 0', 'Kx drill 1', 'Kx drill 2', 'Kx drill 3', 'Kx drill 4']);
    const deep = await get(`/api/classes?q=K&limit=3&offset=${MANY - 2}`);
    expect(deep.body.map((c: { title: string }) => c.title)).toEqual([`Kx drill ${MANY - 2}`, `Kx drill ${MANY - 1}`]);
  });

  test('fewer matches: the exact count, no cap header, with the other filters applied', async () => {
    const res = await get('/api/classes?q=QV');
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(res.headers.get('x-total-count-capped')).toBeNull();
    expect(res.body.map((c: { title: string }) => c.title)).toEqual(['Rare Qv one', 'Rare Qv two']);
    expect((await get('/api/classes?q=qv&ageGroup=Kids')).headers.get('x-total-count')).toBe('0');
    expect((await get('/api/classes?q=%25')).headers.get('x-total-count')).toBe('0');
  });

  test('3 characters or more: the trigram index counts them all', async () => {
    const res = await get('/api/classes?q=x%20dr&limit=1');
    expect(res.headers.get('x-total-count')).toBe(String(MANY));
    expect(res.headers.get('x-total-count-capped')).toBeNull();
  });
});
