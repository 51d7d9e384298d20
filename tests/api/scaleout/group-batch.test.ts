// A group of free bookings on a libSQL server in one round trip to write it (api/spots/book-batch.ts): the
// bookings go out as one write batch of conditional statements, never an interactive transaction; a change between
// the group's read and its write (another process) is answered exactly by the transaction; spots owed to the
// waitlist are offered before anyone books them; and a booking made by the batch is row for row the one the
// transaction makes on a file (a step added to bookOne that writes must be written by the batch too, or this
// fails). Runs on its own sqld database whatever TEST_DATABASE says.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import type { Client } from '@libsql/client';
import { bookingAttendees, bookings, emergencyContacts, waitlistEntries, waiverAcceptances } from '../../../db/schema';
import { flushOutbox } from '../../../api/notices/outbox';
import { startTestServer, type TestServer } from '../../helpers/api';
import { createClass, createUser, sentMail, type SignedIn } from '../../helpers/fixtures';
import { sharedSqld, sqldBinary } from '../../helpers/sqld';
import { withWaivers } from '../../helpers/waivers';

/** Counts the write batches, their booking INSERTs and the bookings those made; `beforeWrite` runs once before the
 * next write batch. */
function spyOnBatches(client: Client) {
  const seen = { writeBatches: 0, bookingInserts: 0, bookingsMade: 0, beforeWrite: null as null | (() => Promise<unknown>) };
  const batch = client.batch.bind(client);
  client.batch = (async (statements: Parameters<Client['batch']>[0], mode?: Parameters<Client['batch']>[1]) => {
    const inserts = statements.map((s) => typeof s === 'object' && 'sql' in s && /^insert into "bookings"/.test(s.sql));
    if (mode === 'write') {
      seen.writeBatches++;
      seen.bookingInserts += inserts.filter(Boolean).length;
      const before = seen.beforeWrite;
      seen.beforeWrite = null;
      if (before) await before();
    }
    const results = await batch(statements, mode);
    if (mode === 'write') results.forEach((result, i) => (seen.bookingsMade += inserts[i] ? result.rows.length : 0));
    return results;
  }) as Client['batch'];
  return seen;
}

