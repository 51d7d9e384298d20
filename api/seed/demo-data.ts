// Demo data for an empty database (skipped with SEED=none): people, categories, a timetable of real Bay Area
// places computed from today, bookings with their named attendees, waitlists, reviews and blog posts (the
// raw material is in ./demo), written in one transaction.
import { count } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Tx } from '../../db/client';
import { blogPosts, bookingAttendees, bookings, categories, classes, promoCodes, reviews, users, waitlistEntries } from '../../db/schema';
import { readTimeOf } from '../lib/read-time';
import { sanitizeBlogHtml } from '../lib/blog-html';
import { BLOG_POSTS, featuredImage } from './demo/blog';
import { CATEGORIES, classImage } from './demo/categories';
import { ADMIN, childrenOf, companionsOf, DEMO_COACH, DEMO_CUSTOMER, EVERYONE } from './demo/people';
import { seedOutdoorDemo } from './demo/outdoor';
import { seedPassesDemo } from './demo/passes';
import { seedPoliciesDemo } from './demo/policies';
import { PLACES, placeColumns } from './demo/places';
import { type PlannedClass, planBookings, planTimetable, planWaitlists } from './plan';

export const DEMO_PASSWORD = 'demo-password';
/** The demo coach's live promo code (README). */
export const DEMO_PROMO_CODE = 'FOGLINE20';

const DAY = 86_400_000;

