// The marketplace-sized data set as rows, added on top of the demo data: coaches, customers, upcoming one-time
// classes and weekly series, past classes with reviews, bookings and blog posts. Pure and deterministic for a
// given `now`, size and starting ids (a seeded PRNG, dates counted from today's Pacific day), so every run on
// the same day builds the same rows.
import { priceBreakdown } from '../../../common/money';
import { pacificDay, pacificWallTimeToInstant } from '../../../common/pacific';
import type { blogPosts, bookings, classes, reviews, users } from '../../../db/schema';
import { REVIEW_COMMENTS } from '../demo/bookings';
import { CATEGORIES, type CategoryKey, classImage } from '../demo/categories';
import { PLACES, type Place, placeColumns } from '../demo/places';
import { addDays, seededRandom, weeklyDays } from '../plan';
import * as words from './vocabulary';

export interface ScaleSize {
  coaches: number;
  customers: number;
  /** Bookable sessions that start after now: one-time classes and the sessions of weekly series. */
  upcomingSessions: number;
  /** Classes already taught, which carry the reviews. */
  pastClasses: number;
  bookings: number;
  reviews: number;
  blogPosts: number;
}

export const FULL_SCALE: ScaleSize = {
  coaches: 300,
  customers: 20_000,
  upcomingSessions: 10_000,
  pastClasses: 3_000,
  bookings: 100_000,
  reviews: 30_000,
  blogPosts: 300,
};

/** The full size times `factor` (a smaller marketplace for quick tests), at least one of each. */
export function scaleSize(factor = 1): ScaleSize {
  const sized = Object.entries(FULL_SCALE).map(([key, n]) => [key, Math.max(1, Math.round(n * factor))]);
  return Object.fromEntries(sized) as unknown as ScaleSize;
}

/** The first id of each table the plan writes to (ids are given explicitly, so rows can point at each other). */
export interface ScaleIds {
  user: number;
  class: number;
  booking: number;
  categories: Record<CategoryKey, number>;
}

