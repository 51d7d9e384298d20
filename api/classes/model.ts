// Class write schemas: the create page's rules and the simpler edit page's rules (coach-admin-areas §5), with
// the spec's messages. valibot only, so the site's forms validate with these very schemas.
import * as v from 'valibot';

export const DURATION_CHOICES = [30, 45, 60, 75, 90, 105, 120, 150, 180] as const;
export const AGE_GROUP_CHOICES = ['Adults', 'Kids'] as const;
export const RECURRENCE_TYPE_CHOICES = ['daily', 'weekly', 'monthly'] as const;
/** Defaults for a new class (§9). */
export const CLASS_DEFAULTS = { duration: 60, capacity: 10, price: 0, startTime: '09:00', ageGroup: 'Adults', recurrenceInterval: 1, recurrenceEndCount: 10 } as const;

/** Every 30 minutes of the day, "00:00" to "23:30". */
export const START_TIME_CHOICES: string[] = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

export const CLASS_MESSAGES = {
  title: 'Title must be at least 3 characters',
  description: 'Description must be at least 10 characters',
  category: 'Please select a category',
  location: 'Location name is required',
  addressLine1: 'Address is required',
  city: 'City is required',
  state: 'State is required',
  zipCode: 'ZIP code is required',
  price: 'Price must be 0 or greater',
  duration: 'Duration must be at least 15 minutes',
  capacity: 'Capacity must be at least 1',
  startDate: 'Start date is required',
  startTime: 'Start time is required',
  halfHour: 'Start time must be on the hour or half hour',
  ageGroup: 'Age group must be Adults or Kids',
  interval: 'Interval must be between 1 and 99',
  daysOfWeek: 'Days of week must be numbers from 0 (Sunday) to 6 (Saturday)',
  endCount: 'End count must be between 1 and 999',
  endDatePast: 'End date cannot be in the past',
  endDateMissing: 'Choose the date the series ends',
  startDatePast: 'Start date cannot be in the past',
  startTimePast: 'Start time cannot be in the past',
  startDateInvalid: 'Enter a valid start date',
  endDateInvalid: 'Enter a valid end date',
  imageFailed: 'Image upload failed',
  addressOnly: 'Using address only',
} as const;

export const EDIT_MESSAGES = {
  title: 'Title must be at least 5 characters',
  description: 'Description must be at least 10 characters',
  price: 'Price must be 0 or greater',
  capacity: 'Capacity must be a positive integer',
  location: 'Location must be at least 3 characters',
  address: 'Address must be at least 5 characters',
  duration: 'Duration must be a positive number',
  startTime: 'Start time is required',
  before1900: 'Date cannot be before 1900',
} as const;

// A required field missing from the body is read as empty, so it fails with the field's own message.
/** At least `min` characters once the surrounding spaces are trimmed (a regex, so it appears in the API docs;
 * the service stores the trimmed text). */
export const trimmedMin = (min: number) => (min <= 1 ? /\S/ : new RegExp(`^\\s*\\S[\\s\\S]{${min - 2},}\\S\\s*$`));
const text = (min: number, message: string, max = 200) =>
  v.optional(v.pipe(v.string(message), v.regex(trimmedMin(min), message), v.maxLength(max, `Must not exceed ${max} characters`)), '');
const optionalText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max, `Must not exceed ${max} characters`))));
const wholeNumber = (message: string, min: number, max: number) => v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
const price = (message: string, fallback: number) => v.optional(v.pipe(v.number(message), v.minValue(0, message), v.maxValue(100_000, 'Price must not exceed $100,000')), fallback);
/** An uploaded image (/uploads/...) or an https URL; the class is saved without one when the upload failed. */
export const imageUrl = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000), v.regex(/^(|\/[^/\\].*|https:\/\/.+)$/, 'The image must be an uploaded image or an https URL'))));
const coordinate = (limit: number) => v.optional(v.nullable(v.pipe(v.number(), v.minValue(-limit), v.maxValue(limit))));
/** A day that exists on the calendar: isoDate alone lets "2027-02-30" through (it would roll into March). */
export const isCalendarDay = (value: string) => {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};
const isoDay = (required: string, invalid: string) => v.pipe(v.string(required), v.nonEmpty(required), v.isoDate(invalid), v.check(isCalendarDay, invalid));

