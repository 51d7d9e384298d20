// Waivers at booking (issue 24, item 2), in the booking domain beside the attendees they are accepted for:
// which waivers a class asks (the platform's current version, and its coach's own if they have one), the
// acceptance of each by or for each attendee with the booking's emergency contact and the attendees' medical
// notes, and what a roster, the customer and an admin read back.
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client';
import { bookings, classes, emergencyContacts, medicalNotes, waiverAcceptances, waivers, type WaiverRelation } from '../../db/schema';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../errors';
import { attendeesOfBooking } from './attendees';
import { hasStarted } from './policy';

export type WaiverRow = typeof waivers.$inferSelect;

/** The SHA-256 (hex) of the exact text accepted: title, a blank line, the body. */
export function waiverHash(waiver: Pick<WaiverRow, 'title' | 'body'>): string {
  const text = `${waiver.title}\n\n${waiver.body}`;
  let hash = recentHashes.get(text);
  if (hash === undefined) {
    hash = createHash('sha256').update(text).digest('hex');
    if (recentHashes.size >= RECENT_HASHES) recentHashes.delete(recentHashes.keys().next().value!);
    recentHashes.set(text, hash);
  }
  return hash;
}
/** A class drop hashes the same few waiver texts for every booking, inside the write lock (issue 23): each is hashed
 * once. Keyed by the text itself, so an edited waiver is hashed anew. */
const recentHashes = new Map<string, string>();
const RECENT_HASHES = 64;

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

/** Every path that books or holds spots records the acceptance of the class's current waivers for each attendee
 * in its own write (`recordBookingWaivers`): a free booking, a free waitlist offer accepted and a booking paid
 * with pass credits refuse without it; a payment hold may take it later (the checkout holds the spots when it
 * opens, before anyone is named) and is never paid or confirmed without it (`waiversMissingFor`). An acceptance
 * of the same waiver version, for the same person (by name), by the same account, counts again on a later
 * booking: a new version asks again. */
export const WAIVER_CHANGED = 'A waiver has a new version. Please read it and accept it again.';
export const EMERGENCY_CONTACT_NEEDED = 'Please give an emergency contact (name and phone) for this booking.';

export interface AcceptanceInput {
  /** The waivers read, each with the version the customer saw. */
  waivers: { id: number; version: number }[];
  emergencyContact: { name: string; phone: string };
  /** One entry per spot: the attendee's acceptance and an optional medical note for the coach. */
  attendees: { position: number; accepted: boolean; medicalNote?: string }[];
}

/** Where an acceptance came from: the address the server resolved and the browser's user agent. */
export interface AcceptanceSource {
  ipAddress: string;
  userAgent: string;
}

export interface AcceptanceMeta extends AcceptanceSource {
  at: Date;
}

const describeWaiver = (w: WaiverRow) => `${w.title}, version ${w.version}`;
const personKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** "Please accept the waiver for Maya Lee and Leo Lee (Fogline participation waiver, version 1)." */
function missingMessage(names: string[], waivers: WaiverRow[]): string {
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `Please accept the waiver for ${list} (${waivers.map(describeWaiver).join('; ')}).`;
}

export interface BookingWaivers {
  booking: { id: number; userId: number };
  cls: { coachId: number; ageGroup: string };
  /** The booking's attendees as just saved, one per spot. */
  attendees: { position: number; name: string }[];
  /** What the request accepted; absent, only earlier acceptances of this account can count. */
  acceptance: AcceptanceInput | undefined;
  source: AcceptanceSource | undefined;
  now: Date;
  /** A booking confirmed by this write needs every acceptance; a payment hold records what it was sent. */
  required: boolean;
}

/** In the write that books (or holds) the spots: records, for every attendee, the acceptance of every waiver the
 * class asks now (sent with the request, or an earlier acceptance of the same version for the same person by the
 * same account), with the booking's emergency contact and the attendees' medical notes. Refuses (400, code
 * waiver_required, naming who and which version) when one is missing; 409 (waiver_changed) when the request
 * accepted a version that is no longer the current one. */
