// Change notices: when a coach or admin changes the start time, duration or place of a class (or a series
// scope) that people have booked or are waiting for, each of them gets one email showing before -> after.
// Their bookings are marked at once (bookings.class_changed_at): the booking card says "Changed by the coach",
// and cancelling refunds everything paid until the class starts, whatever the 48-hour rule says. The emails
// wait for a short window (CHANGE_NOTICE_WINDOW_SECONDS, 2 minutes by default, from the first change a person
// is told of): however many changes a coach makes in it, each person gets one email with the net change,
// and none when the class is back where it was (finding 3 of issue 24: 30 edits in 0.3 s sent 30 emails to everyone). The timed job
// `sendDueChangeNotices` claims what is due in the database, so each notice goes out once across processes.
import { and, eq, inArray, lte, min, sql } from 'drizzle-orm';
import { bookings, classes, type ClassPlaceAndTime, pendingChangeNotices, users, waitlistEntries } from '../../db/schema';
import { deliver, whenOf, whereOf } from './booking-emails';
import type { Tx } from '../../db/client';
import type { AppContext } from '../context';
import { renderEmail } from '../mail-templates';
import { inStates } from '../spots/booking-states';
import { openEntry } from '../spots/entry-states';
import { mapLink } from './reminders';

type ClassRow = typeof classes.$inferSelect;

/** The time and place a notice compares. */
function placeAndTime(cls: ClassRow): ClassPlaceAndTime {
  return {
    startTime: cls.startTime?.getTime() ?? null,
    endTime: cls.endTime?.getTime() ?? null,
    duration: cls.duration,
    location: cls.location,
    address: cls.address,
  };
}

/** Did the change move the class in time or place (what an attendee has planned around)? */
function movedClass(before: ClassPlaceAndTime, after: ClassPlaceAndTime): boolean {
  return (
    before.startTime !== after.startTime ||
    before.duration !== after.duration ||
    (before.location ?? '') !== (after.location ?? '') ||
    (before.address ?? '') !== (after.address ?? '')
  );
}

interface Moved {
  before: ClassRow;
  after: ClassRow;
  booked: boolean;
}

/** In the write that changes the classes (so concurrent changes queue in the order they were made): marks the
 * active bookings of the classes moved, and queues a notice for everyone booked or waiting, keeping the time
 * and place from before the first change of the window. */
export async function queueChangeNotices(ctx: AppContext, tx: Tx, before: ClassRow[], after: ClassRow[]): Promise<void> {
  const now = ctx.clock.now();
  const previous = new Map(before.map((row) => [row.id, row]));
  for (const next of after) {
    const prev = previous.get(next.id);
    if (!prev || next.deletedAt) continue;
    if (!movedClass(placeAndTime(prev), placeAndTime(next)) || (prev.startTime && prev.startTime.getTime() <= now.getTime())) continue;
    const marked = await tx
      .update(bookings)
      .set({ classChangedAt: now })
      .where(and(eq(bookings.classId, next.id), inStates(['confirmed', 'hold'])))
      .returning({ userId: bookings.userId });
    const waiting = await tx
      .select({ userId: waitlistEntries.userId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.classId, next.id), openEntry));
    const booked = new Set(marked.map((b) => b.userId));
    for (const userId of new Set([...booked, ...waiting.map((w) => w.userId)])) {
      // A person's notices share the window of their first one, so they go out as one email.
      const [open] = await tx
        .select({ dueAt: min(pendingChangeNotices.dueAt) })
        .from(pendingChangeNotices)
        .where(eq(pendingChangeNotices.userId, userId));
      const dueAt = open?.dueAt ?? new Date(now.getTime() + ctx.env.changeNoticeWindowMs);
      await tx
        .insert(pendingChangeNotices)
        .values({ userId, classId: next.id, booked: booked.has(userId), before: placeAndTime(prev), dueAt, createdAt: now })
        // Already queued: the first "before" stays; booked once in the window counts as booked.
        .onConflictDoUpdate({
          target: [pendingChangeNotices.userId, pendingChangeNotices.classId],
          set: { booked: sql`${pendingChangeNotices.booked} or excluded.booked` },
        });
    }
  }
}

