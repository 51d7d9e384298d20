// Calendar feeds (issue 14): a private URL per user, customers' confirmed bookings and coaches' sessions as
// RFC 5545 (parsed here with ical.js), Pacific times across the 2027 daylight-saving changes, stable UIDs with a
// higher SEQUENCE when a class moves, cancelled events kept 30 days, ETag/304, and a reset URL that answers 404.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { bookings, classes } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { calendarAttachment, parseCalendar, rfc5545Problems } from '../../helpers/ical';
import { pageTotal, sentMail } from '../../helpers/fixtures';
import { addClass, addUser, type Cast, clientFor, makeCast } from '../classes/helpers';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let cast: Cast;
let springId: number; // 2027-03-14, the first day of daylight time
let fallId: number; // 2027-11-07, the first day of standard time
let springBooking: number;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set('2027-03-01T12:00:00Z');
  cast = await makeCast(server);
  springId = await addClass(server.ctx, {
    coachId: cast.coachId,
    title: 'Spring Forward Yoga',
    priceCents: 0,
    startTime: new Date('2027-03-14T16:00:00Z'),
  });
  fallId = await addClass(server.ctx, {
    coachId: cast.coachId,
    title: 'Fall Back Run',
    priceCents: 0,
    startTime: new Date('2027-11-07T17:00:00Z'),
  });
  const spring = await cast.customer.post(
    '/api/bookings/free',
    withWaivers({
      classId: springId,
      quantity: 2,
      attendees: [{ name: 'Casey Morgan' }, { name: 'Robin Morgan' }],
    }),
  );
  expect(spring.status).toBe(201);
  springBooking = spring.body.id;
  expect((await cast.customer.post('/api/bookings/free', withWaivers({ classId: fallId }))).status).toBe(201);
});
afterAll(() => server.stop());

async function feedUrl(client = cast.customer): Promise<string> {
  const res = await client.get('/api/calendar');
  expect(res.status).toBe(200);
  return res.body.url;
}

async function readFeed(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { res, text: res.status === 200 ? await res.text() : '' };
}