/** Which sessions of a series an edit applies to: this session only, or this and the following ones. */
export const EditScope = v.optional(v.picklist(['this', 'following'], 'Scope must be this or following'), 'this');

/** The create page's fields (and the same page in edit mode). Dates and times are Pacific wall time. */
export const ClassForm = v.object({
  title: text(3, CLASS_MESSAGES.title, 120),
  description: text(10, CLASS_MESSAGES.description, 5000),
  categoryId: v.optional(wholeNumber(CLASS_MESSAGES.category, 1, 1_000_000), NaN),
  location: text(1, CLASS_MESSAGES.location, 120),
  addressLine1: text(1, CLASS_MESSAGES.addressLine1, 200),
  city: text(1, CLASS_MESSAGES.city, 80),
  state: text(1, CLASS_MESSAGES.state, 40),
  zipCode: text(1, CLASS_MESSAGES.zipCode, 12),
  price: price(CLASS_MESSAGES.price, CLASS_DEFAULTS.price),
  duration: v.optional(wholeNumber(CLASS_MESSAGES.duration, 15, 24 * 60), CLASS_DEFAULTS.duration),
  capacity: v.optional(wholeNumber(CLASS_MESSAGES.capacity, 1, 10_000), CLASS_DEFAULTS.capacity),
  startDate: v.optional(isoDay(CLASS_MESSAGES.startDate, CLASS_MESSAGES.startDateInvalid), ''),
  startTime: v.optional(v.pipe(v.string(CLASS_MESSAGES.startTime), v.nonEmpty(CLASS_MESSAGES.startTime), v.regex(/^([01]\d|2[0-3]):(00|30)$/, CLASS_MESSAGES.halfHour)), CLASS_DEFAULTS.startTime),
  ageGroup: v.optional(v.picklist(AGE_GROUP_CHOICES, CLASS_MESSAGES.ageGroup), 'Adults'),
  whatToBring: optionalText(1000),
  image: imageUrl,
  latitude: coordinate(90),
  longitude: coordinate(180),
  /** Admins only: the approved coach the class is created for. Coaches always create their own. */
  coachId: v.optional(v.nullable(v.pipe(v.number(), v.integer()))),
  isRecurring: v.optional(v.boolean(), false),
  recurrenceType: v.optional(v.nullable(v.picklist(RECURRENCE_TYPE_CHOICES, 'Repeat must be daily, weekly or monthly'))),
  recurrenceInterval: v.optional(v.nullable(wholeNumber(CLASS_MESSAGES.interval, 1, 99))),
  recurrenceDaysOfWeek: v.optional(v.nullable(v.array(wholeNumber(CLASS_MESSAGES.daysOfWeek, 0, 6), CLASS_MESSAGES.daysOfWeek))),
  recurrenceEndType: v.optional(v.nullable(v.picklist(['date', 'count'], 'End by date or count'))),
  recurrenceEndDate: v.optional(v.nullable(v.union([v.literal(''), v.pipe(v.string(), v.isoDate(CLASS_MESSAGES.endDateInvalid), v.check(isCalendarDay, CLASS_MESSAGES.endDateInvalid))], CLASS_MESSAGES.endDateInvalid))),
  recurrenceEndCount: v.optional(v.nullable(wholeNumber(CLASS_MESSAGES.endCount, 1, 999))),
});
export type ClassForm = v.InferOutput<typeof ClassForm>;
export type ClassFormInput = v.InferInput<typeof ClassForm>;

