// Passing freed spots to the waitlist. Whenever spots may have freed up (a cancellation, an expired hold, a
// declined or expired offer, a raised capacity), `passOnFreedSpots` expires what is due and offers the free
// spots, in one write transaction, to the first waiting entries whose quantity fits: each offer is a booking
// in the 'offered' state holding those spots until the offer ends, so nobody else can take them. The offer
// emails go out after the transaction, each exactly once (claimed on offer_notified_at).
import { and, asc, eq, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, classes, users, waitlistEntries } from '../../db/schema';
import { applyTransition } from '../bookings/lifecycle';
import { expireHolds } from '../bookings/holds';
import { activeBookingOf, spotsTaken } from '../bookings/queries';
import { liveClass } from '../classes/live';
import { isBookable } from '../classes/shape';
import type { AppContext } from '../context';
import { priceBreakdown } from '../lib/money';
import { sendOfferEmail } from './emails';
import { moveEntry, openEntry } from './entries';

/** An offer holds its spots this long... */
export const OFFER_HOURS = 2;
/** ...but always ends this long before the class starts, so an accepted offer leaves time to get there. */
export const OFFER_ENDS_BEFORE_START_MINUTES = 30;

/** When an offer made now ends, or null when it is too late for offers (the class starts within 30 minutes). */
export function offerDeadline(now: Date, classStart: Date | null): Date | null {
  if (!classStart) return null;
  const end = Math.min(now.getTime() + OFFER_HOURS * 3_600_000, classStart.getTime() - OFFER_ENDS_BEFORE_START_MINUTES * 60_000);
  return end > now.getTime() ? new Date(end) : null;
}

/** Offers whose deadline has passed end: the offered booking expires and the entry with it. Answers the
 * classes whose spots came free. */
export async function expireOffers(tx: Tx, now: Date, where: { classId?: number } = {}): Promise<number[]> {
  const filters: SQL[] = [eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)];
  if (where.classId !== undefined) filters.push(eq(waitlistEntries.classId, where.classId));
  const due = await tx.select().from(waitlistEntries).where(and(...filters));
  for (const entry of due) {
    if (entry.bookingId !== null) await applyTransition(tx, { id: entry.bookingId }, 'expireOffer', 'system', { cancelledAt: now, holdExpiresAt: null });
    await moveEntry(tx, entry, 'expire', 'system', { endedAt: now });
  }
  return [...new Set(due.map((entry) => entry.classId))];
}

/** Offers the class's free spots to its waiting entries in the order they joined, skipping entries that need
 * more spots than are free. Answers the ids of the entries offered. */
export async function fillOffers(tx: Tx, classId: number, now: Date): Promise<number[]> {
  const cls = await tx.select().from(classes).where(liveClass(classId)).get();
  if (!cls || !isBookable(cls)) return [];
  const deadline = offerDeadline(now, cls.startTime);
  if (!deadline) return [];
  let free = cls.capacity - (await spotsTaken(tx, classId, now));
  if (free <= 0) return [];
  const waiting = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.classId, classId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.id));
  const offered: number[] = [];
  for (const entry of waiting) {
    if (free <= 0) break;
    if (entry.quantity > free) continue;
    // Booked the class another way since joining: the entry has done its job.
    if (await activeBookingOf(tx, entry.userId, classId)) {
      await moveEntry(tx, entry, 'leave', 'system', { endedAt: now });
      continue;
    }
    const price = priceBreakdown(cls.priceCents, entry.quantity);
    const hold = await applyTransition(tx, 'new', 'offerSpots', 'system', {
      classId,
      userId: entry.userId,
      quantity: entry.quantity,
      subtotalCents: price.subtotalCents,
      serviceFeeCents: price.serviceFeeCents,
      amountCents: price.totalCents,
      holdExpiresAt: deadline,
    });
    await moveEntry(tx, entry, 'offer', 'system', { bookingId: hold.id, offeredAt: now, offerExpiresAt: deadline, offerNotifiedAt: null });
    free -= entry.quantity;
    offered.push(entry.id);
  }
  return offered;
}

/** Expires what is due on the class and offers its free spots, then emails the new offers. */
export async function passOnFreedSpots(ctx: AppContext, classId: number): Promise<number[]> {
  const now = ctx.clock.now();
  const offered = await ctx.db.write(async (tx) => {
    await expireHolds(tx, now, { classId });
    await expireOffers(tx, now, { classId });
    return fillOffers(tx, classId, now);
  });
  if (offered.length > 0) await notifyNewOffers(ctx);
  return offered;
}

/** The timed sweep (api/background.ts): expires every offer past its deadline and fills every class that has
 * people waiting (holds also run out with nobody touching their class). */
export async function sweepWaitlists(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.write((tx) => expireOffers(tx, now));
  const waiting = await ctx.db
    .selectDistinct({ classId: waitlistEntries.classId })
    .from(waitlistEntries)
    .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
    .where(and(eq(waitlistEntries.status, 'waiting'), isNull(classes.deletedAt)));
  for (const { classId } of waiting) {
    await ctx.db.write(async (tx) => {
      await expireHolds(tx, now, { classId });
      await fillOffers(tx, classId, now);
    });
  }
  await notifyNewOffers(ctx);
}

/** Emails every offer not yet announced. Each is claimed with a conditional UPDATE first, so however many
 * processes call this at once, each offer email goes out once. */
export async function notifyNewOffers(ctx: AppContext): Promise<void> {
  const pending = await ctx.db
    .select({ entry: waitlistEntries, cls: classes, user: { email: users.email, firstName: users.firstName }, amountCents: bookings.amountCents })
    .from(waitlistEntries)
    .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .innerJoin(bookings, eq(bookings.id, waitlistEntries.bookingId))
    .where(and(eq(waitlistEntries.status, 'offered'), isNull(waitlistEntries.offerNotifiedAt)));
  for (const { entry, cls, user, amountCents } of pending) {
    const claimed = await ctx.db.write((tx) =>
      tx
        .update(waitlistEntries)
        .set({ offerNotifiedAt: ctx.clock.now() })
        .where(and(eq(waitlistEntries.id, entry.id), isNull(waitlistEntries.offerNotifiedAt), inArray(waitlistEntries.status, ['offered'])))
        .returning({ id: waitlistEntries.id }),
    );
    if (claimed.length === 1) await sendOfferEmail(ctx, entry, cls, user, amountCents);
  }
}

/** The classes are going away (deleted): everyone still waiting for them leaves the waitlist. */
export async function closeWaitlists(ctx: AppContext, classIds: number[]): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.write(async (tx) => {
    const open = await tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(and(inArray(waitlistEntries.classId, classIds), openEntry));
    for (const entry of open) await moveEntry(tx, entry, 'leave', 'system', { endedAt: now });
  });
}