export async function recordBookingWaivers(tx: Tx, input: BookingWaivers): Promise<void> {
  const { booking, cls, attendees, acceptance, now } = input;
  if (!acceptance && !input.required) return;
  const asked = await currentWaivers(tx, cls.coachId);
  checkSentAcceptance(asked, attendees, acceptance);
  if (!asked.length) return;
  const acceptedNow = new Set((acceptance?.attendees ?? []).filter((a) => a.accepted).map((a) => a.position));
  const earlier = acceptedNow.size === attendees.length ? new Map() : await earlierAcceptances(tx, booking.userId, asked);
  const missingFor = (a: { position: number; name: string }) =>
    acceptedNow.has(a.position) ? [] : asked.filter((w) => !earlier.has(`${w.id}:${personKey(a.name)}`));
  const missing = attendees.filter((a) => missingFor(a).length > 0);
  if (missing.length) {
    const waiversMissing = asked.filter((w) => missing.some((a) => missingFor(a).includes(w)));
    const message = missingMessage(
      missing.map((a) => a.name),
      waiversMissing,
    );
    throw new DomainError(400, message, { waiverAcceptance: [message] }, undefined, 'waiver_required');
  }
  const contact = acceptance?.emergencyContact ?? (await latestEmergencyContact(tx, booking.userId));
  if (!contact)
    throw new DomainError(400, EMERGENCY_CONTACT_NEEDED, { waiverAcceptance: [EMERGENCY_CONTACT_NEEDED] }, undefined, 'waiver_required');
  const kids = cls.ageGroup === 'Kids';
  const relationOf = (position: number): WaiverRelation => (kids ? 'guardian' : position === 0 ? 'self' : 'companion');
  const meta = { ipAddress: input.source?.ipAddress ?? 'unknown', userAgent: input.source?.userAgent ?? '', acceptedAt: now };
  const have = await tx
    .select({ position: waiverAcceptances.position, waiverId: waiverAcceptances.waiverId, name: waiverAcceptances.attendeeName })
    .from(waiverAcceptances)
    .where(eq(waiverAcceptances.bookingId, booking.id));
  const recorded = new Set(have.map((r) => `${r.position}:${r.waiverId}:${r.name}`));
  for (const attendee of attendees) {
    for (const waiver of asked) {
      // Accepted now: a new row from this request. Accepted before: the earlier acceptance, as it was made.
      const prior = acceptedNow.has(attendee.position) ? null : earlier.get(`${waiver.id}:${personKey(attendee.name)}`);
      if (!acceptedNow.has(attendee.position) && recorded.has(`${attendee.position}:${waiver.id}:${attendee.name}`)) continue;
      await tx.insert(waiverAcceptances).values({
        bookingId: booking.id,
        position: attendee.position,
        attendeeName: attendee.name,
        waiverId: waiver.id,
        version: waiver.version,
        textHash: waiverHash(waiver),
        acceptedBy: booking.userId,
        relation: relationOf(attendee.position),
        ...(prior ? { ipAddress: prior.ipAddress, userAgent: prior.userAgent, acceptedAt: prior.acceptedAt } : meta),
      });
    }
  }
  const row = { name: contact.name, phone: contact.phone };
  await tx
    .insert(emergencyContacts)
    .values({ bookingId: booking.id, ...row })
    .onConflictDoUpdate({ target: emergencyContacts.bookingId, set: row });
  if (acceptance) {
    await tx.delete(medicalNotes).where(eq(medicalNotes.bookingId, booking.id));
    for (const a of acceptance.attendees) {
      const note = a.medicalNote?.trim();
      if (note && attendees.some((x) => x.position === a.position))
        await tx.insert(medicalNotes).values({ bookingId: booking.id, position: a.position, note });
    }
  }
}

/** Refuses an acceptance of versions that are not the current ones (409 waiver_changed, naming them), or of a spot
 * the booking does not have (400). */
