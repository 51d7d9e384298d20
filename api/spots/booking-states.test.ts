// The booking lifecycle against a real libSQL file: every state x transition x actor is either allowed (the
// booking moves to the named state) or refused (403 for the wrong actor, no change for the wrong state), and
// nothing outside lifecycle.ts writes bookings.status.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDb } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { bookings, classes, users } from '../../db/schema';
import { DomainError } from '../errors';
import {
  ACTORS,
  applyTransition,
  assertTransition,
  BOOKING_STATES,
  BOOKING_TRANSITIONS,
  type BookingState,
  canTransition,
  type MovingTransition,
  type OpeningTransition,
  stateOf,
  type TransitionName,
} from './booking-states';

/** The product's rules written out one by one (independently of the table): "state --transition/actor--> state". */
const ALLOWED = new Set([
  'new --bookFree/customer--> confirmed',
  // Paid with a pass's credits (or an unlimited membership) in the booking's own write.
  'new --bookWithPass/customer--> confirmed',
  'new --hold/customer--> hold',
  'hold --confirmPayment/system--> confirmed',
  'hold --confirmLatePayment/system--> confirmed',
  'holdExpired --confirmLatePayment/system--> confirmed',
  'hold --refundLatePayment/system--> latePaymentRefunded',
  'holdExpired --refundLatePayment/system--> latePaymentRefunded',
  'hold --expireHold/system--> holdExpired',
  'hold --replaceHold/customer--> holdReplaced',
  'hold --failPayment/system--> paymentFailed',
  'hold --cancelByCustomer/customer--> cancelledByCustomer',
  'confirmed --cancelByCustomer/customer--> cancelledByCustomer',
  // An admin cancels for the customer from the user's page (support).
  'hold --cancelByCustomer/admin--> cancelledByCustomer',
  'confirmed --cancelByCustomer/admin--> cancelledByCustomer',
  ...['coach', 'admin', 'system'].flatMap((actor) => [
    `hold --cancelForDeletedClass/${actor}--> cancelledClassDeleted`,
    `confirmed --cancelForDeletedClass/${actor}--> cancelledClassDeleted`,
    `offered --cancelForDeletedClass/${actor}--> cancelledClassDeleted`,
  ]),
  'new --offerSpots/system--> offered',
  'offered --acceptFreeOffer/customer--> confirmed',
  'offered --acceptOfferWithPass/customer--> confirmed',
  'offered --acceptPaidOffer/customer--> hold',
  'offered --declineOffer/customer--> offerDeclined',
  'offered --expireOffer/system--> offerExpired',
  // A weather call's other session: the customer moves their confirmed booking there, payment and all.
  'confirmed --moveToOfferedSession/customer--> movedToOfferedSession',
  'new --bookOfferedSession/customer--> confirmed',
]);

const STATES = Object.keys(BOOKING_STATES) as BookingState[];
const TRANSITIONS = Object.keys(BOOKING_TRANSITIONS) as TransitionName[];
const allowedTo = (from: string, name: TransitionName, actor: string) =>
  [...ALLOWED].find((rule) => rule.startsWith(`${from} --${name}/${actor}--> `))?.split('--> ')[1];

let dir: string;
let db: Db;
let userId = 0;
let classId = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fogline-lifecycle-'));
  db = await openDb(`file:${join(dir, 'lifecycle.db')}`);
  await migrateDb(db);
  const [coach] = await db.write((tx) =>
    tx
      .insert(users)
      .values({ email: 'coach@lifecycle.test', firstName: 'Coach', lastName: 'C', role: 'coach', isApproved: true })
      .returning(),
  );
  const [cls] = await db.write((tx) =>
    tx
      .insert(classes)
      .values({
        title: 'Lifecycle Yoga',
        description: 'Stretching.',
        coachId: coach!.id,
        location: 'Park',
        address: '1 Park St, San Francisco, CA 94100',
      })
      .returning(),
  );
  classId = cls!.id;
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A booking stored in `state` for a customer of its own (one active booking per customer per class). */
async function bookingIn(state: BookingState) {
  const { status, reason } = BOOKING_STATES[state];
  return db.write(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: `customer-${++userId}@lifecycle.test`, firstName: 'Casey', lastName: 'C' })
      .returning();
    const [row] = await tx.insert(bookings).values({ classId, userId: user!.id, status, cancelReason: reason, quantity: 1 }).returning();
    return row!;
  });
}

async function newUser() {
  const [user] = await db.write((tx) =>
    tx
      .insert(users)
      .values({ email: `customer-${++userId}@lifecycle.test`, firstName: 'Casey', lastName: 'C' })
      .returning(),
  );
  return user!.id;
}

