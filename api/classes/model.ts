// The class resource as it is read and written: one schema for its fields (RFC 3339 startTime instant,
// duration, address parts, a nested recurrence), the create body (POST) and the change body (PATCH, and PUT
// for the edit page), and the answers. Page rules (half-hour starts, the edit page's own minimums) live with
// the pages in site/app/screens/class-form. valibot only, so the site imports the very same schemas.
import * as v from 'valibot';
import {
  fields,
  FIRST_YEAR,
  imageUrl,
  strictFields,
  UNKNOWN_FIELD,
  inSupportedYears,
  isCalendarDay,
  LAST_YEAR,
  trimmedMin,
  withExample,
} from '../../common/schema';
import { OutdoorResourceFields, outdoorClassFields } from '../conditions/model';
import { ClassPolicyField, ClassPolicyResource } from '../policies/model';

export const DURATION_CHOICES = [30, 45, 60, 75, 90, 105, 120, 150, 180] as const;
export const AGE_GROUP_CHOICES = ['Adults', 'Kids'] as const;
export const RECURRENCE_TYPE_CHOICES = ['daily', 'weekly', 'monthly'] as const;
/** Defaults for a new class (§9). */
export const CLASS_DEFAULTS = {
  duration: 60,
  capacity: 10,
  price: 0,
  startTime: '09:00',
  ageGroup: 'Adults',
  recurrenceInterval: 1,
  recurrenceEndCount: 10,
} as const;

export const CLASS_MESSAGES = {
  title: 'Title must be at least 3 characters',
  description: 'Description must be at least 10 characters',
  category: 'Please select a category',
  location: 'Location name is required',
  addressLine1: 'Address is required',
  city: 'City is required',
  state: 'State is required',
  zipCode: 'ZIP code is required',
  address: 'Address must be at least 5 characters',
  price: 'Price must be 0 or greater',
  duration: 'Duration must be at least 15 minutes',
  capacity: 'Capacity must be at least 1',
  startTime: 'Start time is required',
  instant: 'Start time must be an RFC 3339 date and time with an offset, such as 2027-03-07T09:00:00-08:00',
  instantYears: `Start time must be between the years ${FIRST_YEAR} and ${LAST_YEAR}`,
  endDateYears: `End date must be no later than ${LAST_YEAR}-12-31`,
  seriesPastLastYear: `The series would run past the year ${LAST_YEAR}: end it sooner`,
  ageGroup: 'Age group must be Adults or Kids',
  recurrenceType: 'Repeat must be daily, weekly or monthly',
  interval: 'Interval must be between 1 and 99',
  daysOfWeek: 'Days of week must be numbers from 0 (Sunday) to 6 (Saturday)',
  endType: 'End by date or count',
  endCount: 'End count must be between 1 and 999',
  endDatePast: 'End date cannot be in the past',
  endDateMissing: 'Choose the date the series ends',
  endDateBeforeStart: 'End date must be on or after the start date',
  startDatePast: 'Start date cannot be in the past',
  startTimePast: 'Start time cannot be in the past',
  startDateInvalid: 'Enter a valid start date',
  endDateInvalid: 'Enter a valid end date',
  imageFailed: 'Image upload failed',
  addressOnly: 'Using address only',
  coach: 'Choose the approved coach this class is for',
} as const;

const text = (min: number, message: string, max: number) =>
  v.pipe(v.string(message), v.regex(trimmedMin(min), message), v.maxLength(max, `Must not exceed ${max} characters`));
const optionalText = (max: number) => v.nullable(v.pipe(v.string(), v.maxLength(max, `Must not exceed ${max} characters`)));
const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
const coordinate = (limit: number) => v.nullable(v.pipe(v.number(), v.minValue(-limit), v.maxValue(limit)));
const isoDay = (message: string) => v.pipe(v.string(message), v.isoDate(message), v.check(isCalendarDay, message));

/** RFC 3339: date, time with seconds, optional fraction, and Z or a numeric offset. */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;
/** The instant an RFC 3339 text names, or null. */
export function parseInstant(value: string): Date | null {
  if (!RFC_3339.test(value) || !isCalendarDay(value)) return null;
  const date = new Date(value.toUpperCase());
  return Number.isNaN(date.getTime()) ? null : date;
}
const instant = v.pipe(
  v.string(CLASS_MESSAGES.startTime),
  v.nonEmpty(CLASS_MESSAGES.startTime),
  v.isoTimestamp(CLASS_MESSAGES.instant),
  v.check((value) => parseInstant(value) !== null, CLASS_MESSAGES.instant),
  v.check(inSupportedYears, CLASS_MESSAGES.instantYears),
);

