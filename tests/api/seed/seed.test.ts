// Demo data (issue 2, Foundation): the runtime contract's accounts, a believable Bay Area timetable around
// today, bookings, reviews, blog posts and offline imagery, seeded once and quickly.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, count, eq, isNull, isNotNull } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FakeClock } from '../../../api/lib/clock';
import { priceBreakdown } from '../../../common/money';
import { pacificHHMM } from '../../../common/pacific';
import { isBookable } from '../../../api/classes/shape';
import {
  blogPosts,
  bookingAttendees,
  bookings,
  categories,
  classes,
  passLedger,
  reviews,
  users,
  waitlistEntries,
} from '../../../db/schema';
import { DEMO_PASSWORD, seedDemoData, seedIfEmpty } from '../../../api/seed';
import { DEMO_PROMO_CODE } from '../../../api/seed/demo-data';
import { startTestServer, type TestServer } from '../../helpers/api';
import { clientFor } from '../classes/helpers';

const PUBLIC_DIR = resolve(import.meta.dir, '../../../site/public');

let server: TestServer;
let now: Date;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  now = server.clock.now();
});
afterAll(() => server.stop());

const db = () => server.ctx.db;
const allClasses = () => db().select().from(classes);
const bookableClasses = async () => (await allClasses()).filter(isBookable);
const userByEmail = (email: string) => db().select().from(users).where(eq(users.email, email)).get();

describe('demo accounts', () => {
  test.each([
    ['admin@fogline.test', 'admin', true],
    ['coach@fogline.test', 'coach', true],
    ['newcoach@fogline.test', 'coach', false],
    ['customer@fogline.test', 'customer', true],
  ] as const)('%s is a %s (approved: %p) with the password demo-password', async (email, role, approved) => {
    const user = await userByEmail(email);
    expect(user?.role).toBe(role);
    expect(user?.isApproved).toBe(approved);
    expect(await Bun.password.verify(DEMO_PASSWORD, user!.passwordHash!)).toBe(true);
  });

  test('the approved demo coach has a bio, areas of expertise, certifications and a profile image', async () => {
    const coach = (await userByEmail('coach@fogline.test'))!;
    expect(coach.bio!.length).toBeGreaterThan(80);
    expect(coach.certifications).toBeTruthy();
    expect(coach.profileImage).toMatch(/^\/images\/coaches\/.+\.svg$/);
    const categoryIds = (await db().select({ id: categories.id }).from(categories)).map((c) => c.id);
    expect(coach.areasOfExpertise.length).toBeGreaterThan(0);
    for (const id of coach.areasOfExpertise) expect(categoryIds).toContain(id);
  });

  test('the demo coach owns a recurring series and one-time classes, past and upcoming, with bookings', async () => {
    const coach = (await userByEmail('coach@fogline.test'))!;
    const mine = (await bookableClasses()).filter((c) => c.coachId === coach.id);
    const series = (await allClasses()).filter((c) => c.coachId === coach.id && c.isRecurring && c.parentClassId === null);
    const oneTime = mine.filter((c) => !c.isRecurring);
    expect(series.length).toBeGreaterThanOrEqual(1);
    expect(oneTime.some((c) => c.startTime! < now)).toBe(true);
    expect(oneTime.some((c) => c.startTime! > now)).toBe(true);
    const booked = await db().select({ classId: bookings.classId }).from(bookings).where(eq(bookings.status, 'confirmed'));
    const bookedIds = new Set(booked.map((b) => b.classId));
    expect(mine.filter((c) => bookedIds.has(c.id)).length).toBeGreaterThanOrEqual(5);
  });

  test('there are about a dozen approved coaches with bios, expertise and portraits, and more customers', async () => {
    const coaches = await db()
      .select()
      .from(users)
      .where(and(eq(users.role, 'coach'), eq(users.isApproved, true)));
    expect(coaches.length).toBeGreaterThanOrEqual(10);
    for (const coach of coaches) {
      expect(coach.bio).toBeTruthy();
      expect(coach.areasOfExpertise.length).toBeGreaterThan(0);
      expect(coach.certifications).toBeTruthy();
      expect(coach.profileImage).toBeTruthy();
    }
    const customers = await db().select().from(users).where(eq(users.role, 'customer'));
    expect(customers.length).toBeGreaterThanOrEqual(5);
  });
});

