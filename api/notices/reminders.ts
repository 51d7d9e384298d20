// Reminder emails before each booked class: REMINDER_LEAD_HOURS (24 by default) before the start, with the
// class, the address, a map link and the .ics file. A timed job (api/background.ts) looks for bookings that
// are due; each reminder runs under the one-off key "reminder:booking:<id>" (api/lib/jobs.ts), so it goes
// out exactly once across processes and restarts. No reminder for a class booked less than the lead time
// ahead (the confirmation has just said it all) or for a customer who turned reminders off.
import { and, eq, gt, gte, isNotNull, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { bookings, classes, jobLeases, users } from '../../db/schema';
import { classIcsAttachments, whenOf, whereOf } from './booking-emails';
import type { AppContext } from '../context';
import { runOnce } from '../lib/jobs';
import { meetingLines } from '../../common/directions';
import { spotCount } from '../../common/plural';
import { renderEmail } from '../mail-templates';
import { inStates } from '../spots/booking-states';

type ClassRow = typeof classes.$inferSelect;

/** The timed job looks for due reminders this often. */
export const REMINDERS_EVERY_MS = 60_000;

const REMINDER_KEY_PREFIX = 'reminder:booking:';
const reminderKey = (bookingId: number) => `${REMINDER_KEY_PREFIX}${bookingId}`;

/** How often the sent reminders' keys of classes that have started are dropped. */
export const PRUNE_REMINDER_KEYS_EVERY_MS = 60 * 60_000;

/** Drops the one-off keys of reminders whose class has started (or whose booking is gone): such a reminder can
 * never be due again, since only classes still to come are looked at, so the keys need not grow for ever.
 * Answers how many it dropped. */
export async function pruneSentReminderKeys(ctx: AppContext): Promise<number> {
  const bookingId = sql`cast(substr(${jobLeases.key}, ${REMINDER_KEY_PREFIX.length + 1}) as integer)`;
  const stillToCome = ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .where(and(eq(bookings.id, bookingId), gt(classes.startTime, ctx.clock.now())));
  const dropped = await ctx.db.write((tx) =>
    tx
      .delete(jobLeases)
      .where(
        and(
          // The key's range on its primary-key index: every key starting with the prefix.
          gte(jobLeases.key, REMINDER_KEY_PREFIX),
          lt(jobLeases.key, `${REMINDER_KEY_PREFIX.slice(0, -1)};`),
          isNotNull(jobLeases.doneAt),
          notExists(stillToCome),
        ),
      )
      .returning({ key: jobLeases.key }),
  );
  return dropped.length;
}

export function mapLink(cls: Pick<ClassRow, 'address' | 'location'>): string | null {
  const place = cls.address ?? cls.location;
  return place ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}` : null;
}

/** Sends every reminder that is due and not yet sent; answers how many this call sent. */
export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const leadMs = ctx.env.reminderLeadHours * 3_600_000;
  const due = await ctx.db
    .select({ booking: bookings, cls: classes, user: { email: users.email, firstName: users.firstName } })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(jobLeases, eq(jobLeases.key, sql`'reminder:booking:' || ${bookings.id}`))
    .where(
      and(
        inStates(['confirmed']),
        isNull(classes.deletedAt),
        gt(classes.startTime, now),
        lte(classes.startTime, new Date(now.getTime() + leadMs)),
        // Booked at least the lead time ahead (a booking's own confirmation is its reminder otherwise).
        lte(sql`coalesce(${bookings.confirmedAt}, ${bookings.createdAt})`, sql`${classes.startTime} - ${leadMs}`),
        eq(users.classReminders, true),
        or(isNull(jobLeases.key), isNull(jobLeases.doneAt)),
      ),
    );
  let sent = 0;
  for (const { booking, cls, user } of due) {
    try {
      if (await runOnce(ctx, reminderKey(booking.id), () => ctx.mail.send(reminderEmail(ctx, booking, cls, user)))) sent++;
    } catch (error) {
      // One reminder that fails (a refused address, mail down for a moment) must not hold back the others;
      // its key stays undone, so the next run tries it again.
      console.error(`[reminders] booking ${booking.id}: the reminder could not be sent`, error);
    }
  }
  return sent;
}

function reminderEmail(
  ctx: AppContext,
  booking: { id: number; quantity: number },
  cls: ClassRow,
  user: { email: string; firstName: string },
) {
  const map = mapLink(cls);
  const content = renderEmail({
    heading: `Coming up: ${cls.title}`,
    preheader: whenOf(cls),
    paragraphs: [
      `Hi ${user.firstName}, a reminder of your class.`,
      `When: ${whenOf(cls)}`,
      `Where: ${whereOf(cls)}`,
      ...(map ? [`Map: ${map}`] : []),
      ...meetingLines(cls),
      `Spots: ${spotCount(booking.quantity)}`,
      ...(cls.whatToBring ? [`What to bring: ${cls.whatToBring}`] : []),
    ],
    button: { label: 'View my bookings', url: `${ctx.env.publicUrl}/bookings` },
    footnote: `You can turn these reminders off on your profile page: ${ctx.env.publicUrl}/profile`,
  });
  return { to: user.email, subject: `Reminder: ${cls.title}`, ...content, attachments: classIcsAttachments(ctx, booking, cls) };
}