/** How a series repeats, in Pacific time: every N days, weeks (on the chosen weekdays) or months, ending on a
 * Pacific date (inclusive) or after a number of sessions. */
export const Recurrence = strictFields(
  {
    type: v.picklist(RECURRENCE_TYPE_CHOICES, CLASS_MESSAGES.recurrenceType),
    interval: v.optional(wholeNumber(CLASS_MESSAGES.interval, 1, 99), 1),
    /** Weekly only: 0 Sunday .. 6 Saturday; empty means the start's weekday. */
    daysOfWeek: v.optional(v.array(wholeNumber(CLASS_MESSAGES.daysOfWeek, 0, 6), CLASS_MESSAGES.daysOfWeek), []),
    endType: v.optional(v.picklist(['date', 'count'], CLASS_MESSAGES.endType), 'count'),
    /** YYYY-MM-DD (Pacific), with endType "date". */
    endDate: v.optional(v.nullable(v.pipe(isoDay(CLASS_MESSAGES.endDateInvalid), v.check(inSupportedYears, CLASS_MESSAGES.endDateYears)))),
    /** 1-999 sessions, with endType "count" (default 10). */
    endCount: v.optional(v.nullable(wholeNumber(CLASS_MESSAGES.endCount, 1, 999))),
  },
  CLASS_MESSAGES.recurrenceType,
);
export type Recurrence = v.InferOutput<typeof Recurrence>;

/** Every writable field of a class. The address is its parts; a combined `address` ("street, city, ST zip")
 * is read into parts when the parts are not sent (the edit page has one address field). */
const classFields = {
  title: text(3, CLASS_MESSAGES.title, 120),
  description: text(10, CLASS_MESSAGES.description, 5000),
  categoryId: wholeNumber(CLASS_MESSAGES.category, 1, 1_000_000),
  location: text(1, CLASS_MESSAGES.location, 120),
  addressLine1: text(1, CLASS_MESSAGES.addressLine1, 200),
  city: text(1, CLASS_MESSAGES.city, 80),
  state: text(1, CLASS_MESSAGES.state, 40),
  zipCode: text(1, CLASS_MESSAGES.zipCode, 12),
  address: v.nullable(text(5, CLASS_MESSAGES.address, 300)),
  /** Dollars. */
  price: v.pipe(v.number(CLASS_MESSAGES.price), v.minValue(0, CLASS_MESSAGES.price), v.maxValue(100_000, 'Price must not exceed $100,000')),
  /** Minutes; endTime = startTime + duration. */
  duration: wholeNumber(CLASS_MESSAGES.duration, 15, 24 * 60),
  capacity: wholeNumber(CLASS_MESSAGES.capacity, 1, 10_000),
  /** The first (or only) session's start, any offset: 2027-03-07T17:00:00Z and 2027-03-07T09:00:00-08:00 are the same instant. */
  startTime: instant,
  ageGroup: v.picklist(AGE_GROUP_CHOICES, CLASS_MESSAGES.ageGroup),
  whatToBring: optionalText(1000),
  image: imageUrl,
  /** Leave out (or null) to geocode the address. */
  latitude: coordinate(90),
  longitude: coordinate(180),
  // Outdoor conditions (api/conditions/model.ts): the weather policy, minimum size and meeting point.
  ...outdoorClassFields,
  /** The class's own cancellation policy; null follows the coach's (issue 20). */
  cancellationPolicy: ClassPolicyField,
};

/** The documented example of a new class (a weekly series); the API tests build their classes on it. */
export const CLASS_EXAMPLE = {
  title: 'Sunrise Yoga',
  description: 'A gentle flow by the water, for every level.',
  categoryId: 1,
  location: 'Crissy Field',
  addressLine1: '1199 E Beach',
  city: 'San Francisco',
  state: 'CA',
  zipCode: '94129',
  price: 25,
  duration: 60,
  capacity: 12,
  startTime: '2030-03-07T09:00:00-08:00',
  ageGroup: 'Adults',
  whatToBring: 'A mat and water',
  recurrence: { type: 'weekly', interval: 1, daysOfWeek: [4, 6], endType: 'count', endCount: 8 },
};

/** Fields of the class as GET returns it that no write sets (its id, derived times and counts, related rows'
 * names): a class read from the API posts back as it is, and these are ignored. Any other field is refused by
 * name (common/schema.ts). */
