// The coach's weather call. A background job (every minute) checks each class 24 h and 3 h before its start:
// when the cached forecast reaches a threshold of the class's policy, it records one weather call per class
// and check (a unique row, so one across processes) and emails the coach and the admins, once. Attendees see
// "Weather watch" on their booking card until the coach (or an admin) decides with
// POST /api/classes/{id}/weather-call: go (optionally telling attendees "It's on"), move (backup location or
// another time: the change notice and its full-refund right), cancel (full refunds: credits come with the passes
// issue), or offer another session. A decision is taken by a conditional UPDATE of the pending call, and its
// effect runs under a one-off key: exactly once across processes, and the same request again answers the same.
import { and, desc, eq, gt, inArray, isNull, lte, ne } from 'drizzle-orm';
import { bookings, classes, users, weatherCalls } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { runOnce } from '../lib/jobs';
import { formatDateFull, formatTimeRangePT } from '../../common/pacific';
import { renderEmail } from '../mail-templates';
import { liveClasses } from '../spots/classes';
import { cancelClassWithRefunds, type EditClass, moveClass } from './class-actions';
import { type OfferedMoveView, policyOf, type WeatherCallBody, type WeatherCallView } from './model';
import { moveToOfferedSession } from '../spots/offered-move';
import { centsToDollars } from '../../common/money';
import { readClassConditions } from './view';
import { inStates } from '../spots/booking-states';

export const WEATHER_CALLS_EVERY_MS = 60_000;
const HOUR = 3_600_000;

type ClassRow = typeof classes.$inferSelect;
type CallRow = typeof weatherCalls.$inferSelect;

const STATUS_OF = { go: 'go', move: 'moved', cancel: 'cancelled', offer: 'offered' } as const;
const DECISION_WORDS: Record<CallRow['status'], string> = {
  pending: 'waiting',
  go: 'Go ahead',
  moved: 'Move',
  cancelled: 'Cancel',
  offered: 'Offer another session',
};

const whenOf = (cls: Pick<ClassRow, 'startTime' | 'endTime'>) =>
  cls.startTime ? `${formatDateFull(cls.startTime)}, ${formatTimeRangePT(cls.startTime, cls.endTime)}` : 'Date to be announced';

async function send(ctx: AppContext, message: { to: string; subject: string; html: string; text: string }) {
  try {
    await ctx.mail.send(message);
  } catch (error) {
    console.error('[weather-call] email could not be sent', (error as Error).message);
  }
}

export function toCallView(call: CallRow, cls: Pick<ClassRow, 'title' | 'startTime'>): WeatherCallView {
  return {
    id: call.id,
    classId: call.classId,
    classTitle: cls.title,
    classStart: cls.startTime?.toISOString() ?? null,
    checkpoint: call.checkpoint,
    reasons: call.reasons,
    status: call.status,
    decidedAt: call.decidedAt?.toISOString() ?? null,
    offerClassId: call.offerClassId,
    message: call.message,
  };
}

// ---------------------------------------------------------------- the checks

/** Records the calls due now and emails each coach and the admins; answers how many calls it made. */
export async function checkWeatherCalls(ctx: AppContext): Promise<number> {
  if (ctx.weather.kind === 'off') return 0;
  const now = ctx.clock.now();
  const soon = await ctx.db
    .select()
    .from(classes)
    .where(and(liveClasses, gt(classes.startTime, now), lte(classes.startTime, new Date(now.getTime() + 24 * HOUR))));
  let made = 0;
  for (const cls of soon) {
    if (cls.isRecurring && cls.parentClassId === null) continue; // a series' parent is never attended
    const checkpoint = cls.startTime!.getTime() - now.getTime() <= 3 * HOUR ? '3h' : '24h';
    const { conditions } = await readClassConditions(ctx.db, cls, now, { weather: ctx.weather.kind, airQuality: ctx.airQuality.kind });
    if (conditions.crossed.length === 0) continue;
    // One open call at a time: a 24 h call still waiting covers the 3 h check too.
    const open = await ctx.db
      .select({ id: weatherCalls.id })
      .from(weatherCalls)
      .where(and(eq(weatherCalls.classId, cls.id), eq(weatherCalls.status, 'pending')))
      .get();
    if (open) continue;
    const [call] = await ctx.db.write((tx) =>
      tx
        .insert(weatherCalls)
        .values({ classId: cls.id, checkpoint, reasons: conditions.crossed, createdAt: now })
        .onConflictDoNothing()
        .returning(),
    );
    if (!call) continue;
    made++;
    await runOnce(ctx, `weather-call:${call.id}:notice`, () => notifyCoach(ctx, call, cls)).catch((error) =>
      console.error('[weather-call] notice', error),
    );
  }
  return made;
}