describe('categories', () => {
  test('about ten categories across fitness, sports, art, music and gym, each with an image', async () => {
    const rows = await db().select().from(categories);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const names = rows.map((c) => c.name).join(' ');
    for (const word of ['Yoga', 'Running', 'Tennis', 'Soccer', 'Painting', 'Music', 'Gym']) expect(names).toContain(word);
    for (const c of rows) expect(c.image).toMatch(/^\/images\/classes\/.+\.svg$/);
  });
});

describe('classes', () => {
  test('at least 80 bookable classes, both past and upcoming relative to the clock', async () => {
    const rows = await bookableClasses();
    expect(rows.length).toBeGreaterThanOrEqual(80);
    expect(rows.filter((c) => c.startTime! < now).length).toBeGreaterThanOrEqual(20);
    expect(rows.filter((c) => c.startTime! > now).length).toBeGreaterThanOrEqual(20);
  });

  test('past classes reach back about six weeks and upcoming ones about six weeks ahead', async () => {
    const days = (await bookableClasses()).map((c) => (c.startTime!.getTime() - now.getTime()) / 86_400_000);
    expect(Math.min(...days)).toBeGreaterThan(-50);
    expect(Math.min(...days)).toBeLessThan(-25);
    expect(Math.max(...days)).toBeLessThan(50);
    expect(Math.max(...days)).toBeGreaterThan(25);
  });

  test('every address has at least 3 comma pieces and the second-to-last is the city', async () => {
    for (const c of await allClasses()) {
      const pieces = c.address!.split(',').map((s) => s.trim());
      expect(pieces.length).toBeGreaterThanOrEqual(3);
      expect(pieces.at(-2)).toBe(c.city!);
      expect(['San Francisco', 'Oakland', 'Berkeley', 'Sausalito']).toContain(c.city!);
      expect(pieces.at(-1)).toBe(`CA ${c.zipCode}`);
      expect(c.zipCode).toMatch(/^9\d{4}$/);
      expect(c.state).toBe('CA');
      expect(pieces[0]).toBe(c.addressLine1!);
      expect(c.location).toBeTruthy();
    }
  });

  test('most classes are in San Francisco, a few in Oakland, Berkeley and Sausalito', async () => {
    const cities = (await bookableClasses()).map((c) => c.city);
    expect(cities.filter((c) => c === 'San Francisco').length / cities.length).toBeGreaterThan(0.8);
    for (const city of ['Oakland', 'Berkeley', 'Sausalito']) expect(cities).toContain(city);
  });

  test('coordinates are inside the Bay Area', async () => {
    for (const c of await allClasses()) {
      expect(c.latitude!).toBeGreaterThan(37.6);
      expect(c.latitude!).toBeLessThan(37.95);
      expect(c.longitude!).toBeGreaterThan(-122.55);
      expect(c.longitude!).toBeLessThan(-122.2);
    }
  });

  test('classes start on the half hour between 6:30 AM and 7:30 PM Pacific and end after their duration', async () => {
    for (const c of await allClasses()) {
      const hhmm = pacificHHMM(c.startTime!);
      expect(hhmm).toMatch(/^\d\d:(00|30)$/);
      expect(hhmm >= '06:30' && hhmm <= '19:30').toBe(true);
      expect(c.endTime!.getTime() - c.startTime!.getTime()).toBe(c.duration * 60_000);
    }
  });

  test('each class has a title, a concrete description, what to bring, a capacity of 6 to 25 and a price up to $45', async () => {
    for (const c of await allClasses()) {
      expect(c.title.length).toBeGreaterThan(5);
      expect(c.description.split('. ').length).toBeGreaterThanOrEqual(2);
      expect(c.whatToBring).toBeTruthy();
      expect(c.capacity).toBeGreaterThanOrEqual(6);
      expect(c.capacity).toBeLessThanOrEqual(25);
      expect(c.priceCents).toBeGreaterThanOrEqual(0);
      expect(c.priceCents).toBeLessThanOrEqual(4500);
      expect(Number.isInteger(c.priceCents)).toBe(true);
      expect(c.categoryId).not.toBeNull();
    }
  });

  test('some classes are free, some are full and about one in five is for Kids', async () => {
    const rows = await bookableClasses();
    expect(rows.filter((c) => c.priceCents === 0).length).toBeGreaterThanOrEqual(3);
    const kids = rows.filter((c) => c.ageGroup === 'Kids').length / rows.length;
    expect(kids).toBeGreaterThan(0.1);
    expect(kids).toBeLessThan(0.3);
    const spotsTaken = await confirmedSpotsByClass();
    const full = rows.filter((c) => (spotsTaken.get(c.id) ?? 0) === c.capacity);
    expect(full.length).toBeGreaterThanOrEqual(3);
    expect(full.some((c) => c.startTime! > now)).toBe(true);
  });

  test('no class has more confirmed spots than its capacity', async () => {
    const spotsTaken = await confirmedSpotsByClass();
    for (const c of await allClasses()) expect(spotsTaken.get(c.id) ?? 0).toBeLessThanOrEqual(c.capacity);
  });
});