function checkSentAcceptance(asked: WaiverRow[], attendees: { position: number }[], acceptance: AcceptanceInput | undefined): void {
  if (!acceptance) return;
  const sent = new Map(acceptance.waivers.map((w) => [w.id, w.version]));
  const stale = asked.filter((w) => sent.get(w.id) !== w.version);
  if (stale.length || acceptance.waivers.length !== asked.length) {
    const named = stale.length ? ` (${stale.map(describeWaiver).join('; ')})` : '';
    throw conflict(WAIVER_CHANGED.replace('new version.', `new version${named}.`), 'waiver_changed');
  }
  const beyond = acceptance.attendees.find((a) => a.position >= attendees.length);
  if (beyond) {
    const message = `waiverAcceptance names spot ${beyond.position + 1}, but the booking has ${attendees.length === 1 ? '1 spot' : `${attendees.length} spots`}.`;
    throw badRequest(message, { waiverAcceptance: [message] });
  }
}

/** The latest version of each owner's waiver among `rows` (the platform's, then the coach's): what a class of
 * `coachId` asks now. */
export function latestWaivers(rows: WaiverRow[], coachId: number): WaiverRow[] {
  const latestOf = (owner: number | null) =>
    rows
      .filter((w) => w.coachId === owner)
      .reduce<WaiverRow | undefined>((best, w) => (!best || w.version > best.version ? w : best), undefined);
  return [latestOf(null), latestOf(coachId)].filter((w): w is WaiverRow => !!w);
}

/** Every version of the platform's waiver and of these classes' coaches' own: read with a write batch's view
 * (./book-batch.ts), so deciding its bookings' waivers costs no round trip of its own. */
export function waiversOfClassesQuery(db: Database | Tx, classIds: number[]) {
  return db
    .select()
    .from(waivers)
    .where(
      or(
        isNull(waivers.coachId),
        inArray(waivers.coachId, db.select({ id: classes.coachId }).from(classes).where(inArray(classes.id, classIds))),
      ),
    );
}

/** A booking whose request accepts every waiver the class asks for every attendee itself (no earlier acceptance
 * to reuse) as rows to write with it; null when it must go through recordBookingWaivers in a transaction. Throws
 * as that does for a version no longer current or a spot the booking lacks. */
export function acceptanceRowsFor(
  asked: WaiverRow[],
  cls: { ageGroup: string },
  attendees: { position: number; name: string }[],
  acceptance: AcceptanceInput | undefined,
  source: AcceptanceSource | undefined,
  now: Date,
  bookerId: number,
) {
  checkSentAcceptance(asked, attendees, acceptance);
  if (!asked.length) return { acceptances: [], contact: null, notes: [] };
  if (!acceptance) return null;
  const acceptedNow = new Set(acceptance.attendees.filter((a) => a.accepted).map((a) => a.position));
  if (attendees.some((a) => !acceptedNow.has(a.position))) return null;
  const kids = cls.ageGroup === 'Kids';
  const acceptances = attendees.flatMap((attendee) =>
    asked.map((waiver) => ({
      position: attendee.position,
      attendeeName: attendee.name,
      waiverId: waiver.id,
      version: waiver.version,
      textHash: waiverHash(waiver),
      acceptedBy: bookerId,
      relation: (kids ? 'guardian' : attendee.position === 0 ? 'self' : 'companion') as WaiverRelation,
      ipAddress: source?.ipAddress ?? 'unknown',
      userAgent: source?.userAgent ?? '',
      acceptedAt: now,
    })),
  );
  const notes = acceptance.attendees.flatMap((a) => {
    const note = a.medicalNote?.trim();
    return note ? [{ position: a.position, note }] : [];
  });
  return { acceptances, contact: { name: acceptance.emergencyContact.name, phone: acceptance.emergencyContact.phone }, notes };
}

type EarlierAcceptance = { name: string; ipAddress: string; userAgent: string; acceptedAt: Date };

/** This account's acceptances of these exact waiver versions, by `${waiverId}:${person}`, the latest of each. */
async function earlierAcceptances(tx: Database | Tx, userId: number, asked: WaiverRow[]): Promise<Map<string, EarlierAcceptance>> {
  const rows = await tx
    .select({
      waiverId: waiverAcceptances.waiverId,
      name: waiverAcceptances.attendeeName,
      ipAddress: waiverAcceptances.ipAddress,
      userAgent: waiverAcceptances.userAgent,
      acceptedAt: waiverAcceptances.acceptedAt,
    })
    .from(waiverAcceptances)
    .where(
      and(
        eq(waiverAcceptances.acceptedBy, userId),
        inArray(
          waiverAcceptances.waiverId,
          asked.map((w) => w.id),
        ),
      ),
    )
    .orderBy(desc(waiverAcceptances.acceptedAt));
  const found = new Map<string, EarlierAcceptance>();
  for (const r of rows) {
    const key = `${r.waiverId}:${personKey(r.name)}`;
    if (!found.has(key)) found.set(key, { name: r.name, ipAddress: r.ipAddress, userAgent: r.userAgent, acceptedAt: r.acceptedAt });
  }
  return found;
}