describe('the private feed URL', () => {
  test('a visitor gets 401 for the URL and for a reset', async () => {
    expect((await cast.visitor.get('/api/calendar')).status).toBe(401);
    expect((await cast.visitor.post('/api/calendar/reset')).status).toBe(401);
  });

  test('each user has one long random URL, the same each time they ask', async () => {
    const first = await feedUrl();
    expect(first).toMatch(new RegExp(`^${server.url}/api/calendar/[a-z2-7]{52}\\.ics$`));
    expect(await feedUrl()).toBe(first);
    expect(await feedUrl(cast.coach)).not.toBe(first);
  });

  test('a made-up, malformed or extension-less token answers 404 with a message', async () => {
    const url = await feedUrl();
    for (const path of [
      '/api/calendar/' + 'a'.repeat(52) + '.ics',
      '/api/calendar/nope.ics',
      url.replace(server.url, '').replace('.ics', ''),
    ]) {
      const res = await cast.visitor.get(path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('This calendar feed does not exist or has been reset.');
    }
  });
});

describe("a customer's feed", () => {
  test('parses as iCalendar with a VTIMEZONE for America/Los_Angeles and one event per confirmed booking', async () => {
    const { res, text } = await readFeed(await feedUrl());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const { zones, events } = parseCalendar(text);
    expect(zones).toEqual(['America/Los_Angeles']);
    expect(text).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n'); // calendar apps poll it hourly
    expect(events.map((e) => e.summary)).toEqual(['Spring Forward Yoga', 'Fall Back Run']);
    expect(events[0]!.uid).toBe(`booking-${springBooking}@fogline`);
    expect(events.every((e) => e.status === 'CONFIRMED' && e.tzid === 'America/Los_Angeles')).toBe(true);
    expect(events[0]!.description).toContain('2 spots booked on Fogline: Casey Morgan, Robin Morgan.');
  });

  test('times read 9:00 AM Pacific on both sides of the 2027-03-14 and 2027-11-07 changes', async () => {
    const { events } = parseCalendar((await readFeed(await feedUrl())).text);
    const [spring, fall] = events;
    expect(spring!.localStart).toBe('2027-03-14 09:00');
    expect(spring!.start.toISOString()).toBe('2027-03-14T16:00:00.000Z'); // PDT, UTC-7
    expect(fall!.localStart).toBe('2027-11-07 09:00');
    expect(fall!.start.toISOString()).toBe('2027-11-07T17:00:00.000Z'); // PST, UTC-8
    expect(fall!.end.toISOString()).toBe('2027-11-07T18:00:00.000Z');
  });

  test('keeps the RFC 5545 rules a lenient parser forgives: CRLF, 75-octet lines, UID, DTSTAMP in UTC, a VTIMEZONE for each TZID', async () => {
    for (const client of [cast.customer, cast.coach]) {
      const { text } = await readFeed(await feedUrl(client));
      expect(parseCalendar(text).events.length).toBeGreaterThan(0);
      expect(rfc5545Problems(text)).toEqual([]);
    }
  });

  test("the confirmation email's calendar file is the feed's event: same UID and SEQUENCE, 9:00 AM Pacific", async () => {
    const mail = (await sentMail(server)).find((m) => m.includes('Booking confirmed: Spring Forward Yoga'))!;
    const attachment = calendarAttachment(mail)!;
    expect(rfc5545Problems(attachment)).toEqual([]);
    const [sent] = parseCalendar(attachment).events;
    const inFeed = parseCalendar((await readFeed(await feedUrl())).text).events.find((e) => e.uid === sent!.uid)!;
    expect(sent).toMatchObject({
      uid: `booking-${springBooking}@fogline`,
      localStart: '2027-03-14 09:00',
      tzid: 'America/Los_Angeles',
      status: 'CONFIRMED',
    });
    expect(sent!.description).toContain('Casey Morgan, Robin Morgan');
    expect(inFeed.sequence).toBe(sent!.sequence);
    expect(inFeed.start.toISOString()).toBe(sent!.start.toISOString());
  });

  test('leaves out a payment hold not yet paid and a hold that expired unpaid: only confirmed bookings', async () => {
    const paidId = await addClass(server.ctx, {
      coachId: cast.coachId,
      title: 'Paid Hold Pilates',
      priceCents: 2500,
      startTime: new Date('2027-03-21T17:00:00Z'),
    });
    const held = await cast.customer.post(
      '/api/payment/create-intent',
      withWaivers({ classId: paidId, quantity: 1, amount: pageTotal(2500, 1) }),
    );
    expect(held.status).toBe(200);
    const now = server.clock.now();
    await server.ctx.db.write((tx) =>
      tx.insert(bookings).values({
        classId: paidId,
        userId: cast.customerId,
        status: 'cancelled',
        quantity: 1,
        amountCents: 2625,
        cancelledAt: now,
        cancelReason: 'hold_expired',
      }),
    );
    const { events } = parseCalendar((await readFeed(await feedUrl())).text);
    expect(events.some((e) => e.summary === 'Paid Hold Pilates')).toBe(false);
  });

  test("shows no one else's bookings", async () => {
    const { events } = parseCalendar((await readFeed(await feedUrl(cast.otherCoach))).text);
    expect(events).toEqual([]);
  });

  test('answers 304 to If-None-Match with its ETag, and a new ETag once something changes', async () => {
    const url = await feedUrl();
    const { res } = await readFeed(url);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await readFeed(url, { 'if-none-match': etag })).res.status).toBe(304);
    expect((await readFeed(url, { 'if-none-match': `W/${etag}, "other"` })).res.status).toBe(304);
    await server.ctx.db.write((tx) => tx.update(classes).set({ title: 'Spring Forward Yoga Flow' }).where(eq(classes.id, springId)));
    const changed = await readFeed(url, { 'if-none-match': etag });
    expect(changed.res.status).toBe(200);
    expect(changed.res.headers.get('etag')).not.toBe(etag);
  });
});

describe("a coach's feed", () => {
  test('shows the sessions they teach with the spots booked and the waitlist count', async () => {
    const { events } = parseCalendar((await readFeed(await feedUrl(cast.coach))).text);
    const spring = events.find((e) => e.uid === `class-${springId}@fogline`)!;
    expect(spring.description).toContain('2 of 10 spots booked');
    expect(spring.description).toContain('0 on the waitlist');
    expect(spring.localStart).toBe('2027-03-14 09:00');
    const fall = events.find((e) => e.uid === `class-${fallId}@fogline`)!;
    expect(fall.description).toContain('1 of 10 spots booked');
    expect(fall.localStart).toBe('2027-11-07 09:00');
    expect(fall.start.toISOString()).toBe('2027-11-07T17:00:00.000Z'); // PST, UTC-8
    expect(spring.start.toISOString()).toBe('2027-03-14T16:00:00.000Z'); // PDT, UTC-7
  });

  test('links each session to its roster page, /roster/{classId}', async () => {
    const { events } = parseCalendar((await readFeed(await feedUrl(cast.coach))).text);
    expect(events.find((e) => e.uid === `class-${springId}@fogline`)!.description).toContain(`Roster: ${server.url}/roster/${springId}`);
  });

  test("counts the people on a full session's waitlist", async () => {
    const fullId = await addClass(server.ctx, {
      coachId: cast.coachId,
      title: 'Tiny Class',
      priceCents: 0,
      capacity: 1,
      startTime: new Date('2027-03-20T17:00:00Z'),
    });
    expect((await cast.customer.post('/api/bookings/free', withWaivers({ classId: fullId }))).status).toBe(201);
    const waiter = await clientFor(server, await addUser(server.ctx, { firstName: 'Wren', lastName: 'Park' }));
    expect((await waiter.post(`/api/classes/${fullId}/waitlist`, { quantity: 1 })).status).toBe(201);
    const { events } = parseCalendar((await readFeed(await feedUrl(cast.coach))).text);
    const full = events.find((e) => e.uid === `class-${fullId}@fogline`)!;
    expect(full.description).toContain('1 of 1 spots booked');
    expect(full.description).toContain('1 on the waitlist');
  });
});