export interface ScalePlan {
  users: Array<typeof users.$inferInsert>;
  classes: Array<typeof classes.$inferInsert>;
  bookings: Array<typeof bookings.$inferInsert>;
  reviews: Array<typeof reviews.$inferInsert>;
  blogPosts: Array<typeof blogPosts.$inferInsert>;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Upcoming classes start within this many days. */
const HORIZON_DAYS = 90;
/** Share of upcoming sessions that belong to weekly series. */
const SERIES_SHARE = 0.4;
const PLACE_LIST: Place[] = Object.values(PLACES);

type ClassInsert = typeof classes.$inferInsert;

export function planScale(now: Date, size: ScaleSize, ids: ScaleIds, passwordHash: string): ScalePlan {
  const random = seededRandom(20_261_123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const today = pacificDay(now);
  const plan: ScalePlan = { users: [], classes: [], bookings: [], reviews: [], blogPosts: [] };

  // ------------------------------------------------------------ people
  const nameOf = (i: number) => ({
    firstName: words.FIRST_NAMES[i % words.FIRST_NAMES.length]!,
    lastName: words.LAST_NAMES[Math.floor(i / words.FIRST_NAMES.length) % words.LAST_NAMES.length]!,
  });
  const coachCategories: CategoryKey[][] = [];
  for (let i = 0; i < size.coaches; i++) {
    const { firstName, lastName } = nameOf(i * 7 + 3);
    const expertise = [CATEGORIES[i % CATEGORIES.length]!.key, ...(random() < 0.5 ? [pick(CATEGORIES).key] : [])].filter(
      (k, j, all) => all.indexOf(k) === j,
    );
    coachCategories.push(expertise);
    const joined = new Date(now.getTime() - between(30, 900) * DAY);
    plan.users.push({
      id: ids.user + i,
      email: `coach${i + 1}@scale.fogline.test`,
      passwordHash,
      firstName,
      lastName,
      phone: `+1415${String(5_000_000 + i).padStart(7, '0')}`,
      role: 'coach',
      bio: `${firstName} coaches ${expertise.map((k) => CATEGORIES.find((c) => c.key === k)!.name.toLowerCase()).join(' and ')}. ${pick(words.BIO_LINES)}`,
      areasOfExpertise: expertise.map((k) => ids.categories[k]),
      certifications: pick(words.CERTIFICATIONS),
      isApproved: true,
      createdAt: joined,
      updatedAt: joined,
    });
  }
  const customerBase = ids.user + size.coaches;
  for (let i = 0; i < size.customers; i++) {
    const { firstName, lastName } = nameOf(i);
    const joined = new Date(now.getTime() - between(1, 700) * DAY);
    plan.users.push({
      id: customerBase + i,
      email: `customer${i + 1}@scale.fogline.test`,
      passwordHash,
      firstName,
      lastName,
      phone: `+1510${String(1_000_000 + i).padStart(7, '0')}`,
      role: 'customer',
      createdAt: joined,
      updatedAt: joined,
    });
  }

  // ------------------------------------------------------------ classes
  let classId = ids.class;
  /** A class's fields shared by its sessions (a series) or its single occurrence. */
  const template = (coachIndex: number) => {
    const category = pick(coachCategories[coachIndex]!);
    const kids = random() < 0.2;
    const place = pick(PLACE_LIST);
    const activity = pick(words.ACTIVITIES[category]);
    const priceCents = random() < 0.05 ? 0 : between(10, 60) * 100 + (random() < 0.3 ? 50 : 0);
    return {
      title: `${kids ? 'Kids ' : `${pick(words.MODIFIERS)} `}${activity}`,
      description: `${pick(words.OPENERS)} ${activity} at ${place.name}. ${pick(words.FOCUS)} ${pick(words.WEATHER)}`,
      whatToBring: pick(words.WHAT_TO_BRING),
      image: classImage(category, between(1, 2)),
      priceCents,
      ...placeColumns(place),
      // Spread around the place (a few hundred metres), so map pins do not stack exactly.
      latitude: Math.round((place.latitude + (random() - 0.5) * 0.008) * 1e6) / 1e6,
      longitude: Math.round((place.longitude + (random() - 0.5) * 0.008) * 1e6) / 1e6,
      capacity: between(8, 25),
      duration: pick([45, 60, 60, 75, 90]),
      coachId: ids.user + coachIndex,
      categoryId: ids.categories[category],
      ageGroup: kids ? ('Kids' as const) : ('Adults' as const),
      time: `${String(between(6, 19)).padStart(2, '0')}:${random() < 0.5 ? '00' : '30'}`,
    };
  };
  const dated = (t: ReturnType<typeof template>, day: string): ClassInsert => {
    const { time, ...fields } = t;
    const start = pacificWallTimeToInstant(day, time);
    const created = new Date(Math.min(now.getTime() - DAY, start.getTime() - 14 * DAY));
    return {
      ...fields,
      startTime: start,
      endTime: new Date(start.getTime() + t.duration * 60_000),
      createdAt: created,
      updatedAt: created,
    };
  };

  const upcoming: ClassInsert[] = [];
  const seriesSessions = Math.round(size.upcomingSessions * SERIES_SHARE);
  while (upcoming.length < seriesSessions) {
    const t = template(between(0, size.coaches - 1));
    const weekdays = random() < 0.6 ? [between(0, 6)] : [between(0, 2), between(3, 6)];
    const count = Math.min(between(6, 12), seriesSessions - upcoming.length);
    const days = weeklyDays(addDays(today, between(1, 30)), weekdays, count);
    const recurrence = {
      isRecurring: true,
      recurrenceType: 'weekly' as const,
      recurrenceInterval: 1,
      recurrenceDaysOfWeek: JSON.stringify(weekdays),
      recurrenceEndType: 'count' as const,
      recurrenceEndCount: count,
    };
    const parentId = classId++;
    plan.classes.push({ ...dated(t, days[0]!), ...recurrence, id: parentId, parentClassId: null });
    for (const day of days) upcoming.push({ ...dated(t, day), ...recurrence, id: classId++, parentClassId: parentId });
  }
  while (upcoming.length < size.upcomingSessions) {
    upcoming.push({ ...dated(template(between(0, size.coaches - 1)), addDays(today, between(1, HORIZON_DAYS))), id: classId++ });
  }
  const past: ClassInsert[] = [];
  for (let i = 0; i < size.pastClasses; i++)
    past.push({ ...dated(template(between(0, size.coaches - 1)), addDays(today, -between(1, 180))), id: classId++ });
  plan.classes.push(...upcoming, ...past);

  // ------------------------------------------------------------ bookings and reviews
  // Past classes take enough bookings for every review, the upcoming ones share the rest. Each class's
  // customers are distinct: a start index stepped by a stride that shares no factor with the customer count.
  const stride = [7919, 7907, 7901].find((p) => size.customers % p !== 0) ?? 1;
  let bookingId = ids.booking;
  const fill = (list: ClassInsert[], total: number, isPast: boolean) => {
    list.forEach((c, index) => {
      const wanted = Math.floor(total / list.length) + (index < total % list.length ? 1 : 0);
      const count = Math.min(wanted, size.customers);
      const full = !isPast && random() < 0.05;
      let spots = 0;
      const first = between(0, size.customers - 1);
      for (let k = 0; k < count; k++) {
        const spare = c.capacity! - spots - (count - k - 1);
        const quantity = Math.max(1, Math.min(spare, random() < 0.8 ? 1 : between(2, 3)));
        spots += quantity;
        const start = c.startTime!.getTime();
        const bookedAt = new Date(Math.min(now.getTime() - HOUR, start - DAY) - between(0, 20) * DAY);
        const cancelled = !isPast && random() < 0.05 ? new Date(Math.min(now.getTime() - 60_000, bookedAt.getTime() + DAY)) : null;
        const price = priceBreakdown(c.priceCents!, quantity);
        plan.bookings.push({
          id: bookingId++,
          classId: c.id!,
          userId: customerBase + ((first + k * stride) % size.customers),
          status: cancelled ? 'cancelled' : 'confirmed',
          quantity,
          subtotalCents: price.subtotalCents,
          serviceFeeCents: price.serviceFeeCents,
          amountCents: price.totalCents,
          confirmedAt: bookedAt,
          cancelledAt: cancelled,
          cancelReason: cancelled ? 'customer' : null,
          refundAmountCents: cancelled ? price.totalCents : null,
          createdAt: bookedAt,
          updatedAt: cancelled ?? bookedAt,
        });
      }
      // Full classes: the capacity is exactly what was booked.
      if (full || spots > c.capacity!) c.capacity = Math.max(spots, 1);
    });
  };
  const pastBookings = Math.min(size.bookings, Math.max(size.reviews, Math.round(size.bookings * 0.36)));
  fill(past, pastBookings, true);
  fill(upcoming, size.bookings - pastBookings, false);

  const coachOfClass = new Map(plan.classes.map((c) => [c.id!, c.coachId]));
  const endOfClass = new Map(past.map((c) => [c.id!, c.endTime!.getTime()]));
  for (const b of plan.bookings) {
    if (plan.reviews.length >= size.reviews) break;
    const end = endOfClass.get(b.classId);
    if (end === undefined) continue;
    const rating = pick([5, 5, 5, 5, 5, 4, 4, 4, 3, 2]);
    const at = new Date(Math.min(now.getTime() - 600_000, end + between(2, 72) * HOUR));
    plan.reviews.push({
      classId: b.classId,
      bookingId: b.id!,
      userId: b.userId,
      coachId: coachOfClass.get(b.classId)!,
      rating,
      comment: random() < 0.1 ? null : pick(REVIEW_COMMENTS[rating]!),
      createdAt: at,
      updatedAt: at,
    });
  }

  // ------------------------------------------------------------ blog
  for (let i = 0; i < size.blogPosts; i++) {
    const subject = words.BLOG_SUBJECTS[i % words.BLOG_SUBJECTS.length]!;
    const title = `${words.BLOG_TOPICS[Math.floor(i / words.BLOG_SUBJECTS.length) % words.BLOG_TOPICS.length]} ${subject} (${i + 1})`;
    const paragraphs = Array.from(
      { length: between(4, 9) },
      () => `<p>${pick(words.OPENERS)} ${pick(words.FOCUS)} ${pick(words.WEATHER)} ${pick(words.BIO_LINES)}</p>`,
    );
    const published = new Date(now.getTime() - between(1, 730) * DAY);
    const draft = random() < 0.1;
    plan.blogPosts.push({
      slug: `${title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}`,
      title,
      excerpt: `${pick(words.OPENERS)} Notes from our coaches on ${subject.toLowerCase()}.`,
      content: `<h2>${subject}</h2>${paragraphs.join('')}`,
      tags: [pick(words.BLOG_TAGS), pick(words.BLOG_TAGS)].filter((t, j, all) => all.indexOf(t) === j),
      status: draft ? 'draft' : 'published',
      publishedAt: draft ? null : published,
      createdAt: new Date(published.getTime() - 2 * DAY),
      updatedAt: published,
    });
  }
  return plan;
}