/** The emergency contact this account gave last (a later booking that accepted nothing new reuses it). */
async function latestEmergencyContact(tx: Tx, userId: number) {
  return tx
    .select({ name: emergencyContacts.name, phone: emergencyContacts.phone })
    .from(emergencyContacts)
    .innerJoin(bookings, eq(bookings.id, emergencyContacts.bookingId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(emergencyContacts.createdAt), desc(emergencyContacts.bookingId))
    .limit(1)
    .get();
}

/** For the class page: the names this account has accepted each current waiver for (that version), so the
 * booking step can say "already accepted" and need not ask again. */
export async function alreadyAcceptedFor(db: Database | Tx, userId: number, asked: WaiverRow[]): Promise<Map<number, string[]>> {
  const byWaiver = new Map<number, string[]>(asked.map((w) => [w.id, []]));
  if (!asked.length) return byWaiver;
  for (const [key, earlier] of await earlierAcceptances(db, userId, asked)) byWaiver.get(Number(key.split(':')[0]))?.push(earlier.name);
  return byWaiver;
}

/** Before a payment hold is paid (the test card) and when its payment settles: the attendees of the booking
 * still without an acceptance of each waiver the class asks (of any version accepted for this booking, so a
 * version published while the customer paid does not undo a payment). Empty when nothing is missing. */
export async function waiversMissingFor(
  db: Database | Tx,
  booking: { id: number; quantity: number; userId: number },
  coachId: number,
): Promise<string[]> {
  const asked = await currentWaivers(db, coachId);
  if (!asked.length) return [];
  const rows = await db
    .select({ position: waiverAcceptances.position, coachId: waivers.coachId })
    .from(waiverAcceptances)
    .innerJoin(waivers, eq(waivers.id, waiverAcceptances.waiverId))
    .where(eq(waiverAcceptances.bookingId, booking.id));
  const owners = asked.map((w) => w.coachId);
  const attendees = await attendeesOfBooking(db, booking);
  return attendees
    .filter((a) => owners.some((owner) => !rows.some((r) => r.position === a.position && r.coachId === owner)))
    .map((a) => a.name);
}

/** Refused before paying: the message a customer reads when a hold's waivers are not all accepted. */
export function waiverMissingMessage(names: string[]): string {
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `Please accept the waiver for ${list} before paying.`;
}

/** Records the acceptance of every current waiver for every attendee of the booking (its owner, before the
 * class starts; PUT /api/bookings/{id}/waivers: a hold before paying, or a booking asked again). A child in a
 * Kids class is accepted for by the booker (guardian); in an adults' class the first spot is the booker's own,
 * the others the booker accepts for the friends they bring (companion). Accepting again (a new version) adds
 * rows; the emergency contact and notes are replaced. */
export async function acceptWaivers(
  db: Db,
  userId: number,
  bookingId: number,
  input: AcceptanceInput,
  meta: AcceptanceMeta,
): Promise<void> {
  await db.write(async (tx) => {
    const found = await tx
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
    const attendees = await attendeesOfBooking(tx, booking);
    const answers = new Map(input.attendees.map((a) => [a.position, a]));
    const missing = attendees.filter((a) => !answers.get(a.position)?.accepted);
    if (missing.length) {
      const message = `Please accept the waiver for ${missing.map((a) => a.name).join(' and ')}.`;
      throw badRequest(message, { attendees: [message] });
    }
    // Every row new: this request is the acceptance (a renewed one keeps the earlier rows as they were).
    await recordBookingWaivers(tx, {
      booking,
      cls,
      attendees,
      acceptance: input,
      source: meta,
      now: meta.at,
      required: true,
    });
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
