// The class pages' own rules (coach-admin-areas §5), over the text their fields hold, and the conversion of
// what they hold into the class resource the API takes: a Pacific date and time become an RFC 3339 instant.
// Half-hour starts, "not in the past" and the edit page's minimums are page rules; the API checks the class.
import * as v from 'valibot';
import { CLASS_DEFAULTS, CLASS_MESSAGES, type ClassChanges, type NewClass, type Recurrence } from '../../../../api/classes/model';
import type { ClassJson } from '../../../../api/classes/shape';
import { pacificDay, pacificHHMM, pacificWallTimeToInstant } from '../../../../common/pacific';
import { isCalendarDay, trimmedMin } from '../../../../common/schema';

/** Every 30 minutes of the day, "00:00" to "23:30". */
export const START_TIME_CHOICES: string[] = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

const PAGE_MESSAGES = {
  startDate: 'Start date is required',
  halfHour: 'Start time must be on the hour or half hour',
} as const;

/** The simpler edit page's messages (/edit-class/{id}). */
const EDIT_MESSAGES = {
  title: 'Title must be at least 5 characters',
  description: 'Description must be at least 10 characters',
  price: 'Price must be 0 or greater',
  capacity: 'Capacity must be a positive integer',
  location: 'Location must be at least 3 characters',
  address: 'Address must be at least 5 characters',
  duration: 'Duration must be a positive number',
  startTime: 'Start time is required',
  invalidDateTime: 'Enter a valid date and time',
  before1900: 'Date cannot be before 1900',
} as const;

const atLeast = (min: number, message: string) => v.pipe(v.string(message), v.regex(trimmedMin(min), message));
const numberText = (message: string, fits: (n: number) => boolean) =>
  v.pipe(
    v.string(message),
    v.check((s) => s.trim() !== '' && fits(Number(s)), message),
  );
const num = (s: string) => Number(s);

/** A Pacific date and HH:MM as the instant the API takes. */
export const pacificInstant = (day: string, time: string) => pacificWallTimeToInstant(day, time).toISOString();

// ---------------------------------------------------------------- the create page (and its edit mode)

/** The fields every mode shares; the start is one nested value (date and time) so that its own rules see both
 * while the other fields are still being filled in. */
const classFields = {
  coachId: v.string(),
  title: atLeast(3, CLASS_MESSAGES.title),
  description: atLeast(10, CLASS_MESSAGES.description),
  categoryId: v.pipe(v.string(), v.nonEmpty(CLASS_MESSAGES.category)),
  ageGroup: v.picklist(['Adults', 'Kids'], CLASS_MESSAGES.ageGroup),
  whatToBring: v.string(),
  location: atLeast(1, CLASS_MESSAGES.location),
  addressLine1: atLeast(1, CLASS_MESSAGES.addressLine1),
  city: atLeast(1, CLASS_MESSAGES.city),
  state: atLeast(1, CLASS_MESSAGES.state),
  zipCode: atLeast(1, CLASS_MESSAGES.zipCode),
  start: v.object({
    date: v.pipe(
      v.string(),
      v.nonEmpty(PAGE_MESSAGES.startDate),
      v.isoDate(CLASS_MESSAGES.startDateInvalid),
      v.check(isCalendarDay, CLASS_MESSAGES.startDateInvalid),
    ),
    time: v.pipe(v.string(), v.nonEmpty(CLASS_MESSAGES.startTime), v.regex(/^([01]\d|2[0-3]):(00|30)$/, PAGE_MESSAGES.halfHour)),
  }),
  duration: numberText(CLASS_MESSAGES.duration, (n) => Number.isInteger(n) && n >= 15 && n <= 1440),
  capacity: numberText(CLASS_MESSAGES.capacity, (n) => Number.isInteger(n) && n >= 1 && n <= 10_000),
  price: numberText(CLASS_MESSAGES.price, (n) => n >= 0 && n <= 100_000),
  image: v.nullable(v.string()),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
};
type ClassFormValues = v.InferInput<v.ObjectSchema<typeof classFields, undefined>>;

