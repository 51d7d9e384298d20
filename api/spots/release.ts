// Holds, offers and releases: passing freed spots to the waitlist. Spots free up with a cancellation, an expired hold, a declined or
// expired offer, or a raised capacity; `releaseDueSpots` expires what is due and offers the free spots to the
// first waiting entries whose quantity fits, INSIDE the write transaction that freed them (or that is about to
// book them), so nobody can book spots the people waiting are owed. Each offer is a booking in the 'offered'
// state holding those spots until the offer ends. The offer emails go out after the transaction commits
// (ctx.announceOffers: api/notices/waitlist-emails.ts), each exactly once (claimed here on offer_notified_at).
import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, classes, users, waitlistEntries } from '../../db/schema';
import { priceBreakdown } from '../../common/money';
import { activeBookingOf } from './bookable';
import { applyTransition, inStates, isIn } from './booking-states';
import { isBookable, liveClass } from './classes';
import type { SpotsContext } from './context';
import { entryIn, type EntryRow, moveEntry, openEntry } from './entry-states';
import { offerDeadline, OFFER_ENDS_BEFORE_START_MINUTES } from './policy';
import { expireHolds } from './expiry';
import { answerOffer, offerSpots } from './moves';
import { spotsTaken, TIMED_STATES } from './taken';

/** In the write that moves a class to `start`: its open offers and its payment holds (an accepted paid offer's
 * too) end 30 minutes before the new start, the contract's window for getting there. One whose new end has
 * already passed ends now: the caller's releaseDueSpots expires it and passes the spots on. Deadlines only ever
 * move earlier: a class moved later keeps what it promised. Answers the payment intents of the holds that end
 * now, for the caller to cancel at the provider once this write commits (a payment that still lands is settled
 * as any late payment is, ./settlement.ts). */
export async function retimeForMove(tx: Tx, classId: number, start: Date, now: Date): Promise<string[]> {
  const end = new Date(Math.max(now.getTime(), start.getTime() - OFFER_ENDS_BEFORE_START_MINUTES * 60_000));
  const offered = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.classId, classId), entryIn(['offered']), gt(waitlistEntries.offerExpiresAt, end)));
  for (const entry of offered) {
    await tx.update(waitlistEntries).set({ offerExpiresAt: end }).where(eq(waitlistEntries.id, entry.id));
    if (entry.bookingId !== null) {
      await tx
        .update(bookings)
        .set({ holdExpiresAt: end })
        .where(and(eq(bookings.id, entry.bookingId), inStates(['offered']), gt(bookings.holdExpiresAt, end)));
    }
  }
  const cut = await tx
    .update(bookings)
    .set({ holdExpiresAt: end })
    .where(and(eq(bookings.classId, classId), inStates(['hold']), gt(bookings.holdExpiresAt, end)))
    .returning({ paymentIntentId: bookings.paymentIntentId });
  const endsNow = end.getTime() <= now.getTime();
  return endsNow ? cut.flatMap((hold) => (hold.paymentIntentId ? [hold.paymentIntentId] : [])) : [];
}

/** In the write that changes a class's price: each open (not yet accepted) offer is re-offered at the new price
 * (its amount recomputed, its email to go out again with the next announcement), keeping its deadline. An accepted
 * offer waiting for payment keeps the amount it was accepted at, as any checkout hold does: either way the
 * amount paid, recorded and refunded is one number. Answers whether any offer was re-priced. */