async function confirmedSpotsByClass(): Promise<Map<number, number>> {
  const rows = await db().select().from(bookings).where(eq(bookings.status, 'confirmed'));
  const spots = new Map<number, number>();
  for (const b of rows) spots.set(b.classId, (spots.get(b.classId) ?? 0) + b.quantity);
  return spots;
}

describe('recurring series', () => {
  test('a series is a parent row that is never booked, plus one session per occurrence at the same Pacific wall-clock time', async () => {
    const rows = await allClasses();
    const parents = rows.filter((c) => c.isRecurring && c.parentClassId === null);
    expect(parents.length).toBeGreaterThanOrEqual(3);
    const booked = new Set((await db().select({ classId: bookings.classId }).from(bookings)).map((b) => b.classId));
    for (const parent of parents) {
      const sessions = rows.filter((c) => c.parentClassId === parent.id).sort((a, b) => a.startTime!.getTime() - b.startTime!.getTime());
      expect(booked.has(parent.id)).toBe(false);
      expect(parent.recurrenceType).toBe('weekly');
      expect(parent.recurrenceInterval).toBe(1);
      expect(parent.recurrenceEndType).toBe('count');
      expect(sessions.length).toBe(parent.recurrenceEndCount!);
      expect(sessions[0]!.startTime).toEqual(parent.startTime);
      const days: number[] = JSON.parse(parent.recurrenceDaysOfWeek!);
      for (const session of sessions) {
        expect(session.isRecurring).toBe(true);
        expect(session.recurrenceDaysOfWeek).toBe(parent.recurrenceDaysOfWeek);
        expect(session.recurrenceEndCount).toBe(parent.recurrenceEndCount);
        expect(session.coachId).toBe(parent.coachId);
        expect(pacificHHMM(session.startTime!)).toBe(pacificHHMM(parent.startTime!));
        const weekday = new Date(session.startTime!.toLocaleString('en-US', { timeZone: 'America/Los_Angeles' })).getDay();
        expect(days).toContain(weekday);
      }
    }
  });

  test('a series that crosses the daylight-saving change keeps its Pacific start time', async () => {
    const dst = await startTestServer({ seed: true, clock: new FakeClock(new Date('2027-03-14T20:00:00Z')) });
    try {
      const rows = await dst.ctx.db.select().from(classes).where(isNotNull(classes.parentClassId));
      const bySeries = Map.groupBy(rows, (c) => c.parentClassId);
      for (const sessions of bySeries.values()) {
        const offsets = new Set(sessions.map((c) => c.startTime!.getUTCHours()));
        expect(offsets.size).toBe(2); // the UTC hour moves with PST/PDT ...
        expect(new Set(sessions.map((c) => pacificHHMM(c.startTime!))).size).toBe(1); // ... the Pacific time does not
      }
    } finally {
      await dst.stop();
    }
  });
});

