// The waitlist routes' workflows: join a full class, leave it, list one's entries, and answer an offer.
// Every check and write happens in one serialized write transaction (ctx.db.write) with the capacity read,
// and an offer's booking and entry always move together (api/spots/moves.ts answerOffer).
import { and, count, desc, eq, lte, not, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { bookings, classes, waitlistEntries } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, conflict, forbidden, hasCode, notFound } from '../errors';
import { centsToDollars } from '../../common/money';
import type { PageRequest } from '../../common/pagination';
import { spotCount } from '../../common/plural';
import { sendOutboxSoon } from '../notices/outbox';
import { attendeesOfBooking, checkAttendees, saveAttendees } from '../spots/attendees';
import { activeBookingOf, loadBookableClass, refuseIfBooked, refusingDuplicates } from '../spots/bookable';
import { queueConfirmations } from '../spots/confirmations';
import { type EntryRow, entryIn, entryIs, OPEN_ENTRY_STATES, openEntry } from '../spots/entry-states';
import { answerOffer, OFFER_ANSWERED, OFFER_EXPIRED } from '../spots/moves';
import { planCredits, spendCredits } from '../spots/pass-credits';
import { hasStarted } from '../spots/policy';
import { passOnFreedSpots, writeBookingSpots, writeFreeingSpots } from '../spots/release';
import { type BookingRow, type ClassRow, toBookingClassJson, toBookingJson } from '../spots/shape';
import { spotsTaken } from '../spots/taken';
import { positionColumn, positionOf } from '../spots/waitlist-counts';
import { recordBookingWaivers } from '../spots/waivers';
import type { HoldResult } from '../spots/holds';
import type { AcceptAnswer, AcceptOfferBody, JoinWaitlistBody, WaitlistEntry } from './model';

/** Opens the payment intent of a checkout's hold: the payments feature's, handed in by api/app.ts so the
 * waitlist never imports it. */
export type OpenCheckout = (ctx: AppContext, user: SessionUser, hold: HoldResult) => Promise<AcceptAnswer['payment'] & object>;

const ALREADY_WAITING = 'You are already on the waitlist for this class.';
const SPOTS_AVAILABLE = 'Spots are available in this class: book them instead of joining the waitlist.';
const CLASS_STARTED = 'This class has already started and can no longer be booked.';
const NOT_ON_WAITLIST = 'You are not on the waitlist for this class.';
const FREE_WITH_PASS = 'This class is free: book it without a pass.';

function toEntryJson(
  entry: EntryRow,
  cls: ClassRow,
  position: number | null,
  booking: Pick<BookingRow, 'amountCents'> | null,
): WaitlistEntry {
  return {
    id: entry.id,
    classId: entry.classId,
    quantity: entry.quantity,
    position,
    status: entry.status,
    offeredAt: entry.offeredAt?.toISOString() ?? null,
    offerExpiresAt: entryIs(entry, ['offered']) ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
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
        refuseIfBooked(await activeBookingOf(tx, user.id, classId));
        if (
          await tx
            .select({ id: waitlistEntries.id })
            .from(waitlistEntries)
            .where(and(eq(waitlistEntries.userId, user.id), eq(waitlistEntries.classId, classId), openEntry))
            .get()
        ) {
          throw conflict(ALREADY_WAITING, 'already_waiting');
        }
        if (input.quantity > cls.capacity)
          throw conflict(
            `This class has ${spotCount(cls.capacity)} in all, so a waitlist place for ${input.quantity} could never be offered.`,
          );
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
    const entry = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.userId, user.id), eq(waitlistEntries.classId, classId), openEntry))
      .get();
    if (!entry) throw notFound(NOT_ON_WAITLIST);
    return (await answerOffer(tx, entry, 'leave', now)).entry!;
  });
  return entryJson(ctx.db, left);
}

async function entryJson(db: Database, entry: EntryRow): Promise<WaitlistEntry> {
  const cls = (await db.select().from(classes).where(eq(classes.id, entry.classId)).get())!;
  const booking =
    entry.bookingId === null ? null : ((await db.select().from(bookings).where(eq(bookings.id, entry.bookingId)).get()) ?? null);
  return toEntryJson(entry, cls, await positionOf(db, entry), booking);
}

/** GET /api/waitlist: one page of the caller's entries (one class's with `classId`; without the left ones if
 * asked), open ones first, then the newest, after expiring the caller's offers that are due. */
