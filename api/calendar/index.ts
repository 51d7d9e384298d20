// Calendar feed routes: the caller's private feed URL, resetting it, and the feed itself (no session: the
// token in the URL is the credential, as calendar apps subscribe without cookies).
import { Elysia } from 'elysia';
import { authPlugin, requireUser } from '../auth/plugin';
import type { AppContext } from '../context';
import { buildCalendar } from '../lib/ics';
import { Message } from '../../common/schema';
import { CalendarFeed, FeedParams } from './model';
import { getCalendarFeed, isNotModified, renderCalendarFeed, resetCalendarFeed } from './service';

const tags = ['Calendar'];
/** The documented example, written by the same generator as every feed. */
const FEED_EXAMPLE = buildCalendar(
  [
    {
      uid: 'booking-42@fogline',
      title: 'Sunrise Yoga',
      description: '1 spot booked on Fogline: Casey Morgan.',
      location: 'Crissy Field, 1199 E Beach, San Francisco, CA 94129',
      url: 'http://localhost:4321/classes/7',
      start: new Date('2027-03-14T16:00:00Z'),
      end: new Date('2027-03-14T17:00:00Z'),
      stamp: new Date('2027-03-01T12:00:00Z'),
      sequence: 1,
    },
  ],
  'Fogline',
);

export function calendarRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get('/calendar', ({ user }) => getCalendarFeed(ctx, requireUser(user)), {
      auth: 'user',
      response: { 200: CalendarFeed, 401: Message },
      detail: {
        tags,
        summary: "The signed-in user's private calendar feed URL",
        description:
          'Subscribe to it in a calendar app (Google, Apple, Outlook). Customers see their confirmed bookings; coaches also the sessions they teach, with the spots booked and the waitlist count. Made on first ask; keep it private.',
      },
    })
    .post('/calendar/reset', ({ user }) => resetCalendarFeed(ctx, requireUser(user)), {
      auth: 'user',
      response: { 200: CalendarFeed, 401: Message },
      detail: { tags, summary: 'Replace the feed URL: the old one stops working at once (404)' },
    })
    .get(
      '/calendar/:token',
      async ({ params, request }) => {
        const feed = await renderCalendarFeed(ctx, params.token);
        const headers = { etag: feed.etag, 'cache-control': 'private, no-cache', 'x-content-type-options': 'nosniff' };
        if (isNotModified(request.headers.get('if-none-match'), feed.etag)) return new Response(null, { status: 304, headers });
        return new Response(feed.body, { headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8' } });
      },
      {
        params: FeedParams,
        detail: {
          tags,
          summary: 'The iCalendar feed behind a private URL',
          description:
            'RFC 5545 with a VTIMEZONE for America/Los_Angeles. Each booking (UID booking-N@fogline) or taught session (UID class-N@fogline) keeps its UID; a moved class comes with a higher SEQUENCE; a cancelled booking or deleted class stays 30 days as STATUS:CANCELLED. Sends an ETag; If-None-Match with it answers 304. A reset or made-up token answers 404.',
          responses: {
            200: { description: 'The feed', content: { 'text/calendar': { schema: { type: 'string' }, example: FEED_EXAMPLE } } },
            304: { description: 'Not modified since the ETag sent in If-None-Match' },
            404: {
              description: 'No feed behind this token (reset or never issued)',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { message: { type: 'string' } } },
                  example: { message: 'This calendar feed does not exist or has been reset.' },
                },
              },
            },
          },
        },
      },
    );
}
