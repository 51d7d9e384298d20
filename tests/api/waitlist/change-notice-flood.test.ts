// Finding 3 of issue 24: 30 PATCHes of a class's place in 0.3 s sent 30 "Class changed" emails to everyone booked
// or waiting. Change notices are now combined per person over a short window (one email with the net before ->
// after, none when the net change is nothing), and moves of classes are limited per coach (429 with a message).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createContext } from '../../../api/context';
import { sendDueChangeNotices } from '../../../api/notices/changes';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, outbox, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

const HOUR = 3_600_000;
const MOVES_LIMITED =
  'You have moved classes too often in a short time (20 changes of time or place in 15 minutes). Please wait a few minutes: everyone booked is emailed about each change.';
let server: TestServer;
let coach: SignedIn;
beforeAll(async () => ({ server, coach } = await startWithCoach()));
afterAll(() => server.stop());

const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const noticesTo = (email: string, title: string) =>
  outbox(server)
    .map(decoded)
    .filter((m) => m.includes(`To: ${email}`) && m.includes(`Class changed: ${title}`));

/** The window ends and the timed job runs. */
async function windowEnds() {
  server.clock.advance(server.ctx.env.changeNoticeWindowMs);
  await sendDueChangeNotices(server.ctx);
}

/** A class with one person booked and one waiting. */
async function classWithPeople(owner: SignedIn, title: string) {
  const cls = await createClass(server, { coachId: owner.id, priceCents: 0, capacity: 1, startsInHours: 24 * 8, title });
  const attendee = await createUser(server);
  expect((await attendee.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
  const waiter = await createUser(server);
  expect((await waiter.client.post(`/api/classes/${cls.id}/waitlist`, { quantity: 1 })).status).toBe(201);
  return { cls, attendee, waiter };
}

describe('change notices over a window', () => {
  test('30 place changes at once: moves past the limit get 429, and each person gets one email with the net change', async () => {
    const { cls, attendee, waiter } = await classWithPeople(coach, 'Flooded Bootcamp');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => coach.client.request('PATCH', `/api/classes/${cls.id}`, { location: `Lawn ${i}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.body.message).toBe(MOVES_LIMITED);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing goes out before the window ends.
    await sendDueChangeNotices(server.ctx);
    expect(noticesTo(attendee.email, 'Flooded Bootcamp')).toEqual([]);
    await windowEnds();
    const now = (await server.client().get(`/api/classes/${cls.id}`)).body.location;
    for (const person of [attendee, waiter]) {
      const mails = noticesTo(person.email, 'Flooded Bootcamp');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(/Before: [^\n]+ Crissy Field/);
      expect(mails[0]).toContain(`Now: `);
      expect(mails[0]).toContain(now);
    }
    await windowEnds();
    expect(noticesTo(attendee.email, 'Flooded Bootcamp')).toHaveLength(1);
  });

  test('a change undone within the window sends nothing', async () => {
    const ownerId = await createUser(server, 'coach', 'Ula');
    const { cls, attendee, waiter } = await classWithPeople(ownerId, 'Undone Rowing');
    const start = cls.startTime!.getTime();
    const owner = ownerId;
    expect(
      (
        await owner.client.request('PATCH', `/api/classes/${cls.id}`, {
          startTime: new Date(start + HOUR).toISOString(),
          location: 'Aquatic Park',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await owner.client.request('PATCH', `/api/classes/${cls.id}`, {
          startTime: new Date(start).toISOString(),
          location: 'Crissy Field',
        })
      ).status,
    ).toBe(200);
    await windowEnds();
    expect(noticesTo(attendee.email, 'Undone Rowing')).toEqual([]);
    expect(noticesTo(waiter.email, 'Undone Rowing')).toEqual([]);
  });

  test('a time change and then a place change in the window: one email from the first before to the last after', async () => {
    const owner = await createUser(server, 'coach', 'Tess');
    const { cls, attendee } = await classWithPeople(owner, 'Twice Moved Swim');
    const start = cls.startTime!.getTime();
    expect(
      (await owner.client.request('PATCH', `/api/classes/${cls.id}`, { startTime: new Date(start + 2 * HOUR).toISOString() })).status,
    ).toBe(200);
    server.clock.advance(server.ctx.env.changeNoticeWindowMs / 2);
    expect((await owner.client.request('PATCH', `/api/classes/${cls.id}`, { location: 'Marina Green' })).status).toBe(200);
    await windowEnds();
    const mails = noticesTo(attendee.email, 'Twice Moved Swim');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/Before: [^\n]+ Crissy Field/);
    expect(mails[0]).toMatch(/Now: [^\n]+ Marina Green/);
    // A later change, after the window, is its own email.
    expect((await owner.client.request('PATCH', `/api/classes/${cls.id}`, { duration: 90 })).status).toBe(200);
    await windowEnds();
    expect(noticesTo(attendee.email, 'Twice Moved Swim')).toHaveLength(2);
  });

  test('two processes on one database sending at once send each notice once', async () => {
    const owner = await createUser(server, 'coach', 'Vic');
    const { cls, attendee } = await classWithPeople(owner, 'Claimed Once Pilates');
    expect((await owner.client.request('PATCH', `/api/classes/${cls.id}`, { location: 'Presidio Tunnel Tops' })).status).toBe(200);
    server.clock.advance(server.ctx.env.changeNoticeWindowMs);
    // A second process: its own connection to the same database and outbox, its own write queue.
    const other = await createContext({ env: server.ctx.env, clock: server.clock });
    try {
      await Promise.all([
        sendDueChangeNotices(server.ctx),
        sendDueChangeNotices(other),
        sendDueChangeNotices(server.ctx),
        sendDueChangeNotices(other),
      ]);
    } finally {
      other.db.close();
    }
    expect(noticesTo(attendee.email, 'Claimed Once Pilates')).toHaveLength(1);
  });

  test("the limit is per coach: another coach's moves go through", async () => {
    const other = await createUser(server, 'coach', 'Omar');
    const { cls } = await classWithPeople(other, 'Other Coach Yoga');
    expect((await other.client.request('PATCH', `/api/classes/${cls.id}`, { location: 'Fort Mason' })).status).toBe(200);
    // Changes that move nothing (title, price) are not counted and never refused.
    const { cls: mine } = await classWithPeople(coach, 'Renamed Often');
    for (let i = 0; i < 3; i++)
      expect((await coach.client.request('PATCH', `/api/classes/${mine.id}`, { title: `Renamed Often ${i}` })).status).toBe(200);
  });
});
