// Group commit (api/spots/book.ts, release.ts writeBookingSpotsTogether): concurrent free bookings of one process
// share one transaction, each in its own savepoint with its own capacity check. Exactness at a class drop:
// 1,000 customers at once against one class of 20, in one process (TEST_DATABASE=sqld: 200, on sqld), and on two real
// processes sharing one embedded file, then one sqld.
import { afterAll, describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession, SESSION_COOKIE } from '../../../api/auth/session';
import { type Db, openDb } from '../../../db/client';
import { bookingAttendees, bookingOutbox, bookings, emergencyContacts, medicalNotes, users, waiverAcceptances } from '../../../db/schema';
import { TestClient, type TestServer } from '../../helpers/api';
import { spawnFogline } from '../../helpers/processes';
import { sharedSqld, sqldBinary, testOnSqld } from '../../helpers/sqld';
import { createClass, createUser, startWithCoach } from '../../helpers/fixtures';
import { fixturesOn } from './fixtures';
import { testNow } from '../../helpers/today';
import { acceptanceFor, withWaivers } from '../../helpers/waivers';

const CUSTOMERS = 1_000;
const CAPACITY = 20;

/** `n` customers with live sessions, written in bulk (one write for the users). */
async function customers(db: Db, n: number): Promise<string[]> {
  const stamp = Math.random().toString(36).slice(2, 8);
  const rows = await db.write((tx) =>
    tx
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `drop-${stamp}-${i}@fogline.test`,
          firstName: 'Casey',
          lastName: `Customer ${i}`,
          role: 'customer' as const,
          isApproved: true,
        })),
      )
      .returning({ id: users.id }),
  );
  const tokens: string[] = [];
  // Sessions on the servers' clock, which runs from SEED_TODAY's day under `npm run test:days`.
  const clock = { now: () => new Date(testNow()) };
  for (const row of rows) tokens.push((await createSession(db, clock, row.id)).token);
  return tokens;
}

/** Everyone at once at the class through `urls` (alternating); the statuses and what the database holds. */
async function drop(db: Db, urls: string[], classId: number, tokens: string[]) {
  const answers = await Promise.all(
    tokens.map((token, i) => {
      const client = new TestClient(urls[i % urls.length]!);
      client.cookies.set(SESSION_COOKIE, token);
      return client.post('/api/bookings/free', withWaivers({ classId, quantity: 1 })).then((r) => r.status);
    }),
  );
  const stored = await db.get<{ n: number }>(
    sql`select coalesce(sum(quantity), 0) as n from bookings where class_id = ${classId} and status = 'confirmed'`,
  );
  const queued = await db
    .select({ id: bookingOutbox.id })
    .from(bookingOutbox)
    .innerJoin(bookings, eq(bookings.id, bookingOutbox.bookingId))
    .where(eq(bookings.classId, classId));
  return {
    created: answers.filter((s) => s === 201).length,
    full: answers.filter((s) => s === 409).length,
    other: answers.filter((s) => s !== 201 && s !== 409),
    stored: Number(stored?.n),
    queuedOrSent: queued.length,
  };
}

describe('one process', () => {
  let server: TestServer;
  afterAll(() => server?.stop());
  // In-process over sqld's HTTP API every statement is a round trip: 200 there (1,000 on sqld: the test below).
  const crowd = testOnSqld ? 200 : CUSTOMERS;

  test(`${crowd} customers at once at one class of ${CAPACITY}: exactly ${CAPACITY} confirmed, the rest refused as full`, async () => {
    ({ server } = await startWithCoach());
    const coach = await createUser(server, 'coach');
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: CAPACITY });
    const result = await drop(server.ctx.db, [server.url], cls.id, await customers(server.ctx.db, crowd));
    expect(result.other).toEqual([]);
    expect(result.created).toBe(CAPACITY);
    expect(result.full).toBe(crowd - CAPACITY);
    expect(result.stored).toBe(CAPACITY);
    // Refused bookings rolled back to their savepoint: no confirmation queued for them.
    expect(result.queuedOrSent).toBeLessThanOrEqual(CAPACITY);
  }, 120_000);

  test('a group mixes answers: a refusal in the middle keeps the bookings before and after it', async () => {
    const coach = await createUser(server, 'coach');
    const roomy = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 50 });
    const paid = await createClass(server, { coachId: coach.id, priceCents: 1500, capacity: 50 });
    const people = await Promise.all(Array.from({ length: 9 }, () => createUser(server)));
    const answers = await Promise.all(
      people.map((person, i) =>
        person.client.post('/api/bookings/free', withWaivers({ classId: i % 3 === 1 ? paid.id : roomy.id, quantity: 1 })),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(people.map((_, i) => (i % 3 === 1 ? 400 : 201)));
    expect(answers[1]!.body.message).toBe('This class is not free: please book it through checkout.');
    const again = await people[0]!.client.post('/api/bookings/free', withWaivers({ classId: roomy.id, quantity: 1 }));
    expect(again.status).toBe(409);
  }, 60_000);
});

/** What a booking wrote beside itself, without ids and instants: its attendees, waiver acceptances, emergency contact,
 * medical notes and queued confirmation. */