/** The full form sent to PUT, with the series scope. */
export const ClassUpdate = v.object({ ...ClassForm.entries, scope: EditScope });
export type ClassUpdate = v.InferOutput<typeof ClassUpdate>;

/** The simpler edit page (/edit-class/{id}): its own rules. startTime is a Pacific "YYYY-MM-DDTHH:MM". */
export const EditClassForm = v.object({
  form: v.literal('edit-page'),
  title: text(5, EDIT_MESSAGES.title, 120),
  description: text(10, EDIT_MESSAGES.description, 5000),
  price: price(EDIT_MESSAGES.price, NaN),
  capacity: v.optional(wholeNumber(EDIT_MESSAGES.capacity, 1, 10_000), NaN),
  location: text(3, EDIT_MESSAGES.location, 120),
  address: text(5, EDIT_MESSAGES.address, 300),
  duration: v.optional(wholeNumber(EDIT_MESSAGES.duration, 1, 24 * 60), NaN),
  startTime: v.optional(
    v.pipe(
      v.string(EDIT_MESSAGES.startTime),
      v.nonEmpty(EDIT_MESSAGES.startTime),
      v.isoDateTime('Enter a valid date and time'),
      v.check(isCalendarDay, 'Enter a valid date and time'),
      v.regex(/^(?!0\d{3}|1[0-8]\d\d)/, EDIT_MESSAGES.before1900),
    ),
    '',
  ),
  whatToBring: optionalText(1000),
  scope: EditScope,
});
export type EditClassForm = v.InferOutput<typeof EditClassForm>;
export type EditClassFormInput = v.InferInput<typeof EditClassForm>;

/** PUT /api/classes/{id}: the full class fields (create rules), or the edit page's subset marked form "edit-page". */
export const ClassUpdateBody = v.variant('form', [EditClassForm, v.object({ form: v.optional(v.literal('class')), ...ClassUpdate.entries })], 'form must be "edit-page" (the edit page) or "class" (the full form)');
export type ClassUpdateBody = v.InferOutput<typeof ClassUpdateBody>;

export const DeleteQuery = v.object({ deleteOption: v.optional(v.picklist(['following', 'this', 'all'], 'deleteOption must be following, this or all')) });
export const IdParams = v.object({ id: v.string() });
export const GeocodeQuery = v.object({ q: v.pipe(v.string(), v.regex(trimmedMin(4), 'Type more than 3 characters'), v.maxLength(300)) });
export const ReverseGeocodeQuery = v.object({ lat: v.string(), lng: v.string() });

export const Message = v.object({ message: v.string() });
export const ValidationFailure = v.object({ message: v.string(), errors: v.optional(v.record(v.string(), v.array(v.string()))) });

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

/** A class as the write routes and the managed list return it (the spec's Class plus what the screens show). */
export const ManagedClass = v.looseObject({
  id: v.number(),
  title: v.string(),
  coachId: v.number(),
  isRecurring: v.boolean(),
  parentClassId: v.nullable(v.number()),
  startTime: v.nullable(v.string()),
  endTime: v.nullable(v.string()),
  price: v.number(),
  capacity: v.number(),
  coach: v.nullable(v.object({ id: v.number(), firstName: v.string(), lastName: v.string() })),
  categoryName: v.nullable(v.string()),
  activeBookings: v.number(),
  /** People on the waitlist (waiting, or holding an offer). */
  waitlistCount: v.number(),
  sessionCount: v.number(),
});
export type ManagedClass = v.InferOutput<typeof ManagedClass>;

export const ClassWriteResult = v.looseObject({
  id: v.number(),
  title: v.string(),
  sessionCount: v.number(),
  updatedCount: v.optional(v.number()),
  locationNotice: v.nullable(v.string()),
  imageNotice: v.optional(v.nullable(v.string())),
});

export const DeleteResult = v.object({ message: v.string(), deleted: v.number(), cancelledBookings: v.number() });