describe('the transition table', () => {
  test('names every state the product has', () => {
    expect([...STATES].sort() as string[]).toEqual(
      [
        'hold',
        'confirmed',
        'cancelledByCustomer',
        'cancelledClassDeleted',
        'holdExpired',
        'holdReplaced',
        'paymentFailed',
        'latePaymentRefunded',
        'offered',
        'offerDeclined',
        'offerExpired',
        'movedToOfferedSession',
      ].sort(),
    );
  });

  test('every transition has actors and a one-line reason', () => {
    for (const name of TRANSITIONS) {
      expect(BOOKING_TRANSITIONS[name].by.length).toBeGreaterThan(0);
      expect(BOOKING_TRANSITIONS[name].why.length).toBeGreaterThan(20);
    }
  });

  test('stateOf reads each stored (status, cancelReason) pair back as its state', () => {
    for (const state of STATES)
      expect(stateOf({ status: BOOKING_STATES[state].status, cancelReason: BOOKING_STATES[state].reason })).toBe(state);
  });

  test('canTransition and assertTransition agree with the rules for every state x transition x actor', () => {
    for (const from of ['new' as const, ...STATES]) {
      for (const name of TRANSITIONS) {
        for (const actor of ACTORS) {
          const allowed = allowedTo(from, name, actor) !== undefined;
          expect(`${from} ${name} ${actor} ${canTransition(from, name, actor)}`).toBe(`${from} ${name} ${actor} ${allowed}`);
          if (allowed) expect(() => assertTransition(from, name, actor)).not.toThrow();
          else expect(() => assertTransition(from, name, actor)).toThrow(DomainError);
        }
      }
    }
  });
});

describe('applyTransition moves a stored booking only as the rules allow', () => {
  for (const from of STATES) {
    for (const name of TRANSITIONS.filter((t) => !BOOKING_TRANSITIONS[t].from.includes('new' as never)) as MovingTransition[]) {
      test(`${from} x ${name}, by each actor`, async () => {
        for (const actor of ACTORS) {
          const booking = await bookingIn(from);
          const to = allowedTo(from, name, actor);
          const byActor = (BOOKING_TRANSITIONS[name].by as readonly string[]).includes(actor);
          if (!byActor) {
            const refused = await db
              .write((tx) => applyTransition(tx, booking, name, actor, {}))
              .catch((error: DomainError) => error.status);
            expect(refused).toBe(403);
          } else {
            const moved = await db.write((tx) => applyTransition(tx, booking, name, actor, {}));
            expect(moved === null ? null : stateOf(moved)).toBe((to ?? null) as BookingState | null);
          }
          const stored = (await db.select().from(bookings).where(eq(bookings.id, booking.id)).get())!;
          expect(`${actor}: ${stateOf(stored)}`).toBe(`${actor}: ${to ?? from}`);
        }
      });
    }
  }

  test('a transition that lost the race to another one changes nothing (conditional update)', async () => {
    const booking = await bookingIn('hold');
    const [first, second] = await Promise.all([
      db.write((tx) => applyTransition(tx, booking, 'confirmPayment', 'system', {})),
      db.write((tx) => applyTransition(tx, booking, 'expireHold', 'system', {})),
    ]);
    expect(stateOf(first!)).toBe('confirmed');
    expect(second).toBeNull();
  });

  test('a condition moves every matching booking that is in a starting state, and no other', async () => {
    const hold = await bookingIn('hold');
    const confirmed = await bookingIn('confirmed');
    const moved = await db.write((tx) => applyTransition(tx, eq(bookings.classId, classId), 'expireHold', 'system', {}));
    expect(moved.map((r) => r.id)).toContain(hold.id);
    expect(moved.map((r) => r.id)).not.toContain(confirmed.id);
  });
});

describe('opening transitions insert the booking in its first state', () => {
  for (const name of TRANSITIONS.filter((t) => BOOKING_TRANSITIONS[t].from.includes('new' as never)) as OpeningTransition[]) {
    test(`new x ${name}, by each actor`, async () => {
      for (const actor of ACTORS) {
        const to = allowedTo('new', name, actor);
        const customer = await newUser();
        const opened = db.write((tx) => applyTransition(tx, 'new', name, actor, { classId, userId: customer, quantity: 1 }));
        if (to) expect(stateOf(await opened)).toBe(to as BookingState);
        else expect(await opened.catch((error: DomainError) => error.status)).toBe(403);
      }
    });
  }
});

describe('one writer', () => {
  test('no file of the API but spots/booking-states.ts inserts bookings or sets their status', () => {
    const root = join(import.meta.dir, '..');
    const files: string[] = [];
    const walk = (at: string) => {
      for (const name of readdirSync(at)) {
        const path = join(at, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !path.endsWith(join('spots', 'booking-states.ts'))) files.push(path);
      }
    };
    walk(root);
    const offenders = files.filter((path) => {
      const source = readFileSync(path, 'utf8');
      if (/insert\(bookings\)/.test(source)) return true;
      // Every update of bookings: its .set({...}) must not name status or cancelReason.
      return [...source.matchAll(/update\(bookings\)\s*\.set\(([^)]*)\)/g)].some((m) => /\b(status|cancelReason)\b/.test(m[1]!));
    });
    expect(offenders).toEqual([]);
  });
});