export async function repriceOffers(tx: Tx, classId: number, priceCents: number): Promise<boolean> {
  const open = await tx
    .select({ entry: waitlistEntries, amountCents: bookings.amountCents })
    .from(waitlistEntries)
    .innerJoin(bookings, eq(bookings.id, waitlistEntries.bookingId))
    .where(and(eq(waitlistEntries.classId, classId), entryIn(['offered']), inStates(['offered'])));
  let repriced = false;
  for (const { entry, amountCents } of open) {
    const price = priceBreakdown(priceCents, entry.quantity);
    if (price.totalCents === amountCents) continue;
    await tx
      .update(bookings)
      .set({ subtotalCents: price.subtotalCents, serviceFeeCents: price.serviceFeeCents, amountCents: price.totalCents })
      .where(and(eq(bookings.id, entry.bookingId!), inStates(['offered'])));
    await tx
      .update(waitlistEntries)
      .set({ offerNotifiedAt: null })
      .where(and(eq(waitlistEntries.id, entry.id), entryIn(['offered'])));
    repriced = true;
  }
  return repriced;
}

/** Which due holds and offers to release: one class's, one customer's, or (empty) all. */
export interface DueWhere {
  classId?: number;
  userId?: number;
}

/** Offers whose deadline has passed end: the offered booking expires and the entry with it. Answers the
 * classes whose spots came free. */
async function expireOffers(tx: Tx, now: Date, where: DueWhere = {}): Promise<number[]> {
  const filters: SQL[] = [entryIn(['offered']), lte(waitlistEntries.offerExpiresAt, now)];
  if (where.classId !== undefined) filters.push(eq(waitlistEntries.classId, where.classId));
  if (where.userId !== undefined) filters.push(eq(waitlistEntries.userId, where.userId));
  const due = await tx
    .select()
    .from(waitlistEntries)
    .where(and(...filters));
  for (const entry of due) await answerOffer(tx, entry, 'expire', now);
  return [...new Set(due.map((entry) => entry.classId))];
}

/** Offers the class's free spots to its waiting entries in the order they joined, skipping entries that need
 * more spots than are free. Answers the ids of the entries offered. */
async function fillOffers(tx: Tx, classId: number, now: Date): Promise<number[]> {
  // The line first: most classes have nobody waiting, and then this costs one read (a booking's group runs it).
  const waiting = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.classId, classId), entryIn(['waiting'])))
    .orderBy(asc(waitlistEntries.id));
  if (waiting.length === 0) return [];
  const cls = await tx.select().from(classes).where(liveClass(classId)).get();
  if (!cls || !isBookable(cls)) return [];
  const deadline = offerDeadline(now, cls.startTime);
  if (!deadline) return [];
  let free = cls.capacity - (await spotsTaken(tx, classId, now));
  if (free <= 0) return [];
  const offered: number[] = [];
  for (const entry of waiting) {
    if (free <= 0) break;
    if (entry.quantity > free) continue;
    // Booked the class another way since joining: a confirmed booking ends the entry (as its confirmation
    // does, for entries older than that rule); a payment hold skips it but keeps the place, should the
    // person not pay.
    const booked = await activeBookingOf(tx, entry.userId, classId);
    if (booked && isIn(booked, ['confirmed'])) await moveEntry(tx, entry, 'leave', 'system', { endedAt: now });
    if (booked) continue;
    await offerSpots(tx, entry, cls.priceCents, deadline, now);
    free -= entry.quantity;
    offered.push(entry.id);
  }
  return offered;
}

/** In the caller's write transaction: expires the due holds and offers, and offers the free spots of their
 * classes (and of `where.classId`) to the waitlist. Answers the ids of the entries offered; they are announced
 * once the transaction has committed (ctx.announceOffers). */
async function releaseDueSpots(tx: Tx, now: Date, where: DueWhere = {}): Promise<number[]> {
  const classIds = new Set([...(await expireHolds(tx, now, where)), ...(await expireOffers(tx, now, where))]);
  if (where.classId !== undefined) classIds.add(where.classId);
  const offered: number[] = [];
  for (const classId of classIds) offered.push(...(await fillOffers(tx, classId, now)));
  return offered;
}

/** Of `classIds`, the classes releaseDueSpots has anything to do for: a hold or an offer past its end, or somebody
 * waiting. For the others it would only read that there is nothing, three statements each, which for a group of
 * bookings across many classes cost a third of the group's time under the write lock (issue 23): two reads here
 * answer for the whole group. */