async function notifyCoach(ctx: AppContext, call: CallRow, cls: ClassRow): Promise<void> {
  const people = await ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, cls.coachId), isNull(users.deletedAt)));
  const admins = await ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)));
  const url = `${ctx.env.publicUrl}/my-classes?weatherCall=${call.id}`;
  for (const person of [...people, ...admins]) {
    const content = renderEmail({
      heading: `Weather call: ${cls.title}`,
      preheader: call.reasons.join(', '),
      paragraphs: [
        `Hi ${person.firstName}, the forecast for ${cls.title} (${whenOf(cls)}) reaches the class's weather policy:`,
        ...call.reasons,
        `Policy: ${policyOf(cls).rainPlan === 'light_rain' ? 'runs in light rain' : policyOf(cls).rainPlan === 'backup' ? `backup location ${policyOf(cls).backupLocation}` : 'cancelled in rain'}.`,
        'Choose on My Classes: Go ahead, Move (to the backup location or another time), Cancel (everyone refunded in full) or Offer another session. Attendees see "Weather watch" until you decide.',
      ],
      button: { label: 'Make the call', url },
    });
    await send(ctx, { to: person.email, subject: `Weather call: ${cls.title}`, ...content });
  }
}

// ---------------------------------------------------------------- the decision

/** The class's calls waiting for a decision: a coach's own classes, or every class for an admin. */
export async function pendingWeatherCalls(ctx: AppContext, user: SessionUser): Promise<WeatherCallView[]> {
  const rows = await ctx.db
    .select({ call: weatherCalls, cls: classes })
    .from(weatherCalls)
    .innerJoin(classes, eq(classes.id, weatherCalls.classId))
    .where(
      and(
        eq(weatherCalls.status, 'pending'),
        liveClasses,
        gt(classes.startTime, ctx.clock.now()),
        user.role === 'admin' ? undefined : eq(classes.coachId, user.id),
      ),
    )
    .orderBy(classes.startTime)
    .limit(100);
  return rows.map(({ call, cls }) => toCallView(call, cls));
}

/** The active bookings' people of a class, one entry per person. */
async function attendeesOf(ctx: AppContext, classId: number) {
  const rows = await ctx.db
    .selectDistinct({ email: users.email, firstName: users.firstName })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.classId, classId), inStates(['confirmed'])));
  return rows;
}

async function checkDecision(ctx: AppContext, cls: ClassRow, body: WeatherCallBody): Promise<void> {
  if (body.decision === 'move') {
    if (!body.location?.trim() && !body.startTime && !policyOf(cls).backupLocation)
      throw badRequest('Choose where or when the class moves to', { location: ['Choose where or when the class moves to'] });
  }
  if (body.decision === 'offer') {
    if (!body.offerClassId) throw badRequest('Choose the session to offer', { offerClassId: ['Choose the session to offer'] });
    const other = await ctx.db
      .select()
      .from(classes)
      .where(and(eq(classes.id, body.offerClassId), liveClasses, ne(classes.id, cls.id)))
      .get();
    if (!other || other.coachId !== cls.coachId || !other.startTime || other.startTime <= ctx.clock.now()) {
      throw badRequest('Offer one of your own sessions that has not started', {
        offerClassId: ['Offer one of your own sessions that has not started'],
      });
    }
  }
}

/** What a decision does, once (its one-off key): emails, refunds, the move. */
async function applyDecision(
  ctx: AppContext,
  by: SessionUser,
  call: CallRow,
  cls: ClassRow,
  body: WeatherCallBody,
  editClass: EditClass,
): Promise<void> {
  const actor = by.role === 'admin' ? 'admin' : 'coach';
  if (call.status === 'cancelled') {
    const why = `We are sorry: ${cls.title} (${whenOf(cls)}) is cancelled for the weather (${call.reasons.join(', ')}). Your booking has been cancelled and everything you paid is refunded in full.${call.message ? ` The coach says: “${call.message}”` : ''}`;
    await cancelClassWithRefunds(ctx, cls.id, actor, why);
    return;
  }
  if (call.status === 'moved') {
    await moveClass(
      ctx,
      by,
      cls.id,
      {
        location: body.location?.trim() || (body.startTime ? undefined : (policyOf(cls).backupLocation ?? undefined)),
        startTime: body.startTime,
      },
      editClass,
    );
    return;
  }
  const people = await attendeesOf(ctx, cls.id);
  if (call.status === 'go') {
    if (body.notifyAttendees === false) return;
    for (const person of people) {
      const content = renderEmail({
        heading: `It's on: ${cls.title}`,
        paragraphs: [
          `Hi ${person.firstName}, the coach checked the forecast: ${cls.title} goes ahead as planned.`,
          `When: ${whenOf(cls)}`,
          ...(call.message ? [`The coach says: “${call.message}”`] : []),
        ],
        button: { label: 'View my bookings', url: `${ctx.env.publicUrl}/bookings` },
      });
      await send(ctx, { to: person.email, subject: `It's on: ${cls.title}`, ...content });
    }
    return;
  }
  // Offer another session: attendees may book the other session, or cancel this one with a full refund (the
  // booking is marked changed by the coach, which refunds in full until the class starts).
  const other = (await ctx.db.select().from(classes).where(eq(classes.id, call.offerClassId!)).get())!;
  await ctx.db.write((tx) =>
    tx
      .update(bookings)
      .set({ classChangedAt: ctx.clock.now() })
      .where(and(eq(bookings.classId, cls.id), inStates(['confirmed']))),
  );
  for (const person of people) {
    const content = renderEmail({
      heading: `Another session for the weather: ${cls.title}`,
      paragraphs: [
        `Hi ${person.firstName}, the forecast for ${cls.title} (${whenOf(cls)}) is poor (${call.reasons.join(', ')}), so the coach offers another session: ${other.title}, ${whenOf(other)}.`,
        `Move your booking there with one click (Move to ${whenOf(other)}): your spots, names and payment go with it, nothing more to pay. Or cancel it for a full refund. Both are on My Bookings.`,
        ...(call.message ? [`The coach says: “${call.message}”`] : []),
      ],
      button: { label: `Move to ${whenOf(other)}`, url: `${ctx.env.publicUrl}/bookings` },
    });
    await send(ctx, { to: person.email, subject: `Another session for the weather: ${cls.title}`, ...content });
  }
}