export const READ_ONLY_CLASS_FIELDS = [
  'id',
  'maxParticipants',
  'endTime',
  'isRecurring',
  'parentClassId',
  'recurringSeriesId',
  'createdAt',
  'schedules',
  'weatherPolicyText',
  'decisionTime',
  'sizeDecision',
  'coach',
  'categoryName',
  'activeBookings',
  'waitlistCount',
  'sessionCount',
  'nextSession',
  'updatedCount',
  'locationNotice',
  'category',
  'spotsLeft',
  'bookedSpots',
  'distanceMiles',
] as const;
/** The spec's flat recurrence fields, read-only as well; a new class takes them only as the echo of the nested
 * `recurrence` they are read beside. Alone they mean the client thinks it asks for a series, which it would
 * not get: refused by name, like an unknown field. */
export const FLAT_RECURRENCE_FIELDS = [
  'recurrenceType',
  'recurrenceInterval',
  'recurrenceDaysOfWeek',
  'recurrenceEndType',
  'recurrenceEndDate',
  'recurrenceEndCount',
] as const;

const ignoredField = v.optional(v.pipe(v.unknown(), v.description('Read-only (as GET returns it): ignored.')));
const ignored = <const K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, ignoredField])) as Record<K, typeof ignoredField>;
/** Every read-only name a write accepts and ignores: left out of the write types, so no service reads them. */
type IgnoredField = (typeof READ_ONLY_CLASS_FIELDS)[number] | (typeof FLAT_RECURRENCE_FIELDS)[number];

/** Flat recurrence values without a nested `recurrence`: each refused by name. */
const flatRecurrenceNeedsNested = <T extends { recurrence?: unknown }>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.recurrence) return;
    const input = dataset.value as Record<string, unknown>;
    for (const key of FLAT_RECURRENCE_FIELDS) {
      if (input[key] === undefined || input[key] === null) continue;
      addIssue({ message: `${UNKNOWN_FIELD}: ${key}`, path: [{ type: 'object', origin: 'value', input, key, value: input[key] }] });
    }
  });

/** POST /api/classes: a one-time class, or a series with `recurrence`. Missing fields get their own message;
 * price, duration, capacity and ageGroup have defaults. The read class's own fields are ignored; any other is
 * refused with 400 naming it (the flat recurrenceType without `recurrence` too), so nothing meant is lost. */
export const NewClass = v.pipe(
  fields({
    title: classFields.title,
    description: classFields.description,
    categoryId: classFields.categoryId,
    location: classFields.location,
    addressLine1: v.optional(classFields.addressLine1),
    city: v.optional(classFields.city),
    state: v.optional(classFields.state),
    zipCode: v.optional(classFields.zipCode),
    address: v.optional(classFields.address),
    price: v.optional(classFields.price, CLASS_DEFAULTS.price),
    duration: v.optional(classFields.duration, CLASS_DEFAULTS.duration),
    capacity: v.optional(classFields.capacity, CLASS_DEFAULTS.capacity),
    startTime: classFields.startTime,
    ageGroup: v.optional(classFields.ageGroup, CLASS_DEFAULTS.ageGroup),
    whatToBring: v.optional(classFields.whatToBring),
    image: classFields.image,
    latitude: v.optional(classFields.latitude),
    longitude: v.optional(classFields.longitude),
    ...outdoorClassFields,
    cancellationPolicy: ClassPolicyField,
    /** Admins only: the approved coach the class is created for. Coaches always create their own. */
    coachId: v.optional(v.nullable(v.pipe(v.number(), v.integer()))),
    /** null or absent: a one-time class. */
    recurrence: v.optional(v.nullable(Recurrence)),
    ...ignored(READ_ONLY_CLASS_FIELDS),
    ...ignored(FLAT_RECURRENCE_FIELDS),
  }),
  flatRecurrenceNeedsNested(),
  v.metadata({ examples: [CLASS_EXAMPLE] }),
);
export type NewClass = Omit<v.InferOutput<typeof NewClass>, IgnoredField>;

/** PATCH (and PUT) /api/classes/{id}: any subset of the fields; what is not sent stays as it is. A series'
 * recurrence and a class's coach are fixed once created: like the read class's other own fields, they are
 * ignored (so a class read posts back unchanged); any other field is refused by name. */
export const ClassChanges = v.pipe(
  v.partial(
    strictFields(
      { ...classFields, ...ignored([...READ_ONLY_CLASS_FIELDS, ...FLAT_RECURRENCE_FIELDS, 'coachId', 'recurrence']) },
      'Please send the class fields as a JSON object.',
    ),
  ),
  v.metadata({ examples: [{ title: 'Sunrise Yoga by the Bay', price: 30, capacity: 14, startTime: '2030-03-07T17:30:00Z' }] }),
);
export type ClassChanges = Omit<v.InferOutput<typeof ClassChanges>, IgnoredField | 'coachId' | 'recurrence'>;

