// Turns the demo data into dated rows: the timetable (computed from today, in Pacific wall-clock time),
// the bookings that fill it, the reviews of classes that already started and the waitlists of full ones. Pure and deterministic for a
// given `now`, so the demo looks the same every time it is seeded on a given day.
import { priceBreakdown, dollarsToCents } from '../../common/money';
import { pacificDay, pacificWallTimeToInstant } from '../../common/pacific';
import {
  CASEY_BOOKINGS,
  CASEY_WAITS_FOR,
  CATEGORY_COMMENTS,
  OTHER_CANCELLATIONS,
  type Occurrence,
  type PlannedBooking,
  REVIEW_COMMENTS,
} from './demo/bookings';
import { classImage } from './demo/categories';
import { ONE_TIME, SERIES, type OneTimeClass, type SeriesClass } from './demo/classes';
import { CUSTOMERS, DEMO_CUSTOMER, NEWCOMERS } from './demo/people';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Customers cancelling at least this long before the class get a full refund (customer-areas, FAQ). */
const FULL_REFUND_NOTICE = 48 * HOUR;

/** A small seeded PRNG (mulberry32): the same demo on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** YYYY-MM-DD plus n calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The weekday (0 Sunday .. 6 Saturday) of a calendar day. */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The first `count` days on or after `from` that fall on one of `weekdays`. */
export function weeklyDays(from: string, weekdays: number[], count: number): string[] {
  const days: string[] = [];
  for (let day = from; days.length < count; day = addDays(day, 1)) {
    if (weekdays.includes(weekdayOf(day))) days.push(day);
  }
  return days;
}

type Template = OneTimeClass | SeriesClass;

export interface PlannedClass {
  /** The template's key: shared by every occurrence of a one-time class and by a series with its sessions. */
  key: string;
  kind: 'one-time' | 'series' | 'session';
  template: Template;
  start: Date;
  end: Date;
  priceCents: number;
  image: string;
  full: boolean;
}

function planned(template: Template, kind: PlannedClass['kind'], day: string, full: boolean): PlannedClass {
  const start = pacificWallTimeToInstant(day, template.time);
  return {
    key: template.key,
    kind,
    template,
    start,
    end: new Date(start.getTime() + template.duration * 60_000),
    priceCents: dollarsToCents(template.price),
    image: classImage(template.category, template.image ?? 1),
    full,
  };
}

export interface Timetable {
  /** Series parents: templates for their sessions, never booked. */
  series: PlannedClass[];
  /** Every bookable class: one-time classes and series sessions, each session after its own parent's index. */
  bookable: Array<PlannedClass & { seriesIndex: number | null }>;
}

/** Every class of the demo, dated from today's Pacific calendar day. */
export function planTimetable(now: Date): Timetable {
  const today = pacificDay(now);
  const series: PlannedClass[] = [];
  const bookable: Timetable['bookable'] = [];
  SERIES.forEach((template, seriesIndex) => {
    const days = weeklyDays(addDays(today, template.startInDays), template.daysOfWeek, template.count);
    series.push(planned(template, 'series', days[0]!, false));
    days.forEach((day, i) => bookable.push({ ...planned(template, 'session', day, template.full?.includes(i) ?? false), seriesIndex }));
  });
  for (const template of ONE_TIME) {
    for (const offset of template.days) {
      bookable.push({
        ...planned(template, 'one-time', addDays(today, offset), template.full?.includes(offset) ?? false),
        seriesIndex: null,
      });
    }
  }
  return { series, bookable };
}

/** The index (in `bookable`) of an occurrence counted from now. */
export function findOccurrence(bookable: PlannedClass[], at: Occurrence, now: Date): number {
  const matches = bookable.map((c, i) => ({ c, i })).filter(({ c }) => c.key === at.class);
  const past = matches.filter(({ c }) => c.start <= now).sort((a, b) => b.c.start.getTime() - a.c.start.getTime());
  const upcoming = matches.filter(({ c }) => c.start > now).sort((a, b) => a.c.start.getTime() - b.c.start.getTime());
  const hit = 'past' in at ? past[at.past] : upcoming[at.upcoming];
  if (!hit) throw new Error(`seed: no ${JSON.stringify(at)} occurrence`);
  return hit.i;
}