export async function listWaitlist(
  ctx: AppContext,
  user: SessionUser,
  filter: { classId?: number; includeLeft?: boolean },
  page: PageRequest,
): Promise<{ rows: WaitlistEntry[]; total: number }> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ classId: waitlistEntries.classId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, user.id), entryIn(['offered']), lte(waitlistEntries.offerExpiresAt, now)));
  for (const { classId } of due) await passOnFreedSpots(ctx, { classId });
  const where = and(
    eq(waitlistEntries.userId, user.id),
    filter.classId === undefined ? undefined : eq(waitlistEntries.classId, filter.classId),
    filter.includeLeft === false ? not(entryIn(['left'])) : undefined,
  );
  const [counted] = await ctx.db.select({ total: count() }).from(waitlistEntries).where(where);
  const rows = await ctx.db
    .select({ entry: waitlistEntries, cls: classes, booking: bookings, position: positionColumn })
    .from(waitlistEntries)
    .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
    .leftJoin(bookings, eq(bookings.id, waitlistEntries.bookingId))
    .where(where)
    // Open entries first (the ones to act on), then the newest.
    .orderBy(sql`${entryIn(OPEN_ENTRY_STATES)} desc`, desc(waitlistEntries.id))
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
  if (entryIs(entry, ['waiting'])) throw conflict('No spots have been offered to you yet: you are still waiting.', 'offer_not_yet');
  if (entryIs(entry, ['expired']) || (entryIs(entry, ['offered']) && entry.offerExpiresAt! <= now))
    throw conflict(OFFER_EXPIRED, 'offer_expired');
  if (!entryIs(entry, ['offered']) || entry.bookingId === null) throw conflict(OFFER_ANSWERED, 'offer_answered');
  return entry;
}

/** POST /api/waitlist/{id}/accept: a free class is booked at once, and so is a paid one paid with a pass
 * (`payWith`: its credits taken in the same write); otherwise a paid class turns the held spots into the
 * payment hold at the offered amount and answers the intent for checkout. The attendees follow the booking
 * rule: a free class needs them as booking it does (each child's age in a Kids class); a paid one may name
 * them at checkout. An offer past its deadline is refused (and passed on): an accept and the expiry never
 * both win. */
export async function acceptOffer(
  ctx: AppContext,
  user: SessionUser,
  entryId: number,
  input: AcceptOfferBody,
  openCheckout: OpenCheckout,
  source?: { ipAddress: string; userAgent: string },
): Promise<AcceptAnswer> {
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
      if (free && input?.payWith) throw badRequest(FREE_WITH_PASS);
      // A pass pays for the offer (payWith): its credits are read here and taken below, in this same write, so two
      // bookings never spend one credit (as booking with a pass, api/spots/book.ts).
      const credits = input?.payWith ? await planCredits(tx, user, input.payWith.purchaseId, cls, entry.quantity, now) : null;
      const bookedNow = free || credits !== null;
      const attendees = bookedNow || input?.attendees ? checkAttendees(input?.attendees, entry.quantity, cls.ageGroup, user) : null;
      // A paid offer's payment hold keeps the offer's deadline, or the usual 15 minutes when accepted close to it.
      const moved = await answerOffer(tx, entry, free ? 'acceptFree' : credits ? 'acceptWithPass' : 'acceptPaid', now);
      const booking = moved.booking!;
      if (credits) await spendCredits(tx, credits, booking.id, now);
      if (attendees) await saveAttendees(tx, booking.id, attendees);
      // An offer booked here (free, or paid with a pass) needs its waivers now; a paid one's hold records them if sent.
      await recordBookingWaivers(tx, {
        booking,
        cls,
        attendees: await attendeesOfBooking(tx, booking),
        acceptance: input?.waiverAcceptance,
        source,
        now,
        required: bookedNow,
      });
      // Booked: the confirmation is owed from this commit on, sent after the answer (api/notices/outbox.ts).
      if (bookedNow) await queueConfirmations(tx, [booking.id], now);
      return { entry: moved.entry!, booking, cls, bookedNow };
    })
    .catch(async (error) => {
      // Refused because the deadline passed: pass the spots on now rather than at the next sweep.
      if (hasCode(error, 'offer_expired')) await expireAndPassOn(ctx, entryId);
      throw error;
    });
  const { entry, booking, cls, bookedNow } = accepted;
  if (bookedNow) {
    sendOutboxSoon(ctx);
    return {
      entry: toEntryJson(entry, cls, null, booking),
      booking: toBookingJson(booking, cls, now, await attendeesOfBooking(ctx.db, booking)),
      payment: null,
      checkoutUrl: null,
    };
  }
  // The intent is for the hold the offer became, at the amount stored with the offer.
  const payment = await openCheckout(ctx, user, { booking, cls, reused: false, replacedIntentId: null });
  const held = (await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id)).get())!;
  return {
    entry: toEntryJson(entry, cls, null, booking),
    booking: toBookingJson(held, cls, now, await attendeesOfBooking(ctx.db, held)),
    payment,
    checkoutUrl: `/checkout/${cls.id}?quantity=${booking.quantity}`,
  };
}

async function expireAndPassOn(ctx: AppContext, entryId: number): Promise<void> {
  const entry = await ctx.db
    .select({ classId: waitlistEntries.classId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entryId))
    .get();
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
      return (await answerOffer(tx, entry, 'decline', now)).entry!;
    },
  ).catch(async (error) => {
    if (hasCode(error, 'offer_expired')) await expireAndPassOn(ctx, entryId);
    throw error;
  });
  return entryJson(ctx.db, declined);
}
