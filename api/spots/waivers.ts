// Waivers at booking (issue 24, item 2), in the booking domain beside the attendees they are accepted for:
// which waivers a class asks (the platform's current version, and its coach's own if they have one), the
// acceptance of each by or for each attendee with the booking's emergency contact and the attendees' medical
// notes, and what a roster, the customer and an admin read back.
import { createHash } from 'node:crypto';
import { desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client';
import { bookings, classes, emergencyContacts, medicalNotes, waiverAcceptances, waivers, type WaiverRelation } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { attendeesOfBooking } from './attendees';
import { hasStarted } from './policy';

type WaiverRow = typeof waivers.$inferSelect;

/** The SHA-256 (hex) of the exact text accepted: title, a blank line, the body. */
export function waiverHash(waiver: Pick<WaiverRow, 'title' | 'body'>): string {
  return createHash('sha256').update(`${waiver.title}\n\n${waiver.body}`).digest('hex');
}

async function latest(db: Database | Tx, owner: SQL) {
  return db.select().from(waivers).where(owner).orderBy(desc(waivers.version)).limit(1).get();
}

/** The waivers a class asks for now: the platform's latest version, then its coach's latest, if any. */
export async function currentWaivers(db: Database | Tx, coachId: number): Promise<WaiverRow[]> {
  const [platform, own] = await Promise.all([latest(db, isNull(waivers.coachId)), latest(db, eq(waivers.coachId, coachId))]);
  return [platform, own].filter((w): w is WaiverRow => !!w);
}

/** A coach's own waiver gets a new version (asked again from the next booking on). */
export async function publishCoachWaiver(db: Db, coachId: number, title: string, body: string): Promise<WaiverRow> {
  return db.write(async (tx) => {
    const current = await latest(tx, eq(waivers.coachId, coachId));
    const [row] = await tx
      .insert(waivers)
      .values({ coachId, version: (current?.version ?? 0) + 1, title, body })
      .returning();
    return row!;
  });
}

export const WAIVER_CHANGED = 'A waiver has a new version. Please read it and accept it again.';

export interface AcceptanceInput {
  /** The waivers read, each with the version the customer saw. */
  waivers: { id: number; version: number }[];
  emergencyContact: { name: string; phone: string };
  /** One entry per spot: the attendee's acceptance and an optional medical note for the coach. */
  attendees: { position: number; accepted: boolean; medicalNote?: string }[];
}

export interface AcceptanceMeta {
  ipAddress: string;
  userAgent: string;
  at: Date;
}

/** Records the acceptance of every current waiver for every attendee of the booking (its owner, before the
 * class starts). A child in a Kids class is accepted for by the booker (guardian); in an adults' class the
 * first spot is the booker's own, the others the booker accepts for the friends they bring (companion).
 * Accepting again (a new version) adds rows; the emergency contact and notes are replaced. */
export async function acceptWaivers(
  db: Db,
  userId: number,
  bookingId: number,
  input: AcceptanceInput,
  meta: AcceptanceMeta,
): Promise<void> {
  const found = await db
    .select({ booking: bookings, cls: classes })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(eq(bookings.id, bookingId))
    .get();
  if (!found) throw notFound('Booking not found.');
  const { booking, cls } = found;
  if (booking.userId !== userId) throw forbidden('You can only accept waivers for your own bookings.');
  if (booking.status !== 'pending' && booking.status !== 'confirmed') throw conflict('This booking is not active.');
  if (hasStarted(cls.startTime, meta.at)) throw conflict('This class has already started.');
  const asked = await currentWaivers(db, cls.coachId);
  const sent = new Map(input.waivers.map((w) => [w.id, w.version]));
  if (asked.some((w) => sent.get(w.id) !== w.version) || input.waivers.length !== asked.length) throw conflict(WAIVER_CHANGED);
  const attendees = await attendeesOfBooking(db, booking);
  const answers = new Map(input.attendees.map((a) => [a.position, a]));
  const missing = attendees.filter((a) => !answers.get(a.position)?.accepted);
  if (missing.length) {
    const message = `Please accept the waiver for ${missing.map((a) => a.name).join(' and ')}.`;
    throw badRequest(message, { attendees: [message] });
  }
  const kids = cls.ageGroup === 'Kids';
  const relationOf = (position: number): WaiverRelation => (kids ? 'guardian' : position === 0 ? 'self' : 'companion');
  await db.write(async (tx) => {
    for (const attendee of attendees) {
      for (const waiver of asked) {
        await tx.insert(waiverAcceptances).values({
          bookingId,
          position: attendee.position,
          attendeeName: attendee.name,
          waiverId: waiver.id,
          version: waiver.version,
          textHash: waiverHash(waiver),
          acceptedBy: userId,
          relation: relationOf(attendee.position),
          ipAddress: meta.ipAddress,
          userAgent: meta.userAgent,
          acceptedAt: meta.at,
        });
      }
    }
    const contact = { name: input.emergencyContact.name, phone: input.emergencyContact.phone };
    await tx
      .insert(emergencyContacts)
      .values({ bookingId, ...contact })
      .onConflictDoUpdate({ target: emergencyContacts.bookingId, set: contact });
    await tx.delete(medicalNotes).where(eq(medicalNotes.bookingId, bookingId));
    for (const a of input.attendees) {
      const note = a.medicalNote?.trim();
      if (note && attendees.some((x) => x.position === a.position))
        await tx.insert(medicalNotes).values({ bookingId, position: a.position, note });
    }
  });
}

export interface WaiverRecord {
  position: number;
  attendeeName: string;
  waiverId: number;
  title: string;
  body: string;
  version: number;
  textHash: string;
  relation: WaiverRelation;
  acceptedBy: number | null;
  ipAddress: string;
  userAgent: string;
  acceptedAt: Date;
}

/** Every acceptance of the bookings, with the exact text accepted, oldest first. */
export async function acceptancesOf(db: Database | Tx, bookingIds: number[]): Promise<Map<number, WaiverRecord[]>> {
  const byBooking = new Map<number, WaiverRecord[]>();
  if (!bookingIds.length) return byBooking;
  const rows = await db
    .select({ a: waiverAcceptances, title: waivers.title, body: waivers.body })
    .from(waiverAcceptances)
    .innerJoin(waivers, eq(waivers.id, waiverAcceptances.waiverId))
    .where(inArray(waiverAcceptances.bookingId, bookingIds))
    .orderBy(waiverAcceptances.acceptedAt, waiverAcceptances.id);
  for (const { a, title, body } of rows) {
    const list = byBooking.get(a.bookingId) ?? [];
    list.push({
      position: a.position,
      attendeeName: a.attendeeName,
      waiverId: a.waiverId,
      title,
      body,
      version: a.version,
      textHash: a.textHash,
      relation: a.relation,
      acceptedBy: a.acceptedBy,
      ipAddress: a.ipAddress,
      userAgent: a.userAgent,
      acceptedAt: a.acceptedAt,
    });
    byBooking.set(a.bookingId, list);
  }
  return byBooking;
}

/** The emergency contact of each booking, and (for the class's coach only) the medical note of each spot. */
export async function safetyOf(db: Database | Tx, bookingIds: number[], withMedicalNotes: boolean) {
  const contacts = new Map<number, { name: string; phone: string }>();
  const notes = new Map<string, string>();
  if (!bookingIds.length) return { contacts, notes };
  for (const c of await db.select().from(emergencyContacts).where(inArray(emergencyContacts.bookingId, bookingIds)))
    contacts.set(c.bookingId, { name: c.name, phone: c.phone });
  if (withMedicalNotes)
    for (const n of await db.select().from(medicalNotes).where(inArray(medicalNotes.bookingId, bookingIds)))
      notes.set(`${n.bookingId}:${n.position}`, n.note);
  return { contacts, notes };
}

/** Erases the emergency contacts and medical notes of these bookings (account deletion); acceptances stay, as
 * the evidence of consent. */
export async function eraseSafetyDetails(tx: Tx, bookingIds: number[]): Promise<void> {
  if (!bookingIds.length) return;
  await tx.delete(emergencyContacts).where(inArray(emergencyContacts.bookingId, bookingIds));
  await tx.delete(medicalNotes).where(inArray(medicalNotes.bookingId, bookingIds));
}