/** The same in a write of its own (a change made outside the class update path). */
export function noticeClassChanges(ctx: AppContext, before: ClassRow[], after: ClassRow[]): Promise<void> {
  return ctx.db.write((tx) => queueChangeNotices(ctx, tx, before, after));
}

/** The timed job: claims the notices whose window has ended (deleting them in one write, so another process
 * never sends them too) and emails each person once, with the net before -> after of each class that
 * still differs; a class back where it was, deleted or already started is left out, and so is an email with
 * nothing left in it. */
export async function sendDueChangeNotices(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const due = await ctx.db.write((tx) => tx.delete(pendingChangeNotices).where(lte(pendingChangeNotices.dueAt, now)).returning());
  if (due.length === 0) return;
  const current = new Map(
    (
      await ctx.db
        .select()
        .from(classes)
        .where(inArray(classes.id, [...new Set(due.map((n) => n.classId))]))
    ).map((c) => [c.id, c]),
  );
  const byPerson = new Map<number, Moved[]>();
  for (const notice of due) {
    const after = current.get(notice.classId);
    if (!after || after.deletedAt || (after.startTime && after.startTime.getTime() <= now.getTime())) continue;
    if (!movedClass(notice.before, placeAndTime(after))) continue;
    const before: ClassRow = {
      ...after,
      startTime: notice.before.startTime === null ? null : new Date(notice.before.startTime),
      endTime: notice.before.endTime === null ? null : new Date(notice.before.endTime),
      duration: notice.before.duration,
      location: notice.before.location,
      address: notice.before.address,
    };
    byPerson.set(notice.userId, [...(byPerson.get(notice.userId) ?? []), { before, after, booked: notice.booked }]);
  }
  if (byPerson.size === 0) return;
  const people = new Map(
    (
      await ctx.db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(inArray(users.id, [...byPerson.keys()]))
    ).map((p) => [p.id, p]),
  );
  for (const [userId, changes] of byPerson) {
    const person = people.get(userId);
    changes.sort((a, b) => (a.after.startTime?.getTime() ?? 0) - (b.after.startTime?.getTime() ?? 0));
    if (person) await deliver(ctx, () => ctx.mail.send(changeNoticeEmail(ctx, changes, person)));
  }
}

function changeNoticeEmail(ctx: AppContext, changes: Moved[], user: { email: string; firstName: string }) {
  const { after } = changes[0]!;
  const booked = changes.some((c) => c.booked);
  const map = mapLink(after);
  const titles = [...new Set(changes.map((c) => c.after.title))];
  // Several classes changed in one window: one email all the same, each line naming its class.
  const what = titles.length === 1 ? `${after.title}${changes.length === 1 ? '' : ` (${changes.length} sessions)`}` : titles.join(', ');
  const named = (c: Moved) => (titles.length === 1 ? '' : `${c.after.title}: `);
  const subject = titles.length === 1 ? `Class changed: ${after.title}` : `Classes changed: ${titles.join(', ')}`;
  const content = renderEmail({
    heading: subject,
    preheader: `Now ${whenOf(after)}`,
    paragraphs: [
      `Hi ${user.firstName}, the coach changed ${what}, which you ${booked ? 'booked' : 'are on the waitlist for'}.`,
      ...changes.flatMap((c) => [
        `${named(c)}Before: ${whenOf(c.before)} · ${whereOf(c.before)}`,
        `${named(c)}Now: ${whenOf(c.after)} · ${whereOf(c.after)}`,
      ]),
      ...(map ? [`Map: ${map}`] : []),
      booked
        ? 'If the new time or place does not suit you, you can cancel from My Bookings with a full refund until the class starts, whatever the 48-hour rule says.'
        : 'You keep your place on the waitlist; leave it from My Bookings if the new time or place does not suit you.',
    ],
    button: { label: 'View my bookings', url: `${ctx.env.publicUrl}/bookings${booked ? '' : '?tab=waitlist'}` },
  });
  return { to: user.email, subject, ...content };
}