/** Which sessions of a series a change applies to: this session only, or this and the following ones. */
export const ScopeQuery = v.object({ scope: v.optional(v.picklist(['this', 'following'], 'scope must be this or following'), 'this') });
export type Scope = v.InferOutput<typeof ScopeQuery>['scope'];

export const DeleteQuery = v.object({
  deleteOption: v.optional(v.picklist(['following', 'this', 'all'], 'deleteOption must be following, this or all')),
});
export const GeocodeQuery = v.object({
  q: withExample(v.pipe(v.string(), v.regex(trimmedMin(4), 'Type more than 3 characters'), v.maxLength(300)), 'Crissy Field'),
});
export const ReverseGeocodeQuery = v.object({ lat: withExample(v.string(), '37.8039'), lng: withExample(v.string(), '-122.4648') });

export const Place = v.object({
  found: v.boolean(),
  latitude: v.number(),
  longitude: v.number(),
  addressLine1: v.nullable(v.string()),
  city: v.nullable(v.string()),
  state: v.nullable(v.string()),
  zipCode: v.nullable(v.string()),
  formattedAddress: v.nullable(v.string()),
  notice: v.nullable(v.string()),
});
export type Place = v.InferOutput<typeof Place>;

const nullableString = v.nullable(v.string());
/** The class as every route returns it (api/lib/class-json.ts): the spec's Class entity, with the nested
 * recurrence a series was created with (null for a one-time class and for each session of a series). */
export const ClassResource = v.object({
  id: v.number(),
  title: v.string(),
  description: v.string(),
  whatToBring: nullableString,
  image: nullableString,
  price: v.number(),
  location: nullableString,
  addressLine1: nullableString,
  city: nullableString,
  state: nullableString,
  zipCode: nullableString,
  address: nullableString,
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
  capacity: v.number(),
  maxParticipants: v.number(),
  duration: v.number(),
  coachId: v.number(),
  categoryId: v.nullable(v.number()),
  startTime: nullableString,
  endTime: nullableString,
  ageGroup: v.picklist(AGE_GROUP_CHOICES),
  isRecurring: v.boolean(),
  parentClassId: v.nullable(v.number()),
  recurringSeriesId: v.nullable(v.number()),
  recurrence: v.nullable(
    v.object({
      type: v.picklist(RECURRENCE_TYPE_CHOICES),
      interval: v.number(),
      daysOfWeek: v.array(v.number()),
      endType: v.picklist(['date', 'count']),
      endDate: nullableString,
      endCount: v.nullable(v.number()),
    }),
  ),
  recurrenceType: v.nullable(v.picklist(RECURRENCE_TYPE_CHOICES)),
  recurrenceInterval: v.nullable(v.number()),
  recurrenceDaysOfWeek: nullableString,
  recurrenceEndType: v.nullable(v.picklist(['date', 'count'])),
  recurrenceEndDate: nullableString,
  recurrenceEndCount: v.nullable(v.number()),
  createdAt: v.string(),
  schedules: v.optional(v.array(v.object({ dayOfWeek: v.number(), startTime: v.string(), endTime: v.string() }))),
  ...OutdoorResourceFields,
  /** The cancellation policy a booking made now is booked under: the class's own or its coach's. */
  cancellationPolicy: ClassPolicyResource,
});

/** A class as the managed list returns it: the resource plus its coach, category name, booked spots and sessions. */
export const ManagedClass = v.object({
  ...ClassResource.entries,
  coach: v.nullable(v.object({ id: v.number(), firstName: v.string(), lastName: v.string() })),
  categoryName: nullableString,
  activeBookings: v.number(),
  /** People on the waitlist (waiting, or holding an offer). */
  waitlistCount: v.number(),
  sessionCount: v.number(),
  /** GET /api/classes/managed: the series' next session not yet ended (else its last), or the class itself. */
  nextSession: v.optional(
    v.nullable(
      v.object({
        id: v.number(),
        startTime: v.nullable(v.string()),
        /** That session's own booked spots, capacity and waitlist (a series' figures above are summed). */
        activeBookings: v.number(),
        capacity: v.number(),
        waitlistCount: v.number(),
      }),
    ),
  ),
});
export type ManagedClass = v.InferOutput<typeof ManagedClass>;

/** What a create or a change answers: the class, its number of sessions, how many rows a change touched and
 * the "Using address only" notice when the address could not be placed on the map. */
export const ClassWriteResult = v.object({
  ...ClassResource.entries,
  sessionCount: v.number(),
  updatedCount: v.optional(v.number()),
  locationNotice: nullableString,
});

export const DeleteResult = v.object({ message: v.string(), deleted: v.number(), cancelledBookings: v.number() });
