// The waitlist routes' workflows: join a full class, leave it, list one's entries, and answer an offer.
// Every check and write happens in one serialized write transaction (ctx.db.write) with the capacity read,
// and every status change goes through the two lifecycles (api/spots/booking-states.ts, api/spots/entry-states.ts).
import { and, count, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { bookings, classes, waitlistEntries } from '../../db/schema';
import { attendeesOfBooking, checkAttendees, saveAttendees } from '../spots/attendees';
import type { SessionUser } from '../auth/session';
import { sendBookingConfirmation } from '../bookings/emails';
import { applyTransition } from '../spots/booking-states';
import { hasStarted, holdExpiry } from '../spots/policy';
import { ALREADY_BOOKED, activeBookingOf, OFFER_OPEN, loadBookableClass, refusingDuplicates } from '../bookings/queries';
import { spotsTaken } from '../spots/taken';
import { type BookingRow, type ClassRow, toBookingClassJson, toBookingJson } from '../bookings/shape';
import type { AppContext } from '../context';
import { conflict, forbidden, hasCode, notFound } from '../errors';
import { centsToDollars } from '../lib/money';
import type { PageRequest } from '../lib/pagination';
import { spotCount } from '../lib/plural';
import { openIntent } from '../payments/service';
import { type EntryRow, moveEntry, openEntry } from '../spots/entry-states';
import type { AcceptAnswer, AcceptOfferBody, JoinWaitlistBody, WaitlistEntry } from './model';
import { passOnFreedSpots, writeBookingSpots, writeFreeingSpots } from './offers';

const ALREADY_WAITING = 'You are already on the waitlist for this class.';
const SPOTS_AVAILABLE = 'Spots are available in this class: book them instead of joining the waitlist.';
const OFFER_EXPIRED = 'This offer has expired, so the spots went to the next person on the waitlist.';
const CLASS_STARTED = 'This class has already started and can no longer be booked.';
const NOT_ON_WAITLIST = 'You are not on the waitlist for this class.';

/** Place in line: 1 + the entries of the class still waiting that joined earlier; null once no longer waiting.
 * A column, so a list reads every entry's place in its one query. */
// Written out with the table name: drizzle leaves columns unqualified in a one-table select, where they would
// resolve to the subquery's own alias.
const positionColumn = sql<number | null>`case when waitlist_entries.status = 'waiting' then 1 + (select count(*) from waitlist_entries ahead where ahead.class_id = waitlist_entries.class_id and ahead.status = 'waiting' and ahead.id < waitlist_entries.id) end`;

async function positionOf(db: Database | Tx, entry: EntryRow): Promise<number | null> {
  const row = await db.select({ position: positionColumn }).from(waitlistEntries).where(eq(waitlistEntries.id, entry.id)).get();
  return row?.position == null ? null : Number(row.position);
}

function toEntryJson(entry: EntryRow, cls: ClassRow, position: number | null, booking: Pick<BookingRow, 'amountCents'> | null): WaitlistEntry {
  return {
    id: entry.id,
    classId: entry.classId,
    quantity: entry.quantity,
    position,
    status: entry.status,
    offeredAt: entry.offeredAt?.toISOString() ?? null,
    offerExpiresAt: entry.status === 'offered' ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
    amount: booking ? centsToDollars(booking.amountCents) : null,
    bookingId: entry.bookingId,
    createdAt: entry.createdAt.toISOString(),
    class: toBookingClassJson(cls),
  };
}

/** POST /api/classes/{id}/waitlist: only for a class without enough spots left for the quantity. */
export async function joinWaitlist(ctx: AppContext, user: SessionUser, classId: number, input: JoinWaitlistBody): Promise<WaitlistEntry> {
  const now = ctx.clock.now();
  const { entry, cls, position } = await refusingDuplicates(
    () =>
      writeBookingSpots(ctx, classId, async (tx) => {
        const cls = await loadBookableClass(tx, classId, user, now);
        const booked = await activeBookingOf(tx, user.id, classId);
        if (booked) throw conflict(booked.status === 'offered' ? OFFER_OPEN : ALREADY_BOOKED);
        if (await tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(and(eq(waitlistEntries.userId, user.id), eq(waitlistEntries.classId, classId), openEntry)).get()) {
          throw conflict(ALREADY_WAITING);
        }
        if (input.quantity > cls.capacity) throw conflict(`This class has ${spotCount(cls.capacity)} in all, so a waitlist place for ${input.quantity} could never be offered.`);
        if (cls.capacity - (await spotsTaken(tx, classId, now)) >= input.quantity) throw conflict(SPOTS_AVAILABLE);
        const [entry] = await tx.insert(waitlistEntries).values({ classId, userId: user.id, quantity: input.quantity }).returning();
        return { entry: entry!, cls, position: await positionOf(tx, entry!) };
      }),
    ALREADY_WAITING,
  );
  return toEntryJson(entry, cls, position, null);
}

/** DELETE /api/classes/{id}/waitlist: leaves the caller's open entry; an offer held for it is passed on. */
export async function leaveWaitlist(ctx: AppContext, user: SessionUser, classId: number): Promise<WaitlistEntry> {
  const now = ctx.clock.now();
  const left = await writeFreeingSpots(ctx, [classId], async (tx) => {
    const entry = await tx.select().from(waitlistEntries).where(and(eq(waitlistEntries.userId, user.id), eq(waitlistEntries.classId, classId), openEntry)).get();
    if (!entry) throw notFound(NOT_ON_WAITLIST);
    if (entry.status === 'offered' && entry.bookingId !== null) await applyTransition(tx, { id: entry.bookingId }, 'declineOffer', 'customer', { cancelledAt: now, holdExpiresAt: null });
    const moved = await moveEntry(tx, entry, 'leave', 'customer', { endedAt: now });
    if (!moved) throw conflict('This waitlist entry changed meanwhile. Please reload the page.');
    return moved;
  });
  return entryJson(ctx.db, left);
}

async function entryJson(db: Database, entry: EntryRow): Promise<WaitlistEntry> {
  const cls = (await db.select().from(classes).where(eq(classes.id, entry.classId)).get())!;
  const booking = entry.bookingId === null ? null : ((await db.select().from(bookings).where(eq(bookings.id, entry.bookingId)).get()) ?? null);
  return toEntryJson(entry, cls, await positionOf(db, entry), booking);
}

/** GET /api/waitlist: one page of the caller's entries (one class's with `classId`; without the left ones if
 * asked), open ones first, then the newest, after expiring the caller's offers that are due. */
export async function listWaitlist(ctx: AppContext, user: SessionUser, filter: { classId?: number; includeLeft?: boolean }, page: PageRequest): Promise<{ rows: WaitlistEntry[]; total: number }> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ classId: waitlistEntries.classId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, user.id), eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)));
  for (const { classId } of due) await passOnFreedSpots(ctx, { classId });
  const where = and(
    eq(waitlistEntries.userId, user.id),
    filter.classId === undefined ? undefined : eq(waitlistEntries.classId, filter.classId),
    filter.includeLeft === false ? ne(waitlistEntries.status, 'left') : undefined,
  );
  const [counted] = await ctx.db.select({ total: count() }).from(waitlistEntries).where(where);
  const rows = await ctx.db
    .select({ entry: waitlistEntries, cls: classes, booking: bookings, position: positionColumn })
    .from(waitlistEntries)
    .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
    .leftJoin(bookings, eq(bookings.id, waitlistEntries.bookingId))
    .where(where)
    // Open entries first (the ones to act on), then the newest.
    .orderBy(sql`${waitlistEntries.status} in ('waiting', 'offered') desc`, desc(waitlistEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: rows.map(({ entry, cls, booking, position }) => toEntryJson(entry, cls, position === null ? null : Number(position), booking)),
    total: counted?.total ?? 0,
  };
}

