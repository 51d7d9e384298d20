// The waitlist entry's own small state machine, beside the booking lifecycle it drives: an entry waits, is
// offered spots, and ends accepted, declined, expired or left. `moveEntry` is the only writer of
// waitlist_entries.status: a conditional UPDATE ... WHERE status IN (from), so an accept and an expiry that
// race can never both win.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type WaitlistStatus, waitlistEntries } from '../../db/schema';
import type { Actor, BookingRow } from './booking-states';
import { forbidden } from '../errors';

export type EntryRow = typeof waitlistEntries.$inferSelect;

interface EntryTransition {
  from: readonly WaitlistStatus[];
  to: WaitlistStatus;
  by: readonly Actor[];
  why: string;
}

const ENTRY_TRANSITIONS = {
  offer: {
    from: ['waiting'],
    to: 'offered',
    by: ['system'],
    why: 'Spots freed up and this is the first waiting entry they fit: they are held for it.',
  },
  accept: {
    from: ['offered'],
    to: 'accepted',
    by: ['customer'],
    why: 'The person said yes before the deadline: a booking (free) or checkout (paid) follows.',
  },
  decline: { from: ['offered'], to: 'declined', by: ['customer'], why: 'The person said no: the spots pass to the next in line.' },
  expire: {
    from: ['offered'],
    to: 'expired',
    by: ['system'],
    why: 'The deadline passed without an answer: the spots pass to the next in line.',
  },
  leave: {
    from: ['waiting', 'offered'],
    to: 'left',
    by: ['customer', 'system'],
    why: 'The person left the waitlist (or booked the class another way, or the class went away).',
  },
} as const satisfies Record<string, EntryTransition>;

export type EntryTransitionName = keyof typeof ENTRY_TRANSITIONS;
export type EntryPatch = Partial<Pick<EntryRow, 'bookingId' | 'offeredAt' | 'offerExpiresAt' | 'offerNotifiedAt' | 'endedAt'>>;

/** SQL condition: the entry is in one of these states. */
export function entryIn(states: readonly WaitlistStatus[]): SQL {
  return inArray(waitlistEntries.status, [...states]);
}

/** Is this entry, already read, in one of these states? */
export function entryIs(entry: Pick<EntryRow, 'status'>, states: readonly WaitlistStatus[]): boolean {
  return states.includes(entry.status);
}

/** Open entries: still waiting, or holding an offer. */
export const OPEN_ENTRY_STATES: readonly WaitlistStatus[] = ['waiting', 'offered'];
export const openEntry: SQL = entryIn(OPEN_ENTRY_STATES);

/** Moves one entry if it is still in a state the transition starts from; null when someone else moved it first. */
export async function moveEntry(
  tx: Tx,
  entry: Pick<EntryRow, 'id'>,
  name: EntryTransitionName,
  actor: Actor,
  patch: EntryPatch = {},
): Promise<EntryRow | null> {
  const rule: EntryTransition = ENTRY_TRANSITIONS[name];
  if (!rule.by.includes(actor)) throw forbidden('You are not allowed to change this waitlist entry.');
  const [row] = await tx
    .update(waitlistEntries)
    .set({ ...patch, status: rule.to })
    .where(and(eq(waitlistEntries.id, entry.id), inArray(waitlistEntries.status, [...rule.from])))
    .returning();
  return row ?? null;
}

/** The person's booking of the class was just confirmed (booked free, or paid for): in the same write, their
 * place in line has done its job and ends, so it is neither offered spots nor listed as waiting. Only a
 * waiting entry can be open then: an offer is itself an active booking, and a class takes one per person
 * (accepting it ends the entry as accepted). */
export async function leaveOnceBooked(tx: Tx, booking: Pick<BookingRow, 'userId' | 'classId'>, now: Date): Promise<void> {
  const waiting = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, booking.userId), eq(waitlistEntries.classId, booking.classId), entryIn(['waiting'])))
    .get();
  if (waiting) await moveEntry(tx, waiting, 'leave', 'system', { endedAt: now });
}
