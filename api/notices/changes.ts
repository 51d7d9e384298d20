// Change notices: when a coach or admin changes the start time, duration or place of a class (or a series
// scope) that people have booked or are waiting for, each of them gets one email showing before -> after.
// Their bookings are marked (bookings.class_changed_at): the booking card says "Changed by the coach", and
// cancelling refunds everything paid until the class starts, whatever the 48-hour rule says. Called by the
// class update path with the rows before and after the change (which offers a raised capacity's spots itself).
import { and, eq, inArray } from 'drizzle-orm';
import { bookings, type classes, users, waitlistEntries } from '../../db/schema';
import { deliver, whenOf, whereOf } from './booking-emails';
import type { AppContext } from '../context';
import { renderEmail } from '../mail-templates';
import { inStates } from '../spots/booking-states';
import { openEntry } from '../spots/entry-states';
import { mapLink } from './reminders';

type ClassRow = typeof classes.$inferSelect;

/** Did the change move the class in time or place (what an attendee has planned around)? */
function movedClass(before: ClassRow, after: ClassRow): boolean {
  return (
    (before.startTime?.getTime() ?? null) !== (after.startTime?.getTime() ?? null) ||
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

/** Marks the active bookings and emails everyone booked or waiting (one email per person, however many
 * sessions of a series the change moved). */
export async function noticeClassChanges(ctx: AppContext, before: ClassRow[], after: ClassRow[]): Promise<void> {
  const now = ctx.clock.now();
  const previous = new Map(before.map((row) => [row.id, row]));
  const byPerson = new Map<number, Moved[]>();
  for (const next of after) {
    const prev = previous.get(next.id);
    if (!prev || next.deletedAt) continue;
    if (!movedClass(prev, next) || (prev.startTime && prev.startTime.getTime() <= now.getTime())) continue;
    const marked = await ctx.db.write((tx) =>
      tx
        .update(bookings)
        .set({ classChangedAt: now })
        .where(and(eq(bookings.classId, next.id), inStates(['confirmed', 'hold'])))
        .returning({ userId: bookings.userId }),
    );
    const waiting = await ctx.db.select({ userId: waitlistEntries.userId }).from(waitlistEntries).where(and(eq(waitlistEntries.classId, next.id), openEntry));
    const booked = new Set(marked.map((b) => b.userId));
    for (const userId of new Set([...booked, ...waiting.map((w) => w.userId)])) {
      byPerson.set(userId, [...(byPerson.get(userId) ?? []), { before: prev, after: next, booked: booked.has(userId) }]);
    }
  }
  if (byPerson.size === 0) return;
  const people = await ctx.db.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users).where(inArray(users.id, [...byPerson.keys()]));
  for (const person of people) await deliver(ctx, () => ctx.mail.send(changeNoticeEmail(ctx, byPerson.get(person.id)!, person)));
}

function changeNoticeEmail(ctx: AppContext, changes: Moved[], user: { email: string; firstName: string }) {
  const { after } = changes[0]!;
  const booked = changes.some((c) => c.booked);
  const map = mapLink(after);
  const sessions = changes.length === 1 ? '' : ` (${changes.length} sessions)`;
  const content = renderEmail({
    heading: `Class changed: ${after.title}`,
    preheader: `Now ${whenOf(after)}`,
    paragraphs: [
      `Hi ${user.firstName}, the coach changed ${after.title}${sessions}, which you ${booked ? 'booked' : 'are on the waitlist for'}.`,
      ...changes.flatMap((c) => [`Before: ${whenOf(c.before)} · ${whereOf(c.before)}`, `Now: ${whenOf(c.after)} · ${whereOf(c.after)}`]),
      ...(map ? [`Map: ${map}`] : []),
      booked
        ? 'If the new time or place does not suit you, you can cancel from My Bookings with a full refund until the class starts, whatever the 48-hour rule says.'
        : 'You keep your place on the waitlist; leave it from My Bookings if the new time or place does not suit you.',
    ],
    button: { label: 'View my bookings', url: `${ctx.env.publicUrl}/bookings${booked ? '' : '?tab=waitlist'}` },
  });
  return { to: user.email, subject: `Class changed: ${after.title}`, ...content };
}