describe('bookings and reviews', () => {
  test('the demo customer has past and upcoming confirmed bookings, and one cancelled with a refund', async () => {
    const customer = (await userByEmail('customer@fogline.test'))!;
    const rows = await db()
      .select({ booking: bookings, start: classes.startTime })
      .from(bookings)
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .where(eq(bookings.userId, customer.id));
    const confirmed = rows.filter((r) => r.booking.status === 'confirmed');
    expect(confirmed.filter((r) => r.start! < now).length).toBeGreaterThanOrEqual(3);
    expect(confirmed.filter((r) => r.start! > now).length).toBeGreaterThanOrEqual(3);
    const cancelled = rows.filter((r) => r.booking.status === 'cancelled');
    expect(cancelled.length).toBeGreaterThanOrEqual(1);
    expect(cancelled[0]!.booking.cancelReason).toBe('customer');
    expect(cancelled[0]!.booking.refundAmountCents).toBe(cancelled[0]!.booking.amountCents);
  });

  test('the demo customer has reviewed some past classes and has others left to review', async () => {
    const customer = (await userByEmail('customer@fogline.test'))!;
    const reviewedBookings = new Set((await db().select().from(reviews).where(eq(reviews.userId, customer.id))).map((r) => r.bookingId));
    const past = (
      await db()
        .select({ id: bookings.id, start: classes.startTime })
        .from(bookings)
        .innerJoin(classes, eq(classes.id, bookings.classId))
        .where(and(eq(bookings.userId, customer.id), eq(bookings.status, 'confirmed')))
    ).filter((b) => b.start! < now);
    expect(past.filter((b) => reviewedBookings.has(b.id)).length).toBeGreaterThanOrEqual(2);
    expect(past.filter((b) => !reviewedBookings.has(b.id)).length).toBeGreaterThanOrEqual(1);
  });

  test('booking amounts are price x quantity plus the 5% service fee, confirmed bookings have confirmedAt', async () => {
    const rows = await db()
      .select({ booking: bookings, priceCents: classes.priceCents })
      .from(bookings)
      .innerJoin(classes, eq(classes.id, bookings.classId));
    expect(rows.length).toBeGreaterThan(200);
    // Bookings paid with the demo customer's pass (issue 19) were paid by its credits: nothing charged for them.
    const byPass = new Set((await db().select({ id: passLedger.bookingId }).from(passLedger)).map((r) => r.id));
    for (const { booking, priceCents } of rows) {
      const price = byPass.has(booking.id)
        ? { subtotalCents: 0, serviceFeeCents: 0, totalCents: 0 }
        : priceBreakdown(priceCents, booking.quantity);
      expect(booking.subtotalCents).toBe(price.subtotalCents);
      expect(booking.serviceFeeCents).toBe(price.serviceFeeCents);
      expect(booking.amountCents).toBe(price.totalCents);
      expect(booking.confirmedAt).not.toBeNull();
      expect(booking.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  test("every Kids booking names each child with an age, one per spot; an adult's group names the booker first, then friends by full name", async () => {
    const rows = await db()
      .select({
        id: bookings.id,
        quantity: bookings.quantity,
        ageGroup: classes.ageGroup,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(bookings)
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .innerJoin(users, eq(users.id, bookings.userId));
    const named = await db().select().from(bookingAttendees);
    const kids = rows.filter((b) => b.ageGroup === 'Kids');
    expect(kids.length).toBeGreaterThan(5);
    for (const booking of kids) {
      const children = named.filter((a) => a.bookingId === booking.id).sort((a, b) => a.position - b.position);
      expect(children.map((c) => c.position)).toEqual(Array.from({ length: booking.quantity }, (_, i) => i));
      for (const child of children) {
        expect(child.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
        expect(child.age).toBeGreaterThanOrEqual(5);
        expect(child.age).toBeLessThanOrEqual(11);
      }
    }
    const adults = rows.filter((b) => b.ageGroup !== 'Kids');
    const singles = new Set(adults.filter((b) => b.quantity === 1).map((b) => b.id));
    expect(named.some((a) => singles.has(a.bookingId))).toBe(false);
    const groups = adults.filter((b) => b.quantity > 1);
    expect(groups.filter((b) => b.quantity <= 3).length).toBeGreaterThan(20);
    for (const booking of groups) {
      const spots = named.filter((a) => a.bookingId === booking.id).sort((a, b) => a.position - b.position);
      expect(spots.map((a) => a.position)).toEqual(Array.from({ length: booking.quantity }, (_, i) => i));
      expect(spots[0]!.name).toBe(`${booking.firstName} ${booking.lastName}`);
      for (const friend of spots.slice(1)) {
        expect(friend.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
        expect(friend.name).not.toContain('Guest');
        expect(friend.age).toBeNull();
      }
      expect(new Set(spots.map((a) => a.name)).size).toBe(booking.quantity);
    }
  });

  test('there is no pending booking and at most one active booking per customer per class', async () => {
    expect((await db().select({ n: count() }).from(bookings).where(eq(bookings.status, 'pending')).get())!.n).toBe(0);
    const active = await db().select().from(bookings).where(eq(bookings.status, 'confirmed'));
    const pairs = new Set(active.map((b) => `${b.classId}:${b.userId}`));
    expect(pairs.size).toBe(active.length);
  });

  test('reviews are one per booking, only for classes that already started, rated 1 to 5 for the class coach', async () => {
    const rows = await db()
      .select({ review: reviews, booking: bookings, klass: classes })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
      .innerJoin(classes, eq(classes.id, reviews.classId));
    expect(rows.length).toBeGreaterThan(50);
    for (const { review, booking, klass } of rows) {
      expect(booking.classId).toBe(review.classId);
      expect(booking.userId).toBe(review.userId);
      expect(booking.status).toBe('confirmed');
      expect(review.coachId).toBe(klass.coachId);
      expect(klass.startTime!.getTime()).toBeLessThan(now.getTime());
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(review.updatedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  test('every approved coach with classes has reviews, and the ratings look like a real marketplace', async () => {
    const coaches = await db()
      .select()
      .from(users)
      .where(and(eq(users.role, 'coach'), eq(users.isApproved, true)));
    const rows = await db().select().from(reviews);
    for (const coach of coaches) {
      const ratings = rows.filter((r) => r.coachId === coach.id).map((r) => r.rating);
      expect(ratings.length).toBeGreaterThanOrEqual(3);
      const average = ratings.reduce((a, b) => a + b, 0) / ratings.length;
      expect(average).toBeGreaterThan(3.3);
    }
  });
});

describe('waitlists', () => {
  const waiting = () =>
    db()
      .select({ entry: waitlistEntries, klass: classes })
      .from(waitlistEntries)
      .innerJoin(classes, eq(classes.id, waitlistEntries.classId))
      .orderBy(waitlistEntries.id);

  test('most full classes to come have 1 to 4 people waiting, who joined in line order hours to days ago, before the class', async () => {
    const spotsTaken = await confirmedSpotsByClass();
    const fullToCome = (await bookableClasses()).filter((c) => c.startTime! > now && (spotsTaken.get(c.id) ?? 0) === c.capacity);
    const entries = await waiting();
    const lines = Map.groupBy(entries, (e) => e.entry.classId);
    expect(fullToCome.filter((c) => lines.has(c.id)).length / fullToCome.length).toBeGreaterThan(0.5);
    const allBookings = await db().select().from(bookings);
    for (const [classId, line] of lines) {
      const klass = line[0]!.klass;
      expect(fullToCome.map((c) => c.id)).toContain(classId);
      expect(line.length).toBeGreaterThanOrEqual(1);
      expect(line.length).toBeLessThanOrEqual(4);
      const bookers = new Set(allBookings.filter((b) => b.classId === classId).map((b) => b.userId));
      expect(new Set(line.map((e) => e.entry.userId)).size).toBe(line.length);
      for (const [i, { entry }] of line.entries()) {
        expect(entry.status).toBe('waiting');
        expect([1, 2]).toContain(entry.quantity);
        expect(bookers.has(entry.userId)).toBe(false);
        expect(entry.createdAt.getTime()).toBeLessThan(now.getTime() - 2 * 3_600_000);
        expect(entry.createdAt.getTime()).toBeGreaterThan(now.getTime() - 6 * 86_400_000);
        expect(entry.createdAt.getTime()).toBeLessThan(klass.startTime!.getTime());
        expect(entry.offeredAt).toBeNull();
        if (i > 0) expect(entry.createdAt.getTime()).toBeGreaterThanOrEqual(line[i - 1]!.entry.createdAt.getTime());
      }
    }
    const quantities = entries.map((e) => e.entry.quantity);
    expect(quantities.filter((q) => q === 1).length).toBeGreaterThan(quantities.length / 2);
  });

  test('the demo customer waits second or third in line for one full class she has not booked, and her Waitlist tab shows it', async () => {
    const customer = (await userByEmail('customer@fogline.test'))!;
    const entries = await waiting();
    const mine = entries.filter((e) => e.entry.userId === customer.id);
    expect(mine).toHaveLength(1);
    const line = entries.filter((e) => e.entry.classId === mine[0]!.entry.classId);
    expect([2, 3]).toContain(line.findIndex((e) => e.entry.userId === customer.id) + 1);
    const booked = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.userId, customer.id), eq(bookings.classId, mine[0]!.entry.classId)));
    expect(booked).toHaveLength(0);

    const casey = await clientFor(server, customer.id);
    const res = await casey.get('/api/waitlist');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      classId: mine[0]!.entry.classId,
      status: 'waiting',
      quantity: 1,
      position: line.findIndex((e) => e.entry.userId === customer.id) + 1,
    });
  });
});

describe('blog', () => {
  test('posts exist in all three statuses: published, draft and archived', async () => {
    const rows = await db().select().from(blogPosts);
    const byStatus = (s: string) => rows.filter((p) => p.status === s);
    expect(byStatus('published').length).toBeGreaterThanOrEqual(5);
    expect(byStatus('draft').length).toBeGreaterThanOrEqual(1);
    expect(byStatus('archived').length).toBeGreaterThanOrEqual(1);
    for (const post of byStatus('published')) expect(post.publishedAt!.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(
      await db()
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.status, 'draft'), isNull(blogPosts.publishedAt))),
    ).toHaveLength(byStatus('draft').length);
  });

  test('each post has a slug, an excerpt, simple HTML content, 3 to 5 tags shared with other posts and a read time from its word count (200 a minute, at least 1)', async () => {
    const rows = await db().select().from(blogPosts);
    const tagCounts = new Map<string, number>();
    for (const post of rows) for (const tag of post.tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
    for (const post of rows) {
      expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(post.excerpt.length).toBeGreaterThan(40);
      expect(post.content).toStartWith('<p>');
      expect(post.content).not.toMatch(/<script|on\w+=|javascript:/i);
      expect(post.tags.length).toBeGreaterThanOrEqual(3);
      expect(post.tags.length).toBeLessThanOrEqual(5);
      expect(post.tags.some((tag) => tagCounts.get(tag)! > 1)).toBe(true);
      const words = post.content
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      expect(post.readTime).toBeGreaterThanOrEqual(Math.max(1, Math.floor(words / 200)));
      expect(post.readTime).toBeLessThanOrEqual(Math.max(1, Math.ceil(words / 200)));
    }
  });
});

describe('images', () => {
  test('every image path referenced in the database exists under site/public', async () => {
    const paths = [
      ...(await db().select({ p: categories.image }).from(categories)).map((r) => r.p),
      ...(await db().select({ p: users.profileImage }).from(users)).map((r) => r.p),
      ...(await db().select({ p: classes.image }).from(classes)).map((r) => r.p),
      ...(await db().select({ p: classes.meetingPhoto }).from(classes)).map((r) => r.p),
      ...(await db().select({ p: blogPosts.featuredImage }).from(blogPosts)).map((r) => r.p),
    ].filter((p): p is string => p !== null);
    expect(paths.length).toBeGreaterThan(100);
    for (const path of new Set(paths)) {
      expect(path).toStartWith('/images/');
      expect(existsSync(join(PUBLIC_DIR, path))).toBe(true);
    }
  });

  test('the default class image and the home hero exist offline', () => {
    expect(existsSync(join(PUBLIC_DIR, 'images/classes/default.svg'))).toBe(true);
    expect(existsSync(join(PUBLIC_DIR, 'images/hero.svg'))).toBe(true);
  });
});

describe('seeding', () => {
  test('seeding twice adds nothing', async () => {
    const counts = async () =>
      Promise.all(
        [users, categories, classes, bookings, reviews, blogPosts, waitlistEntries].map(
          async (table) => (await db().select({ n: count() }).from(table).get())!.n,
        ),
      );
    const before = await counts();
    expect(await seedIfEmpty(server.ctx)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});

describe('outdoor conditions (issue 21)', () => {
  test("tomorrow's classes include some whose sample forecast reaches their weather policy, so the weather call shows in the demo", async () => {
    const { refreshConditions } = await import('../../../api/conditions/refresh');
    const { readClassConditions } = await import('../../../api/conditions/view');
    await refreshConditions(server.ctx);
    const watched = (await allClasses()).filter((c) => c.weatherPolicy !== null && c.deletedAt === null && c.startTime! > now);
    expect(watched.length).toBeGreaterThan(0);
    for (const cls of watched) {
      const { conditions } = await readClassConditions(db(), cls, now, { weather: 'sample', airQuality: 'sample' });
      expect(conditions.crossed.length).toBeGreaterThan(0);
    }
  });

  test("one class (the demo coach's when one fits) is below its minimum size, decided 12 hours before it starts; the demo customer has not booked it", async () => {
    const coach = await userByEmail('coach@fogline.test');
    const customer = await userByEmail('customer@fogline.test');
    const small = (await allClasses()).filter((c) => c.minAttendees !== null);
    expect(small).toHaveLength(1);
    expect(small[0]).toMatchObject({ decisionHours: 12, sizeDecision: null });
    expect(coach).toBeDefined();
    const booked = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.classId, small[0]!.id), eq(bookings.status, 'confirmed')));
    expect(booked.reduce((n, b) => n + b.quantity, 0)).toBeLessThan(small[0]!.minAttendees!);
    expect(booked.some((b) => b.userId === customer!.id)).toBe(false);
  });

  test('one class has a meeting point with its directions text and a photo', async () => {
    const met = (await allClasses()).filter((c) => c.meetingPhoto !== null);
    expect(met).toHaveLength(1);
    expect(met[0]!.meetingNotes).toContain('orange flag');
    expect(Math.abs(met[0]!.meetingLatitude! - met[0]!.latitude!)).toBeLessThan(0.01);
  });
});

describe('promo codes', () => {
  test("one live promo code of the demo coach's takes 20% off their class at checkout", async () => {
    const coachRow = (await userByEmail('coach@fogline.test'))!;
    const customer = server.client();
    expect((await customer.post('/api/login', { email: 'customer@fogline.test', password: DEMO_PASSWORD })).status).toBe(200);
    const cls = (await bookableClasses()).find(
      (c) => c.coachId === coachRow.id && c.priceCents > 0 && c.startTime!.getTime() > now.getTime() + 86_400_000,
    )!;
    const quote = await customer.get(`/api/payment/quote?classId=${cls.id}&quantity=1&promoCode=${DEMO_PROMO_CODE}`);
    expect(quote.status).toBe(200);
    expect(quote.body.discountCents).toBe(Math.round(cls.priceCents * 0.2));
  });
});