async function writtenFor(db: Db, classId: number, userId: number) {
  const booking = await db.select().from(bookings).where(sql`${bookings.classId} = ${classId} and ${bookings.userId} = ${userId}`).get();
  if (!booking) return null;
  const of = (column: AnySQLiteColumn) => eq(column, booking.id);
  return {
    booking: {
      status: booking.status,
      quantity: booking.quantity,
      policy: booking.cancellationPolicy,
      confirmed: booking.confirmedAt !== null,
    },
    attendees: await db
      .select({ position: bookingAttendees.position, name: bookingAttendees.name, age: bookingAttendees.age })
      .from(bookingAttendees)
      .where(of(bookingAttendees.bookingId))
      .orderBy(bookingAttendees.position),
    acceptances: await db
      .select({
        position: waiverAcceptances.position,
        name: waiverAcceptances.attendeeName,
        waiver: waiverAcceptances.waiverId,
        version: waiverAcceptances.version,
        hash: waiverAcceptances.textHash,
        by: waiverAcceptances.acceptedBy,
        relation: waiverAcceptances.relation,
        ip: waiverAcceptances.ipAddress,
        agent: waiverAcceptances.userAgent,
      })
      .from(waiverAcceptances)
      .where(of(waiverAcceptances.bookingId))
      .orderBy(waiverAcceptances.position, waiverAcceptances.waiverId),
    contact: await db
      .select({ name: emergencyContacts.name, phone: emergencyContacts.phone })
      .from(emergencyContacts)
      .where(of(emergencyContacts.bookingId)),
    notes: await db
      .select({ position: medicalNotes.position, note: medicalNotes.note })
      .from(medicalNotes)
      .where(of(medicalNotes.bookingId)),
    queued: (await db.select({ kind: bookingOutbox.kind }).from(bookingOutbox).where(of(bookingOutbox.bookingId))).length,
  };
}

// On the embedded file (on a libSQL server a group's batch writes its plain bookings before those it leaves to the
// transaction, ./book-batch.ts: exact, in another order).
describe.skipIf(testOnSqld)('a group written together', () => {
  test('plain bookings written together write what one at a time writes, beside bookings that read earlier acceptances and refusals', async () => {
    const { server } = await startWithCoach();
    try {
      const coach = await createUser(server, 'coach');
      const [together, alone, earlier] = await Promise.all(
        [0, 1, 2].map(() => createClass(server, { coachId: coach.id, priceCents: 0, capacity: 5 })),
      );
      const people = await Promise.all(Array.from({ length: 6 }, () => createUser(server)));
      // The fourth has accepted the waiver on an earlier booking: this time they send no acceptance (read in the write).
      expect((await people[3]!.client.post('/api/bookings/free', withWaivers({ classId: earlier!.id, quantity: 1 }))).status).toBe(201);
      const named = [
        { name: 'Ana Ruiz', age: 34 },
        { name: 'Ben Ruiz', age: 36 },
      ];
      const withNote = acceptanceFor(2);
      const requests = (classId: number) => [
        {
          classId,
          quantity: 2,
          attendees: named,
          waiverAcceptance: {
            ...withNote,
            attendees: [withNote.attendees[0]!, { position: 1, accepted: true, medicalNote: '  Peanut allergy. ' }],
          },
        },
        withWaivers({ classId, quantity: 1 }),
        withWaivers({ classId, quantity: 1 }, 1, [{ id: 1, version: 2 }]),
        { classId, quantity: 1 },
        // One spot left after the first four: the fifth (two spots) is refused, the sixth still fits.
        withWaivers({ classId, quantity: 2 }),
        withWaivers({ classId, quantity: 1 }),
      ];
      const at = (classId: number) => requests(classId).map((body, i) => () => people[i]!.client.post('/api/bookings/free', body));
      const groupAnswers = await Promise.all(at(together!.id).map((send) => send()));
      const aloneAnswers = [];
      for (const send of at(alone!.id)) aloneAnswers.push(await send());
      expect(groupAnswers.map((r) => r.status)).toEqual([201, 201, 409, 201, 409, 201]);
      expect(groupAnswers.map((r) => [r.status, r.body.message])).toEqual(aloneAnswers.map((r) => [r.status, r.body.message]));
      for (const person of people) {
        const inGroup = await writtenFor(server.ctx.db, together!.id, person.id);
        expect(inGroup).toEqual(await writtenFor(server.ctx.db, alone!.id, person.id));
      }
      const first = await writtenFor(server.ctx.db, together!.id, people[0]!.id);
      expect(first!.notes).toEqual([{ position: 1, note: 'Peanut allergy.' }]);
      expect(first!.acceptances.map((a) => [a.position, a.name, a.relation])).toEqual([
        [0, 'Ana Ruiz', 'self'],
        [1, 'Ben Ruiz', 'companion'],
      ]);
      expect(first!.queued).toBeLessThanOrEqual(1);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

for (const kind of ['file', 'sqld'] as const) {
  describe.skipIf(kind === 'sqld' && !sqldBinary())(`two processes on ${kind === 'file' ? 'one embedded file' : 'one sqld'}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fogline-group-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    test(`${CUSTOMERS} customers at once, alternating between the processes, at one class of ${CAPACITY}: exactly ${CAPACITY}`, async () => {
      const databaseUrl = kind === 'file' ? `file:${join(dataDir, 'fogline.db')}` : await (await sharedSqld()).newDatabase();
      const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED: 'none', UPLOADS: 'local' };
      const a = await spawnFogline(env);
      const b = await spawnFogline({
        ...env,
        DATABASE_URL: kind === 'file' ? databaseUrl : `${databaseUrl.replace('http://', 'libsql://')}?tls=0`,
      });
      const db = await openDb(databaseUrl);
      try {
        const world = fixturesOn(db, a.url);
        const coach = await createUser(world, 'coach');
        const cls = await createClass(world, { coachId: coach.id, priceCents: 0, capacity: CAPACITY });
        const result = await drop(db, [a.url, b.url], cls.id, await customers(db, CUSTOMERS));
        expect(result.other).toEqual([]);
        expect(result.created).toBe(CAPACITY);
        expect(result.full).toBe(CUSTOMERS - CAPACITY);
        expect(result.stored).toBe(CAPACITY);
      } finally {
        await Promise.all([a.kill(), b.kill()]);
        db.close();
      }
    }, 180_000);
  });
}