describe.skipIf(!sqldBinary())('free bookings on sqld: one write batch per group', () => {
  let server: TestServer;
  let coach: SignedIn;
  let spy: ReturnType<typeof spyOnBatches>;
  beforeAll(async () => {
    server = await startTestServer({ env: { databaseUrl: await (await sharedSqld()).newDatabase() } });
    coach = await createUser(server, 'coach', 'Maya');
    spy = spyOnBatches(server.ctx.db.client);
  });
  afterAll(() => server?.stop());

  test('twelve customers at once: every booking (with its policy), its attendee and its confirmation come from write batches', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 30 });
    // The class's cancellation policy: every booking keeps a copy of the terms it was booked under.
    const policy = { preset: 'strict', tiers: [{ hoursBefore: 168, refundPercent: 100 }], creditPercent: null };
    await server.ctx.db.client.execute({
      sql: 'update classes set cancellation_policy = ? where id = ?',
      args: [JSON.stringify(policy), cls.id],
    });
    const people = await Promise.all(Array.from({ length: 12 }, () => createUser(server)));
    const [batches, inserts, made] = [spy.writeBatches, spy.bookingInserts, spy.bookingsMade];
    const answers = await Promise.all(
      people.map((person, i) =>
        person.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1, attendees: [{ name: `Friend ${i}` }] })),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(people.map(() => 201));
    // Every booking made by a batch, each batch's bookings in ONE INSERT (sqld's cost is per statement).
    expect(spy.bookingsMade - made).toBe(12);
    expect(spy.bookingInserts - inserts).toBe(spy.writeBatches - batches);
    expect(spy.writeBatches - batches).toBeLessThanOrEqual(12);
    const db = server.ctx.db;
    const stored = await db.select().from(bookings).where(eq(bookings.classId, cls.id));
    expect(stored.map((b) => b.status)).toEqual(people.map(() => 'confirmed'));
    for (const booking of stored) expect(booking.cancellationPolicy).toEqual(policy as typeof booking.cancellationPolicy);
    // The marks that joined each booking's rows to it inside the batch are gone once it committed.
    for (const booking of stored) expect(booking.paymentIntentId).toBeNull();
    expect(answers.map((r) => r.body.id).sort()).toEqual(stored.map((b) => b.id).sort());
    const named = await db.select().from(bookingAttendees).innerJoin(bookings, eq(bookings.id, bookingAttendees.bookingId));
    expect(
      named
        .filter((row) => row.bookings.classId === cls.id)
        .map((row) => row.booking_attendees.name)
        .sort(),
    ).toEqual(people.map((_, i) => `Friend ${i}`).sort());
    // Each booking's waiver, accepted in its request, is written by the same batch: one row per attendee, and the
    // emergency contact.
    const accepted = await db.select().from(waiverAcceptances).innerJoin(bookings, eq(bookings.id, waiverAcceptances.bookingId));
    expect(
      accepted
        .filter((row) => row.bookings.classId === cls.id)
        .map((row) => [row.waiver_acceptances.attendeeName, row.waiver_acceptances.relation, row.waiver_acceptances.version])
        .sort(),
    ).toEqual(people.map((_, i) => [`Friend ${i}`, 'self', 1]).sort());
    const contacts = await db.select().from(emergencyContacts).innerJoin(bookings, eq(bookings.id, emergencyContacts.bookingId));
    expect(contacts.filter((row) => row.bookings.classId === cls.id)).toHaveLength(12);
    // One confirmation per booking, sent once the outbox is worked off.
    const mail = await sentMail(server);
    for (const person of people) {
      expect(mail.filter((m) => m.includes(`To: ${person.email}`) && m.includes('Booking confirmed'))).toHaveLength(1);
    }
  });

  test('a second booking by the same customer in one group is refused, the first stands', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 10 });
    const person = await createUser(server);
    const answers = await Promise.all(
      [1, 2, 3].map(() => person.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual([
      'You have already booked this class.',
      'You have already booked this class.',
    ]);
  });

  test('capacity lowered between the group read and its write: the batch books nothing, the transaction refuses exactly', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 5 });
    const [booked, other, ...people] = await Promise.all(Array.from({ length: 5 }, () => createUser(server)));
    for (const person of [booked!, other!]) {
      expect((await person.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    }
    // Another process lowers the capacity to the two booked while this one's group is on its way: the batch's own
    // check refuses the first booking, which the transaction then answers (and any later group reads it full).
    spy.beforeWrite = () => server.ctx.db.client.execute({ sql: 'update classes set capacity = 2 where id = ?', args: [cls.id] });
    const answers = await Promise.all(
      people.map((person) => person.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))),
    );
    expect(answers.map((r) => r.status)).toEqual([409, 409, 409]);
    for (const refused of answers) expect(refused.body.message).toBe('Class is full. Check back later in case of cancellations.');
    expect(spy.beforeWrite).toBeNull();
    const stored = await server.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.classId, cls.id), eq(bookings.status, 'confirmed')));
    expect(stored).toHaveLength(2);
  });

  test('spots taken between the group read and its write: the INSERT makes the bookings that still fit, in order, the transaction refuses the rest', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 10 });
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(server)));
    const others = await Promise.all(Array.from({ length: 6 }, () => createUser(server)));
    // Another process books 6 of the 10 spots while this one's group of 6 (two spots each: 12, read as fitting
    // 10 one by one until full) is on its way: of the group's INSERT, only the first two rows still fit.
    const [made, inserts] = [spy.bookingsMade, spy.bookingInserts];
    spy.beforeWrite = async () => {
      for (const other of others)
        await server.ctx.db.client.execute({
          sql: "insert into bookings (class_id, user_id, status, quantity, created_at, updated_at) values (?, ?, 'confirmed', 1, ?, ?)",
          args: [cls.id, other.id, Date.now(), Date.now()],
        });
    };
    const answers = await Promise.all(
      people.map((person, i) =>
        person.client.post(
          '/api/bookings/free',
          withWaivers({ classId: cls.id, quantity: 2, attendees: [{ name: `Casey ${i}` }, { name: `Guest ${i}` }] }),
        ),
      ),
    );
    expect(spy.beforeWrite).toBeNull();
    expect(spy.bookingInserts - inserts).toBeGreaterThanOrEqual(1);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    for (const refused of answers.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Class is full. Check back later in case of cancellations.');
    }
    // The two made by the batch's INSERT itself (its later rows did not fit), and never over capacity.
    expect(spy.bookingsMade - made).toBe(2);
    const taken = await server.ctx.db.client.execute({
      sql: "select coalesce(sum(quantity), 0) as n from bookings where class_id = ? and status = 'confirmed'",
      args: [cls.id],
    });
    expect(Number(taken.rows[0]!.n)).toBe(10);
  });

  test('spots owed to the waitlist go first: with people waiting and a spot free, the spot is offered, not booked', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 1 });
    const [first, waiter, late] = await Promise.all([createUser(server), createUser(server), createUser(server)]);
    expect((await first.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    expect((await waiter.client.post(`/api/classes/${cls.id}/waitlist`, { quantity: 1 })).status).toBe(201);
    // A spot comes free without a write that would offer it (the capacity raised straight in the database).
    await server.ctx.db.client.execute({ sql: 'update classes set capacity = 2 where id = ?', args: [cls.id] });
    const answer = await late.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }));
    expect(answer.status).toBe(409);
    const entry = await server.ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, waiter.id)).get();
    expect(entry!.status).toBe('offered');
  });
});