describe('changes', () => {
  test('a moved class keeps its UID in both feeds with a higher SEQUENCE and the new time', async () => {
    const before = parseCalendar((await readFeed(await feedUrl())).text).events.find((e) => e.uid === `booking-${springBooking}@fogline`)!;
    const coachBefore = parseCalendar((await readFeed(await feedUrl(cast.coach))).text).events.find(
      (e) => e.uid === `class-${springId}@fogline`,
    )!;
    const moved = new Date('2027-03-14T17:30:00Z');
    await server.ctx.db.write((tx) =>
      tx
        .update(classes)
        .set({ startTime: moved, endTime: new Date(moved.getTime() + 3_600_000) })
        .where(eq(classes.id, springId)),
    );
    const after = parseCalendar((await readFeed(await feedUrl())).text).events.find((e) => e.uid === `booking-${springBooking}@fogline`)!;
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.localStart).toBe('2027-03-14 10:30');
    const coachAfter = parseCalendar((await readFeed(await feedUrl(cast.coach))).text).events.find(
      (e) => e.uid === `class-${springId}@fogline`,
    )!;
    expect(coachAfter.sequence).toBeGreaterThan(coachBefore.sequence);
    expect(coachAfter.start.toISOString()).toBe(moved.toISOString());
  });

  test('a cancelled booking stays as STATUS:CANCELLED with a higher SEQUENCE for 30 days, then leaves the feed', async () => {
    const url = await feedUrl();
    const before = parseCalendar((await readFeed(url)).text).events.find((e) => e.uid === `booking-${springBooking}@fogline`)!;
    expect((await cast.customer.put(`/api/bookings/${springBooking}/cancel`)).status).toBe(200);
    const after = parseCalendar((await readFeed(url)).text).events.find((e) => e.uid === `booking-${springBooking}@fogline`)!;
    expect(after.status).toBe('CANCELLED');
    expect(after.sequence).toBeGreaterThan(before.sequence);
    server.clock.advance(29 * 86_400_000);
    expect(parseCalendar((await readFeed(url)).text).events.some((e) => e.uid === `booking-${springBooking}@fogline`)).toBe(true);
    server.clock.advance(2 * 86_400_000);
    expect(parseCalendar((await readFeed(url)).text).events.some((e) => e.uid === `booking-${springBooking}@fogline`)).toBe(false);
    server.clock.set('2027-03-01T12:00:00Z');
  });

  test("a deleted class is cancelled in the coach feed and in its customers' feeds", async () => {
    const deleted = await cast.coach.delete(`/api/classes/${fallId}?deleteOption=this`);
    expect(deleted.status).toBeLessThan(300);
    const coach = parseCalendar((await readFeed(await feedUrl(cast.coach))).text).events.find((e) => e.uid === `class-${fallId}@fogline`)!;
    expect(coach.status).toBe('CANCELLED');
    const customer = parseCalendar((await readFeed(await feedUrl())).text).events.find((e) => e.summary === 'Fall Back Run')!;
    expect(customer.status).toBe('CANCELLED');
    // Gone from both feeds once the 30 days are over.
    const [coachFeed, customerFeed] = [await feedUrl(cast.coach), await feedUrl()];
    server.clock.advance(31 * 86_400_000);
    expect(parseCalendar((await readFeed(coachFeed)).text).events.some((e) => e.uid === `class-${fallId}@fogline`)).toBe(false);
    expect(parseCalendar((await readFeed(customerFeed)).text).events.some((e) => e.summary === 'Fall Back Run')).toBe(false);
    server.clock.set('2027-03-01T12:00:00Z');
  });
});

describe('reset', () => {
  test('a reset gives a new URL at once and the old one answers 404', async () => {
    const old = await feedUrl();
    const reset = await cast.customer.post('/api/calendar/reset');
    expect(reset.status).toBe(200);
    expect(reset.body.url).not.toBe(old);
    expect(await feedUrl()).toBe(reset.body.url);
    expect((await readFeed(old)).res.status).toBe(404);
    expect((await readFeed(reset.body.url)).res.status).toBe(200);
  });
});