export interface BookingPlan {
  classIndex: number;
  customer: string;
  quantity: number;
  subtotalCents: number;
  serviceFeeCents: number;
  amountCents: number;
  bookedAt: Date;
  cancelledAt: Date | null;
  refundAmountCents: number | null;
  review: { rating: number; comment: string | null; at: Date } | null;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function shuffle<T>(random: () => number, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

function weighted<T>(random: () => number, options: Array<[T, number]>): T {
  let roll = random() * options.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of options) {
    roll -= w;
    if (roll < 0) return value;
  }
  return options[options.length - 1]![0];
}

/** Confirmed bookings for past and upcoming classes (some classes full), a few cancellations, and reviews. */
export function planBookings(bookable: PlannedClass[], now: Date): BookingPlan[] {
  const random = seededRandom(20_260_101);
  const plans: BookingPlan[] = [];
  const reviewAt = (c: PlannedClass) =>
    new Date(Math.min(now.getTime() - 600_000, c.end.getTime() + (2 + Math.floor(random() * 40)) * HOUR));

  const book = (classIndex: number, customer: string, quantity: number, extra: Partial<PlannedBooking> = {}) => {
    const c = bookable[classIndex]!;
    const price = priceBreakdown(c.priceCents, quantity);
    const cancelledAt = extra.cancelledDaysAgo !== undefined ? new Date(now.getTime() - extra.cancelledDaysAgo * DAY) : null;
    const latest = Math.min(now.getTime() - 2 * HOUR, c.start.getTime() - DAY, cancelledAt ? cancelledAt.getTime() - 12 * HOUR : Infinity);
    const bookedAt = new Date(latest - Math.floor(random() * 10 * DAY));
    plans.push({
      classIndex,
      customer,
      quantity,
      subtotalCents: price.subtotalCents,
      serviceFeeCents: price.serviceFeeCents,
      amountCents: price.totalCents,
      bookedAt,
      cancelledAt,
      refundAmountCents: cancelledAt ? (c.start.getTime() - cancelledAt.getTime() >= FULL_REFUND_NOTICE ? price.totalCents : 0) : null,
      review: extra.review && c.start <= now ? { ...extra.review, at: reviewAt(c) } : null,
    });
  };

  // The curated history first: the demo customer, then other customers' cancellations.
  for (const planned of CASEY_BOOKINGS) book(findOccurrence(bookable, planned.at, now), DEMO_CUSTOMER.key, planned.quantity ?? 1, planned);
  for (const planned of OTHER_CANCELLATIONS)
    book(findOccurrence(bookable, planned.at, now), planned.customer, planned.quantity ?? 1, planned);

  // Then every class filled by the other customers: full ones to capacity, the rest partly.
  bookable.forEach((c, classIndex) => {
    const taken = plans.filter((p) => p.classIndex === classIndex);
    let spots = c.template.capacity - taken.filter((p) => !p.cancelledAt).reduce((sum, p) => sum + p.quantity, 0);
    const isPast = c.start <= now;
    const share = isPast ? 0.35 + random() * 0.5 : 0.1 + random() * 0.55;
    let wanted = c.full ? spots : Math.min(spots - 1, Math.max(isPast ? 2 : 1, Math.round(c.template.capacity * share)));
    const kids = c.template.ageGroup === 'Kids';
    const pool = shuffle(
      random,
      CUSTOMERS.map((p) => p.key).filter((key) => !taken.some((p) => p.customer === key)),
    );
    const mine: BookingPlan[] = [];
    for (const customer of pool) {
      if (wanted <= 0) break;
      const quantity = Math.min(
        wanted,
        weighted(
          random,
          kids
            ? [
                [1, 5],
                [2, 4],
                [3, 1],
              ]
            : [
                [1, 15],
                [2, 4],
                [3, 1],
              ],
        ),
      );
      book(classIndex, customer, quantity);
      mine.push(plans[plans.length - 1]!);
      wanted -= quantity;
      spots -= quantity;
    }
    // Not enough customers to fill a full class one or two spots at a time: groups grow until it is full.
    for (let i = 0; wanted > 0 && mine.length; i++, wanted--) {
      const p = mine[i % mine.length]!;
      const price = priceBreakdown(c.priceCents, p.quantity + 1);
      Object.assign(p, {
        quantity: p.quantity + 1,
        subtotalCents: price.subtotalCents,
        serviceFeeCents: price.serviceFeeCents,
        amountCents: price.totalCents,
      });
    }
    // About half of the people who came leave a review.
    if (isPast) {
      for (const p of mine) {
        if (random() >= 0.55) continue;
        const rating = weighted(random, [
          [5, 55],
          [4, 31],
          [3, 10],
          [2, 3],
          [1, 1],
        ]);
        const flavoured = rating >= 4 ? CATEGORY_COMMENTS[c.template.category] : undefined;
        const comment =
          random() < 0.1 ? null : flavoured && random() < 0.5 ? pick(random, flavoured) : pick(random, REVIEW_COMMENTS[rating]!);
        p.review = { rating, comment, at: reviewAt(c) };
      }
    }
  });
  return plans;
}

export interface WaitlistPlan {
  classIndex: number;
  customer: string;
  quantity: number;
  joinedAt: Date;
}

/** People waiting for most full classes to come (one in four has nobody in line), in the order they joined,
 * which is the order of their places in line; the demo customer is second or third for CASEY_WAITS_FOR. It
 * draws from its own random, so the bookings stay the same. */
export function planWaitlists(bookable: PlannedClass[], plans: BookingPlan[], now: Date): WaitlistPlan[] {
  const random = seededRandom(20_261_123);
  const entries: WaitlistPlan[] = [];
  const full = bookable.map((c, classIndex) => ({ c, classIndex })).filter(({ c }) => c.full && c.start > now);
  const caseys = full.find(({ c }) => c.key === CASEY_WAITS_FOR)?.classIndex;
  if (caseys === undefined || plans.some((p) => p.classIndex === caseys && p.customer === DEMO_CUSTOMER.key)) {
    throw new Error(`seed: ${CASEY_WAITS_FOR} has no full occurrence to come that the demo customer has not booked`);
  }
  full.forEach(({ classIndex }, n) => {
    if (classIndex !== caseys && n % 4 === 3) return;
    const booked = plans.filter((p) => p.classIndex === classIndex);
    const pool = shuffle(
      random,
      [...CUSTOMERS, ...NEWCOMERS].map((p) => p.key).filter((key) => !booked.some((p) => p.customer === key)),
    );
    const line = pool.slice(0, classIndex === caseys ? 1 + Math.floor(random() * 3) : 1 + Math.floor(random() * 4));
    if (classIndex === caseys) line.splice(Math.min(line.length, 1 + Math.floor(random() * 2)), 0, DEMO_CUSTOMER.key);
    // Joined a few hours to a few days ago, in line order: after the class filled up when that leaves at
    // least half a day (the class is still to come, so all of it is before the class).
    const filled = Math.max(...booked.map((p) => p.bookedAt.getTime()), now.getTime() - 4 * DAY);
    const [from, until] = [Math.min(filled, now.getTime() - 12 * HOUR), now.getTime() - 3 * HOUR];
    const times = line.map(() => from + random() * (until - from)).sort((a, b) => a - b);
    line.forEach((customer, i) => {
      const quantity =
        customer === DEMO_CUSTOMER.key
          ? 1
          : weighted(random, [
              [1, 4],
              [2, 1],
            ]);
      entries.push({ classIndex, customer, quantity, joinedAt: new Date(Math.floor(times[i]!)) });
    });
  });
  return entries;
}