describe.skipIf(!sqldBinary())('the write batch writes what the transaction writes', () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.stop())));

  /** Rows per table (tables that only background work or the set-up touch are left out). */
  async function rowCounts(server: TestServer): Promise<Record<string, number>> {
    const tables = await server.ctx.db.client.execute(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_\\_%' escape '\\'",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      if (['sessions', 'job_leases', 'users'].includes(String(name))) continue;
      const row = await server.ctx.db.client.execute(`select count(*) as n from "${String(name)}"`);
      counts[String(name)] = Number(row.rows[0]!.n);
    }
    return counts;
  }

  /** One free booking with two named attendees, on the embedded file (the transaction) or on sqld (the batch):
   * the rows it added per table, and the booking's own columns that do not depend on ids or the clock. */
  async function bookOnce(onSqld: boolean) {
    const server = await startTestServer(onSqld ? { env: { databaseUrl: await (await sharedSqld()).newDatabase() } } : {});
    servers.push(server);
    const coach = await createUser(server, 'coach', 'Maya');
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 8 });
    const policy = { preset: 'moderate', tiers: [{ hoursBefore: 24, refundPercent: 100 }], creditPercent: null };
    await server.ctx.db.client.execute({
      sql: 'update classes set cancellation_policy = ? where id = ?',
      args: [JSON.stringify(policy), cls.id],
    });
    const person = await createUser(server);
    await flushOutbox(server.ctx);
    const before = await rowCounts(server);
    const answer = await person.client.post(
      '/api/bookings/free',
      withWaivers({
        classId: cls.id,
        quantity: 2,
        attendees: [{ name: 'Ana' }, { name: 'Bo' }],
      }),
    );
    expect(answer.status).toBe(201);
    await flushOutbox(server.ctx);
    const after = await rowCounts(server);
    const added = Object.fromEntries(
      Object.keys(after)
        .map((table) => [table, after[table]! - (before[table] ?? 0)])
        .filter(([, n]) => n !== 0),
    );
    const { id, classId, userId, createdAt, updatedAt, confirmedAt, ...rest } = (await server.ctx.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, answer.body.id))
      .get())!;
    return { added, booking: rest, answer: { ...answer.body, id: 0, classId: 0, userId: 0, createdAt: '', confirmedAt: '', class: null } };
  }

  test('one free booking adds the same rows, and the same booking, on the file and in the batch on sqld', async () => {
    const onFile = await bookOnce(false);
    const onSqld = await bookOnce(true);
    expect(onFile.added).toMatchObject({ bookings: 1, booking_attendees: 2 });
    expect(onSqld.added).toEqual(onFile.added);
    expect(onSqld.booking).toEqual(onFile.booking);
    expect(onSqld.answer).toEqual(onFile.answer);
  }, 60_000);
});