/** Inside the seeding write (which holds the database's write lock): has anyone written users already? */
async function hasUsers(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

/** Inserts rows in slices (well under SQLite's bound-parameter limit) and returns their ids in order. */
async function insertAll<T extends typeof users | typeof categories | typeof classes | typeof bookings>(
  tx: Tx,
  table: T,
  rows: Array<T['$inferInsert']>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = (await tx
      .insert(table)
      .values(rows.slice(i, i + 200) as never)
      .returning({ id: table.id })) as Array<{ id: number }>;
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** The demo data, into an empty database only: false (nothing written) when another process seeded it first. */
export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  const now = ctx.clock.now();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  // One argon2id hash shared by every demo account keeps seeding fast.
  const passwordHash = await Bun.password.hash(DEMO_PASSWORD, { algorithm: 'argon2id' });
  const { series, bookable } = planTimetable(now);
  const plans = planBookings(bookable, now);
  const waitlists = planWaitlists(bookable, plans, now);

  return ctx.db.write(async (tx) => {
    if (await hasUsers(tx)) return false;
    const categoryIds = await insertAll(
      tx,
      categories,
      CATEGORIES.map((c) => ({ name: c.name, image: classImage(c.key, 1) })),
    );
    const categoryId = Object.fromEntries(CATEGORIES.map((c, i) => [c.key, categoryIds[i]!]));

    const userIds = await insertAll(
      tx,
      users,
      EVERYONE.map((person) => ({
        email: person.email,
        passwordHash,
        firstName: person.firstName,
        lastName: person.lastName,
        phone: person.phone ?? null,
        profileImage: person.profileImage ?? null,
        role: person.role,
        bio: person.bio ?? null,
        areasOfExpertise: (person.expertise ?? []).map((key) => categoryId[key]!),
        certifications: person.certifications ?? null,
        isApproved: person.isApproved,
        createdAt: ago(person.joinedDaysAgo),
        updatedAt: ago(person.joinedDaysAgo),
      })),
    );
    const userId = Object.fromEntries(EVERYONE.map((person, i) => [person.key, userIds[i]!]));

    const classRow = (c: PlannedClass, parentClassId: number | null) => {
      const t = c.template;
      const place = PLACES[t.place];
      const createdAt = new Date(Math.min(now.getTime() - DAY, c.start.getTime() - 14 * DAY));
      const recurrence =
        'daysOfWeek' in t
          ? {
              isRecurring: true,
              parentClassId,
              recurrenceType: 'weekly' as const,
              recurrenceInterval: 1,
              recurrenceDaysOfWeek: JSON.stringify(t.daysOfWeek),
              recurrenceEndType: 'count' as const,
              recurrenceEndCount: t.count,
            }
          : { isRecurring: false, parentClassId: null };
      return {
        title: t.title,
        description: t.description,
        whatToBring: t.whatToBring,
        image: c.image,
        priceCents: c.priceCents,
        ...placeColumns(place),
        capacity: t.capacity,
        duration: t.duration,
        coachId: userId[t.coach]!,
        categoryId: categoryId[t.category]!,
        startTime: c.start,
        endTime: c.end,
        ageGroup: t.ageGroup ?? 'Adults',
        ...recurrence,
        createdAt,
        updatedAt: createdAt,
      };
    };
    // Series parents first (templates, never booked), then every bookable class pointing at its parent.
    const parentIds = await insertAll(
      tx,
      classes,
      series.map((c) => classRow(c, null)),
    );
    const classIds = await insertAll(
      tx,
      classes,
      bookable.map((c) => classRow(c, c.seriesIndex === null ? null : parentIds[c.seriesIndex]!)),
    );

    const bookingIds = await insertAll(
      tx,
      bookings,
      plans.map((p) => ({
        classId: classIds[p.classIndex]!,
        userId: userId[p.customer]!,
        status: p.cancelledAt ? ('cancelled' as const) : ('confirmed' as const),
        quantity: p.quantity,
        subtotalCents: p.subtotalCents,
        serviceFeeCents: p.serviceFeeCents,
        amountCents: p.amountCents,
        confirmedAt: p.bookedAt,
        cancelledAt: p.cancelledAt,
        cancelReason: p.cancelledAt ? 'customer' : null,
        refundAmountCents: p.refundAmountCents,
        createdAt: p.bookedAt,
        updatedAt: p.cancelledAt ?? p.bookedAt,
      })),
    );

    // Kids classes are booked child by child, each with a name and an age, as the booking form asks; adults
    // booking a group name the friends they bring (a single spot is the booker's own, no row needed).
    const person = Object.fromEntries(EVERYONE.map((p) => [p.key, p]));
    const attendeeRows = plans.flatMap((p, i) => {
      const named =
        bookable[p.classIndex]!.template.ageGroup === 'Kids'
          ? childrenOf(person[p.customer]!, p.quantity)
          : p.quantity > 1
            ? companionsOf(person[p.customer]!, p.quantity)
            : [];
      return named.map((attendee, position) => ({ bookingId: bookingIds[i]!, position, ...attendee }));
    });
    for (let i = 0; i < attendeeRows.length; i += 200) await tx.insert(bookingAttendees).values(attendeeRows.slice(i, i + 200));

    // In the order they joined: a waitlist's places in line follow the entries' ids.
    if (waitlists.length) {
      await tx.insert(waitlistEntries).values(
        waitlists.map((w) => ({
          classId: classIds[w.classIndex]!,
          userId: userId[w.customer]!,
          quantity: w.quantity,
          status: 'waiting' as const,
          createdAt: w.joinedAt,
          updatedAt: w.joinedAt,
        })),
      );
    }

    const reviewRows = plans.flatMap((p, i) =>
      p.review
        ? [
            {
              classId: classIds[p.classIndex]!,
              bookingId: bookingIds[i]!,
              userId: userId[p.customer]!,
              coachId: userId[bookable[p.classIndex]!.template.coach]!,
              rating: p.review.rating,
              comment: p.review.comment,
              createdAt: p.review.at,
              updatedAt: p.review.at,
            },
          ]
        : [],
    );
    for (let i = 0; i < reviewRows.length; i += 200) await tx.insert(reviews).values(reviewRows.slice(i, i + 200));

    // Stored exactly as the blog admin would store them: sanitized, with the same read time.
    await tx.insert(blogPosts).values(
      BLOG_POSTS.map((post) => ({
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        content: sanitizeBlogHtml(post.content),
        featuredImage: featuredImage(post.slug),
        tags: post.tags,
        readTime: readTimeOf(post.content),
        status: post.status,
        authorId: userId[ADMIN.key]!,
        publishedAt: post.status === 'draft' ? null : ago(post.daysAgo),
        createdAt: ago(post.daysAgo + 2),
        updatedAt: ago(post.daysAgo),
      })),
    );
    // One live promo code of the demo coach (issue 20): 20% off their classes and passes, 100 uses, once each.
    await tx.insert(promoCodes).values({
      code: DEMO_PROMO_CODE,
      coachId: userId[DEMO_COACH.key]!,
      createdBy: userId[DEMO_COACH.key]!,
      kind: 'percent',
      percentOff: 20,
      validFrom: ago(1),
      validUntil: new Date(now.getTime() + 180 * DAY),
      maxUses: 100,
      oncePerCustomer: true,
      createdAt: ago(1),
      updatedAt: ago(1),
    });
    // The demo coach's passes and the demo customer's 5-class pack with its history (issue 19), on paid adult classes
    // of the coach with a free spot that the customer has neither booked nor joined the waitlist of.
    const takenSpots = new Map<number, number>();
    for (const p of plans) if (!p.cancelledAt) takenSpots.set(p.classIndex, (takenSpots.get(p.classIndex) ?? 0) + p.quantity);
    const customerClasses = new Set([
      ...plans.filter((p) => p.customer === DEMO_CUSTOMER.key).map((p) => p.classIndex),
      ...waitlists.filter((w) => w.customer === DEMO_CUSTOMER.key).map((w) => w.classIndex),
    ]);
    const creditClasses = bookable
      .map((c, index) => ({ c, index }))
      .filter(
        ({ c, index }) =>
          c.template.coach === DEMO_COACH.key &&
          c.priceCents > 0 &&
          (c.template.ageGroup ?? 'Adults') === 'Adults' &&
          !customerClasses.has(index) &&
          (takenSpots.get(index) ?? 0) < c.template.capacity,
      )
      .map(({ c, index }) => ({ id: classIds[index]!, start: c.start }))
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    await seedPassesDemo(tx, now, { coach: userId[DEMO_COACH.key]!, customer: userId[DEMO_CUSTOMER.key]! }, creditClasses, (rows) =>
      insertAll(tx, bookings, rows),
    );
    // The outdoor demo picks a class below its minimum that the demo customer has not booked: it reads the bookings,
    // so it comes after every one is written (the pack's credit bookings included).
    await seedOutdoorDemo(tx, now, { coach: userId[DEMO_COACH.key]!, customer: userId[DEMO_CUSTOMER.key]! });
    // Cancellation policies (issue 20): each preset, a custom one, and a coach offering credit instead of a refund.
    await seedPoliciesDemo(tx, userId);
    return true;
  });
}