async function classesWithSpotsDue(tx: Tx, classIds: number[], now: Date): Promise<number[]> {
  if (classIds.length === 0) return [];
  const [timed, lined] = [
    await tx
      .selectDistinct({ classId: bookings.classId })
      .from(bookings)
      .where(and(inArray(bookings.classId, classIds), inStates(TIMED_STATES), lte(bookings.holdExpiresAt, now))),
    await tx
      .selectDistinct({ classId: waitlistEntries.classId })
      .from(waitlistEntries)
      .where(
        and(
          inArray(waitlistEntries.classId, classIds),
          or(entryIn(['waiting']), and(entryIn(['offered']), lte(waitlistEntries.offerExpiresAt, now))),
        ),
      ),
  ];
  const due = new Set([...timed, ...lined].map((row) => row.classId));
  return classIds.filter((classId) => due.has(classId));
}

/** Releases what is due (see releaseDueSpots) in a write of its own, then announces the new offers. */
export async function passOnFreedSpots(ctx: SpotsContext, where: DueWhere = {}): Promise<number[]> {
  const now = ctx.clock.now();
  const offered = await ctx.db.write((tx) => releaseDueSpots(tx, now, where));
  if (offered.length > 0) await ctx.announceOffers?.();
  return offered;
}

/** The writes of a group (writeBookingSpotsTogether): the classes whose spots they book, and the work, which
 * answers each write's own outcome (./book.ts runs each in a savepoint: settleInSavepoint). */
export interface GroupedWrites<T> {
  classIds: number[];
  run: (tx: Tx) => Promise<PromiseSettledResult<T>[]>;
}

/** Group commit: many writes that book spots, in ONE transaction (the database's fixed cost per transaction, and
 * the write lock's hand-over between processes, shared). `collect` runs once the transaction has begun, so the
 * group is everything that queued while the previous one ran. Each class's due spots go to the waitlist first
 * (as writeBookingSpots does), then the group's work runs, each write with its own answer. The outcomes are
 * answered after the one COMMIT; when the transaction itself fails, every write of the group fails with it. */
export async function writeBookingSpotsTogether<T>(ctx: SpotsContext, collect: () => GroupedWrites<T>): Promise<PromiseSettledResult<T>[]> {
  const now = ctx.clock.now();
  let classIds: number[] = [];
  let offered = 0;
  let outcomes: PromiseSettledResult<T>[];
  try {
    outcomes = await ctx.db.write(async (tx) => {
      const group = collect();
      classIds = [...new Set(group.classIds)];
      for (const classId of await classesWithSpotsDue(tx, classIds, now)) offered += (await releaseDueSpots(tx, now, { classId })).length;
      return group.run(tx);
    });
  } catch (error) {
    if (offered > 0) for (const classId of classIds) await passOnFreedSpots(ctx, { classId });
    throw error;
  }
  if (offered > 0) await ctx.announceOffers?.();
  return outcomes;
}

/** Runs one write of a group in its own savepoint: its refusal (or failure) rolls back only its own changes and
 * is answered as its outcome, while the writes before and after it stand. */
export async function settleInSavepoint<T>(tx: Tx, work: (savepoint: Tx) => Promise<T>): Promise<PromiseSettledResult<T>> {
  try {
    return { status: 'fulfilled', value: await tx.transaction((savepoint) => work(savepoint)) };
  } catch (reason) {
    return { status: 'rejected', reason };
  }
}

/** A write that books spots of a class (a free booking, a payment hold, joining the waitlist): the class's due
 * spots are first offered to the waitlist in the same transaction, so what the write then finds free is
 * really free. When the write refuses, its rollback undid those offers too: they are made again on their own,
 * so the people waiting hear at once. */