/** The caller's entry holding an open offer, or the reason it cannot be answered. */
async function offeredEntry(tx: Tx, user: SessionUser, entryId: number, now: Date): Promise<EntryRow> {
  const entry = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).get();
  if (!entry) throw notFound('Waitlist entry not found.');
  if (entry.userId !== user.id) throw forbidden('You can only answer your own waitlist offers.');
  if (entry.status === 'waiting') throw conflict('No spots have been offered to you yet: you are still waiting.');
  if (entry.status === 'expired' || (entry.status === 'offered' && entry.offerExpiresAt! <= now)) throw conflict(OFFER_EXPIRED, 'offer_expired');
  if (entry.status !== 'offered' || entry.bookingId === null) throw conflict('This offer has already been answered.');
  return entry;
}

/** POST /api/waitlist/{id}/accept: a free class is booked at once; a paid class turns the held spots into the
 * payment hold at the offered amount and answers the intent for checkout. The attendees follow the booking
 * rule: a free class needs them as booking it does (each child's age in a Kids class); a paid one may name
 * them at checkout. An offer past its deadline is refused (and passed on): an accept and the expiry never
 * both win. */
export async function acceptOffer(ctx: AppContext, user: SessionUser, entryId: number, input: AcceptOfferBody): Promise<AcceptAnswer> {
  const now = ctx.clock.now();
  const accepted = await ctx.db
    .write(async (tx) => {
      const entry = await offeredEntry(tx, user, entryId, now);
      const cls = (await tx.select().from(classes).where(eq(classes.id, entry.classId)).get())!;
      // Offers end 30 minutes before the start (moves re-time them too); this holds whatever a deadline says.
      if (hasStarted(cls.startTime, now)) throw conflict(CLASS_STARTED);
      // The offer's own amount decides, not today's price: a re-priced offer carries the new one
      // (repriceOffers), so what is paid is what is recorded.
      const offered = await tx.select({ amountCents: bookings.amountCents }).from(bookings).where(eq(bookings.id, entry.bookingId!)).get();
      const free = (offered?.amountCents ?? 0) === 0;
      const attendees = free || input?.attendees ? checkAttendees(input?.attendees, entry.quantity, cls.ageGroup, user) : null;
      const booking =
        free
          ? await applyTransition(tx, { id: entry.bookingId! }, 'acceptFreeOffer', 'customer', { confirmedAt: now, holdExpiresAt: null })
          : await applyTransition(tx, { id: entry.bookingId! }, 'acceptPaidOffer', 'customer', {
              // The payment hold keeps the offer's deadline, or the usual 15 minutes when accepted close to it.
              holdExpiresAt: new Date(Math.max(entry.offerExpiresAt!.getTime(), holdExpiry(now).getTime())),
            });
      const moved = booking && (await moveEntry(tx, entry, 'accept', 'customer', { endedAt: now }));
      if (!booking || !moved) throw conflict(OFFER_EXPIRED, 'offer_expired');
      if (attendees) await saveAttendees(tx, booking.id, attendees);
      return { entry: moved, booking, cls, free };
    })
    .catch(async (error) => {
      // Refused because the deadline passed: pass the spots on now rather than at the next sweep.
      if (hasCode(error, 'offer_expired')) await expireAndPassOn(ctx, entryId);
      throw error;
    });
  const { entry, booking, cls, free } = accepted;
  if (free) {
    await sendBookingConfirmation(ctx, booking, cls, user);
    return { entry: toEntryJson(entry, cls, null, booking), booking: toBookingJson(booking, cls, now, await attendeesOfBooking(ctx.db, booking)), payment: null, checkoutUrl: null };
  }
  // The intent is for the hold the offer became, at the amount stored with the offer.
  const payment = await openIntent(ctx, user, { booking, cls, reused: false, replacedIntentId: null });
  const held = (await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id)).get())!;
  return {
    entry: toEntryJson(entry, cls, null, booking),
    booking: toBookingJson(held, cls, now, await attendeesOfBooking(ctx.db, held)),
    payment,
    checkoutUrl: `/checkout/${cls.id}?quantity=${booking.quantity}`,
  };
}

async function expireAndPassOn(ctx: AppContext, entryId: number): Promise<void> {
  const entry = await ctx.db.select({ classId: waitlistEntries.classId }).from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).get();
  if (entry) await passOnFreedSpots(ctx, { classId: entry.classId });
}

/** POST /api/waitlist/{id}/decline: the held spots pass to the next in line at once. */
export async function declineOffer(ctx: AppContext, user: SessionUser, entryId: number): Promise<WaitlistEntry> {
  const now = ctx.clock.now();
  const declined = await writeFreeingSpots(
    ctx,
    (entry: EntryRow) => [entry.classId],
    async (tx) => {
      const entry = await offeredEntry(tx, user, entryId, now);
      await applyTransition(tx, { id: entry.bookingId! }, 'declineOffer', 'customer', { cancelledAt: now, holdExpiresAt: null });
      const moved = await moveEntry(tx, entry, 'decline', 'customer', { endedAt: now });
      if (!moved) throw conflict('This offer has already been answered.');
      return moved;
    },
  ).catch(async (error) => {
    if (hasCode(error, 'offer_expired')) await expireAndPassOn(ctx, entryId);
    throw error;
  });
  return entryJson(ctx.db, declined);
}
