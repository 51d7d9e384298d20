// Private calendar feeds: one random token per user (created on first ask, replaced by a reset), and the
// feed itself, an iCalendar document with an ETag so calendar apps polling it get 304 when nothing changed.
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { sha256 } from '@oslojs/crypto/sha2';
import { eq } from 'drizzle-orm';
import { calendarFeeds, users } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { buildCalendar } from '../lib/ics';
import { bookingEvents, teachingEvents } from './events';
import type { CalendarFeed } from './model';

const FEED_NOT_FOUND = 'This calendar feed does not exist or has been reset.';

function newToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

function feedUrl(ctx: AppContext, token: string): CalendarFeed {
  return { url: `${ctx.env.publicUrl}/api/calendar/${token}.ics` };
}

/** GET /api/calendar: the user's feed URL, made on first ask. */
export async function getCalendarFeed(ctx: AppContext, user: SessionUser): Promise<CalendarFeed> {
  const existing = await ctx.db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, user.id)).get();
  if (existing) return feedUrl(ctx, existing.token);
  const token = newToken();
  const [row] = await ctx.db.write((tx) =>
    tx
      .insert(calendarFeeds)
      .values({ userId: user.id, token })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { userId: user.id } })
      .returning({ token: calendarFeeds.token }),
  );
  return feedUrl(ctx, row!.token);
}

/** POST /api/calendar/reset: a new token; the old URL answers 404 from now on. */
export async function resetCalendarFeed(ctx: AppContext, user: SessionUser): Promise<CalendarFeed> {
  const token = newToken();
  await ctx.db.write((tx) =>
    tx
      .insert(calendarFeeds)
      .values({ userId: user.id, token })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: ctx.clock.now() } }),
  );
  return feedUrl(ctx, token);
}

export interface RenderedFeed {
  body: string;
  etag: string;
}

/** GET /api/calendar/{token}.ics: the owner's bookings, and the sessions they teach. */
export async function renderCalendarFeed(ctx: AppContext, file: string): Promise<RenderedFeed> {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
  if (!/^[a-z2-7]{20,80}$/.test(token)) throw notFound(FEED_NOT_FOUND);
  const owner = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, token))
    .get();
  if (!owner) throw notFound(FEED_NOT_FOUND);
  const now = ctx.clock.now();
  const events = await bookingEvents(ctx, owner.id, now);
  if (owner.role !== 'customer') events.push(...(await teachingEvents(ctx, owner.id, now)));
  events.sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid));
  const body = buildCalendar(events, 'Fogline');
  return { body, etag: `"${encodeHexLowerCase(sha256(new TextEncoder().encode(body))).slice(0, 32)}"` };
}

/** If-None-Match holds the feed's current ETag (or *): the calendar app's copy is up to date. */
export function isNotModified(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}