export async function writeBookingSpots<T>(ctx: SpotsContext, classId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  const now = ctx.clock.now();
  let offered = 0;
  let result: T;
  try {
    result = await ctx.db.write(async (tx) => {
      offered = (await releaseDueSpots(tx, now, { classId })).length;
      return work(tx);
    });
  } catch (error) {
    if (offered > 0) await passOnFreedSpots(ctx, { classId });
    throw error;
  }
  if (offered > 0) await ctx.announceOffers?.();
  return result;
}

/** A write that frees spots (a cancellation, a declined or left offer, a raised capacity): the spots are
 * offered to the waitlist in the same transaction, before anyone else can book them, and emailed after it
 * commits. `classIds` names the classes, or reads them from the write's result. */
export async function writeFreeingSpots<T>(
  ctx: SpotsContext,
  classIds: number[] | ((result: T) => number[]),
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const now = ctx.clock.now();
  const { result, offered } = await ctx.db.write(async (tx) => {
    const result = await work(tx);
    const offered: number[] = [];
    for (const classId of typeof classIds === 'function' ? classIds(result) : classIds)
      offered.push(...(await releaseDueSpots(tx, now, { classId })));
    return { result, offered };
  });
  if (offered.length > 0) await ctx.announceOffers?.();
  return result;
}

/** The timed sweep (api/background.ts): releases every hold and offer past its end, and fills every class that
 * has people waiting (spots also free up with nobody writing: a hold that merely ran out). */
export async function sweepWaitlists(ctx: SpotsContext): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.write((tx) => releaseDueSpots(tx, now));
  const waiting = await ctx.db
    .selectDistinct({ classId: waitlistEntries.classId })
    .from(waitlistEntries)
    .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
    .where(and(entryIn(['waiting']), isNull(classes.deletedAt)));
  for (const { classId } of waiting) await ctx.db.write((tx) => releaseDueSpots(tx, now, { classId }));
  await ctx.announceOffers?.();
}

/** The offers not yet announced, each with its class, person and amount. */
export function unannouncedOffers(ctx: SpotsContext) {
  return ctx.db
    .select({
      entry: waitlistEntries,
      cls: classes,
      user: { email: users.email, firstName: users.firstName },
      amountCents: bookings.amountCents,
    })
    .from(waitlistEntries)
    .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .innerJoin(bookings, eq(bookings.id, waitlistEntries.bookingId))
    .where(and(entryIn(['offered']), isNull(waitlistEntries.offerNotifiedAt)));
}

/** Claims one offer's announcement with a conditional UPDATE: however many processes try at once, one wins
 * (true), so each offer email goes out once. */
export async function claimOfferAnnouncement(ctx: SpotsContext, entry: Pick<EntryRow, 'id'>): Promise<boolean> {
  const claimed = await ctx.db.write((tx) =>
    tx
      .update(waitlistEntries)
      .set({ offerNotifiedAt: ctx.clock.now() })
      .where(and(eq(waitlistEntries.id, entry.id), isNull(waitlistEntries.offerNotifiedAt), entryIn(['offered'])))
      .returning({ id: waitlistEntries.id }),
  );
  return claimed.length === 1;
}

/** The classes are going away (deleted): everyone still waiting for them (or holding an offer) leaves the
 * waitlist in one write. Answers the entries this call ended, with class and person, for the caller to tell
 * each one once (an entry another call ended first is not this call's to announce). */
export async function closeWaitlists(ctx: SpotsContext, classIds: number[]) {
  const now = ctx.clock.now();
  return ctx.db.write(async (tx) => {
    const open = await tx
      .select({ entry: waitlistEntries, cls: classes, user: { email: users.email, firstName: users.firstName } })
      .from(waitlistEntries)
      .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
      .innerJoin(users, eq(users.id, waitlistEntries.userId))
      .where(and(inArray(waitlistEntries.classId, classIds), openEntry));
    const ended: typeof open = [];
    for (const row of open) if (await moveEntry(tx, row.entry, 'leave', 'system', { endedAt: now })) ended.push(row);
    return ended;
  });
}
