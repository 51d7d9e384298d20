// Waivers (issue 24, item 2): what a class asks, a coach's own waiver, acceptance for a booking's attendees,
// and the record read back by the customer (My Bookings) and exported by an admin. The rules and rows live in
// the booking domain (api/spots/waivers.ts); this shapes them for the API.
import { eq } from 'drizzle-orm';
import { bookings, classes } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { forbidden, notFound } from '../errors';
import {
  acceptancesOf,
  acceptWaivers,
  alreadyAcceptedFor,
  currentWaivers,
  publishCoachWaiver,
  safetyOf,
  waiverHash,
} from '../spots/waivers';
import type { AcceptWaiversBody, Waiver, WaiverRecord } from './model';

type WaiverRow = Awaited<ReturnType<typeof currentWaivers>>[number];

function toWaiver(row: WaiverRow): Waiver {
  return {
    id: row.id,
    owner: row.coachId === null ? 'platform' : 'coach',
    version: row.version,
    title: row.title,
    body: row.body,
    textHash: waiverHash(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/classes/{id}/waivers: what booking this class asks to accept now, each with the people this account
 * already accepted that very version for (not asked again). */
export async function waiversForClass(ctx: AppContext, user: SessionUser, classId: number): Promise<Waiver[]> {
  const cls = await ctx.db.select({ coachId: classes.coachId }).from(classes).where(eq(classes.id, classId)).get();
  if (!cls) throw notFound('Class not found.');
  const asked = await currentWaivers(ctx.db, cls.coachId);
  const accepted = await alreadyAcceptedFor(ctx.db, user.id, asked);
  return asked.map((w) => ({ ...toWaiver(w), alreadyAcceptedFor: accepted.get(w.id) ?? [] }));
}

/** GET /api/coaches/{id}/waiver: the coach's own current waiver, if they have one. */
export async function coachWaiver(ctx: AppContext, coachId: number): Promise<Waiver | null> {
  const own = (await currentWaivers(ctx.db, coachId)).find((w) => w.coachId === coachId);
  return own ? toWaiver(own) : null;
}

export async function saveCoachWaiver(ctx: AppContext, coachId: number, title: string, body: string): Promise<Waiver> {
  return toWaiver(await publishCoachWaiver(ctx.db, coachId, title, body));
}

export function acceptForBooking(
  ctx: AppContext,
  user: SessionUser,
  bookingId: number,
  input: AcceptWaiversBody,
  from: { ipAddress: string; userAgent: string },
) {
  return acceptWaivers(ctx.db, user.id, bookingId, input, { ...from, at: ctx.clock.now() });
}

/** A booking's waiver record: its customer reads it on My Bookings, an admin exports it. */
export async function waiverRecord(ctx: AppContext, user: SessionUser, bookingId: number): Promise<WaiverRecord> {
  const found = await ctx.db
    .select({ booking: bookings, cls: classes })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(eq(bookings.id, bookingId))
    .get();
  if (!found) throw notFound('Booking not found.');
  if (user.role !== 'admin' && found.booking.userId !== user.id) throw forbidden('You can only read the waivers of your own bookings.');
  const [acceptances, safety] = await Promise.all([acceptancesOf(ctx.db, [bookingId]), safetyOf(ctx.db, [bookingId], false)]);
  return {
    bookingId,
    classId: found.cls.id,
    classTitle: found.cls.title,
    classStart: found.cls.startTime?.toISOString() ?? null,
    emergencyContact: safety.contacts.get(bookingId) ?? null,
    acceptances: (acceptances.get(bookingId) ?? []).map((a) => ({ ...a, acceptedAt: a.acceptedAt.toISOString() })),
  };
}
