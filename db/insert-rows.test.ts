// Multi-row INSERTs without Drizzle's builder (db/insert-rows.ts): the rows they write are the rows Drizzle's insert
// writes for the same values (defaults, default functions, JSON, timestamps, booleans), RETURNING maps back to the
// same objects, an SQL value is bound as given, and the statement runs inside the write: rolled back with it.
import { afterAll, expect, test } from 'bun:test';
import { eq, inArray } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDb } from './client';
import { insertRows, rowsOf, runInWrite, SqlValue } from './insert-rows';
import { migrateDb } from './migrate';
import { bookings, classes, users } from './schema';

const dir = mkdtempSync(join(tmpdir(), 'fogline-insert-rows-'));
let db: Db;
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the rows and RETURNING are those of Drizzle’s insert; an SQL value is bound; a rollback undoes them', async () => {
  db = await openDb(`file:${join(dir, 'rows.db')}`);
  await migrateDb(db);
  const [coach, customer] = await db.write((tx) =>
    tx
      .insert(users)
      .values([
        { email: 'coach@fogline.test', firstName: 'Maya', lastName: 'Coach', role: 'coach', isApproved: true },
        { email: 'casey@fogline.test', firstName: 'Casey', lastName: 'Customer', role: 'customer', isApproved: false },
      ])
      .returning(),
  );
  const policy = { preset: 'strict', tiers: [{ hoursBefore: 168, refundPercent: 100 }], creditPercent: null };
  const start = new Date('2030-05-04T16:00:00Z');
  const classRow = (title: string) => ({
    title,
    description: 'Gentle flow.',
    priceCents: 0,
    capacity: 10,
    coachId: coach!.id,
    location: 'Crissy Field',
    startTime: start,
    endTime: new Date(start.getTime() + 3_600_000),
    cancellationPolicy: policy as never,
  });
  const [a, b] = await db.write((tx) =>
    tx
      .insert(classes)
      .values([classRow('A'), classRow('B')])
      .returning(),
  );
  const at = new Date('2030-05-01T10:00:00Z');
  const values = (classId: number) => ({ classId, userId: customer!.id, status: 'confirmed' as const, quantity: 2, confirmedAt: at });
  const viaDrizzle = await db.write((tx) => tx.insert(bookings).values(values(a!.id)).returning());
  const viaRows = await db.write(async (tx) => {
    const policyOfClass = new SqlValue('(select "cancellation_policy" from "classes" where "id" = ?)', [b!.id]);
    const result = await runInWrite(
      tx,
      insertRows(bookings, [{ ...values(b!.id), cancellationPolicy: policyOfClass }], { returning: true }),
    );
    return rowsOf(bookings, result.rows);
  });
  const stored = await db
    .select()
    .from(bookings)
    .where(inArray(bookings.id, [viaDrizzle[0]!.id, viaRows[0]!.id]));
  const comparable = ({
    id: _id,
    classId: _class,
    createdAt,
    updatedAt,
    cancellationPolicy: _policy,
    ...rest
  }: (typeof stored)[number]) => ({
    ...rest,
    timestamps: [createdAt instanceof Date, updatedAt instanceof Date],
  });
  expect(comparable(viaRows[0]!)).toEqual(comparable(viaDrizzle[0]!));
  expect(stored.map(comparable)).toEqual([comparable(viaDrizzle[0]!), comparable(viaDrizzle[0]!)]);
  expect(stored.find((row) => row.id === viaRows[0]!.id)).toEqual(viaRows[0]);
  // The class's policy, copied by the SQL value; Drizzle's row had none given.
  expect(viaRows[0]!.cancellationPolicy).toEqual(policy as never);
  expect(viaDrizzle[0]!.cancellationPolicy).toBeNull();

  await expect(
    db.write(async (tx) => {
      await runInWrite(tx, insertRows(bookings, [{ ...values(b!.id), status: 'cancelled', quantity: 7 }]));
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await db.select().from(bookings).where(eq(bookings.quantity, 7))).toEqual([]);
  // A column whose default is SQL is left to Drizzle's builder.
  expect(() => insertRows(users, [{ email: 'x@fogline.test', firstName: 'X', lastName: 'Y', role: 'customer' }])).toThrow(
    'has an SQL value',
  );
});