/** The create page's rules; creating also refuses a start that has gone by, and an admin names the coach. */
export function classFormRules(options: { creating: boolean; needsCoach: boolean; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const start = v.pipe(
    classFields.start,
    v.forward(
      v.partialCheck([['date']], (input) => !options.creating || input.date >= pacificDay(now()), CLASS_MESSAGES.startDatePast),
      ['date'],
    ),
    v.forward(
      v.partialCheck(
        [['date'], ['time']],
        (input) => !options.creating || input.date !== pacificDay(now()) || pacificWallTimeToInstant(input.date, input.time) > now(),
        CLASS_MESSAGES.startTimePast,
      ),
      ['time'],
    ),
  );
  const coachId = v.pipe(
    v.string(),
    v.check((id) => !options.needsCoach || id !== '', CLASS_MESSAGES.coach),
  );
  return v.object({ ...classFields, coachId, start });
}

/** The form's values for a new class (starting today, or tomorrow once 9:00 AM has gone by). */
export function emptyClassValues(now = new Date()): ClassFormValues {
  const today = pacificDay(now);
  const tomorrow = pacificDay(new Date(now.getTime() + 24 * 3_600_000));
  return {
    coachId: '',
    title: '',
    description: '',
    categoryId: '',
    ageGroup: CLASS_DEFAULTS.ageGroup,
    whatToBring: '',
    location: '',
    addressLine1: '',
    city: '',
    state: 'CA',
    zipCode: '',
    start: { date: pacificWallTimeToInstant(today, CLASS_DEFAULTS.startTime) > now ? today : tomorrow, time: CLASS_DEFAULTS.startTime },
    duration: String(CLASS_DEFAULTS.duration),
    capacity: String(CLASS_DEFAULTS.capacity),
    price: String(CLASS_DEFAULTS.price),
    image: null,
    latitude: null,
    longitude: null,
  };
}

/** The form's values for a class read from the API (edit, or a duplicate, which never starts in the past). */
export function classValuesFrom(c: ClassJson, duplicate: boolean, now = new Date()): ClassFormValues {
  const today = pacificDay(now);
  const day = c.startTime ? pacificDay(c.startTime) : today;
  return {
    coachId: String(c.coachId),
    title: c.title,
    description: c.description ?? '',
    categoryId: c.categoryId ? String(c.categoryId) : '',
    ageGroup: c.ageGroup === 'Kids' ? 'Kids' : 'Adults',
    whatToBring: c.whatToBring ?? '',
    location: c.location ?? '',
    addressLine1: c.addressLine1 ?? c.address?.split(',')[0]?.trim() ?? '',
    city: c.city ?? '',
    state: c.state ?? '',
    zipCode: c.zipCode ?? '',
    start: { date: duplicate && day < today ? today : day, time: c.startTime ? pacificHHMM(c.startTime) : CLASS_DEFAULTS.startTime },
    duration: String(c.duration),
    capacity: String(c.capacity),
    price: String(c.price),
    image: c.image,
    latitude: c.latitude,
    longitude: c.longitude,
  };
}

/** The class fields the form holds, as the resource names them (a change sends them all). */
export function toClassChanges(
  values: ClassFormValues,
): ClassChanges &
  Required<
    Pick<ClassChanges, 'title' | 'categoryId' | 'description' | 'location' | 'startTime' | 'price' | 'duration' | 'capacity' | 'ageGroup'>
  > {
  return {
    title: values.title,
    description: values.description,
    categoryId: num(values.categoryId),
    ageGroup: values.ageGroup,
    whatToBring: values.whatToBring || null,
    location: values.location,
    addressLine1: values.addressLine1,
    city: values.city,
    state: values.state,
    zipCode: values.zipCode,
    startTime: pacificInstant(values.start.date, values.start.time),
    duration: num(values.duration),
    capacity: num(values.capacity),
    price: num(values.price),
    image: values.image,
    latitude: values.latitude,
    longitude: values.longitude,
  };
}

/** A new class (or series) from the form: the admin's chosen coach, and the recurrence when it repeats. */
export function toNewClass(values: ClassFormValues, recurrence: Recurrence | null, asAdmin: boolean): NewClass {
  return { ...toClassChanges(values), ...(asAdmin ? { coachId: num(values.coachId) } : {}), recurrence: recurrence ?? null };
}

// ---------------------------------------------------------------- the edit page (/edit-class/{id})

/** The edit page's start: a Pacific "YYYY-MM-DDTHH:MM" (datetime-local), on the calendar, not before 1900. */
const editStart = v.pipe(
  v.string(),
  v.nonEmpty(EDIT_MESSAGES.startTime),
  v.isoDateTime(EDIT_MESSAGES.invalidDateTime),
  v.check(isCalendarDay, EDIT_MESSAGES.invalidDateTime),
  v.regex(/^(?!0\d{3}|1[0-8]\d\d)/, EDIT_MESSAGES.before1900),
);

export const EditPageRules = v.object({
  title: atLeast(5, EDIT_MESSAGES.title),
  description: atLeast(10, EDIT_MESSAGES.description),
  location: atLeast(3, EDIT_MESSAGES.location),
  address: atLeast(5, EDIT_MESSAGES.address),
  startTime: editStart,
  duration: numberText(EDIT_MESSAGES.duration, (n) => Number.isInteger(n) && n >= 1),
  price: numberText(EDIT_MESSAGES.price, (n) => n >= 0),
  capacity: numberText(EDIT_MESSAGES.capacity, (n) => Number.isInteger(n) && n >= 1),
  whatToBring: v.string(),
});
export type EditPageValues = v.InferInput<typeof EditPageRules>;

export function editPageValuesFrom(c: ClassJson): EditPageValues {
  return {
    title: c.title,
    description: c.description ?? '',
    location: c.location ?? '',
    address: c.address ?? '',
    startTime: c.startTime ? `${pacificDay(c.startTime)}T${pacificHHMM(c.startTime)}` : '',
    duration: String(c.duration),
    price: String(c.price),
    capacity: String(c.capacity),
    whatToBring: c.whatToBring ?? '',
  };
}

/** What the edit page sends: the subset it shows, with the resource's names and an RFC 3339 start. */
export function editPageChanges(values: EditPageValues): ClassChanges {
  const [day, time] = values.startTime.split('T') as [string, string];
  return {
    title: values.title,
    description: values.description,
    location: values.location,
    address: values.address,
    startTime: pacificInstant(day, time),
    duration: num(values.duration),
    price: num(values.price),
    capacity: num(values.capacity),
    whatToBring: values.whatToBring || null,
  };
}