/** POST /api/classes/{id}/weather-call: the class's coach or an admin decides the call waiting on it (a move
 * runs `editClass`, class management's edit). */
export async function decideWeatherCall(
  ctx: AppContext,
  user: SessionUser,
  classId: number,
  body: WeatherCallBody,
  editClass: EditClass,
): Promise<WeatherCallView> {
  // A cancelled class is marked deleted: its call is still answered, so the same request again answers the same.
  const cls = await ctx.db.select().from(classes).where(eq(classes.id, classId)).get();
  if (!cls) throw notFound('Class not found.');
  if (user.role !== 'admin' && cls.coachId !== user.id) throw forbidden('You can only make the weather call for your own classes.');
  const call = await ctx.db.select().from(weatherCalls).where(eq(weatherCalls.classId, classId)).orderBy(desc(weatherCalls.id)).get();
  if (!call) throw conflict('No weather call is waiting for a decision on this class.');
  const target = STATUS_OF[body.decision];
  let decided: CallRow | undefined = call;
  if (call.status === 'pending') {
    if (cls.deletedAt) throw notFound('Class not found.');
    await checkDecision(ctx, cls, body);
    [decided] = await ctx.db.write((tx) =>
      tx
        .update(weatherCalls)
        .set({
          status: target,
          decidedBy: user.id,
          decidedAt: ctx.clock.now(),
          message: body.message?.trim() || null,
          offerClassId: body.decision === 'offer' ? body.offerClassId : null,
        })
        .where(and(eq(weatherCalls.id, call.id), eq(weatherCalls.status, 'pending')))
        .returning(),
    );
    // Someone else decided in between: answer as below with what they decided.
    decided ??= await ctx.db.select().from(weatherCalls).where(eq(weatherCalls.id, call.id)).get();
  }
  if (!decided || decided.status !== target)
    throw conflict(`This weather call was already decided: ${DECISION_WORDS[decided?.status ?? 'pending']}.`);
  // The effect once, whichever process or repeated request gets here; a failure (a refund) is finished by the next.
  await runOnce(ctx, `weather-call:${decided.id}:apply`, () => applyDecision(ctx, user, decided!, cls, body, editClass));
  return toCallView(decided, cls);
}

/** POST /api/bookings/{id}/move-to-offered-session: the booking's owner moves it to the session the coach offered
 * for the weather on its class (the class's latest call, decided "offer"). */
export async function moveBookingToOfferedSession(ctx: AppContext, user: SessionUser, bookingId: number): Promise<OfferedMoveView> {
  const booking = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, user.id)))
    .get();
  if (!booking) throw notFound('Booking not found.');
  const call = await ctx.db
    .select()
    .from(weatherCalls)
    .where(eq(weatherCalls.classId, booking.classId))
    .orderBy(desc(weatherCalls.id))
    .get();
  if (!call || call.status !== 'offered' || call.offerClassId === null) throw conflict('No other session is offered for this booking.');
  const { booking: moved, moved: now } = await moveToOfferedSession(ctx, user, bookingId, call.offerClassId);
  return {
    bookingId: moved.id,
    movedFromBookingId: bookingId,
    classId: moved.classId,
    status: 'confirmed',
    quantity: moved.quantity,
    amount: centsToDollars(moved.amountCents),
    moved: now,
  };
}
