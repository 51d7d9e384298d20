// Named attendees (one per booked spot) and check-in: request and answer schemas, valibot only, so the
// booking and checkout forms show the server's own messages.
import * as v from 'valibot';
import { fields, strictFields } from '../../common/schema';
import { AGE_REQUIRED } from '../spots/attendee-rules';

export const ATTENDEE_NAME_MAX = 80;
/** As db/schema's ATTENDANCE_STATUSES (repeated so the site's forms never pull in the database schema). */
export const ATTENDANCE = ['present', 'no_show'] as const;
export const NAME_REQUIRED = "Enter each attendee's name.";
export const NAME_TOO_LONG = `An attendee's name can be at most ${ATTENDEE_NAME_MAX} characters.`;
export const AGE_INVALID = 'Enter the age in whole years (0-120).';
export { AGE_REQUIRED } from '../spots/attendee-rules';

export const AttendeeName = v.pipe(
  v.string(NAME_REQUIRED),
  v.trim(),
  v.minLength(1, NAME_REQUIRED),
  v.maxLength(ATTENDEE_NAME_MAX, NAME_TOO_LONG),
);
export const AttendeeAge = v.pipe(v.number(AGE_INVALID), v.integer(AGE_INVALID), v.minValue(0, AGE_INVALID), v.maxValue(120, AGE_INVALID));

/** One person for one spot: a name (trimmed, 1-80 characters) and, for Kids classes, the child's age. */
export const AttendeeInput = strictFields(
  { name: AttendeeName, age: v.optional(v.nullable(AttendeeAge)) },
  'Send each attendee as {"name": ..., "age": ...}.',
);
export type AttendeeInput = v.InferOutput<typeof AttendeeInput>;

/** On POST /api/bookings/free and /api/payment/create-intent: one attendee per spot, in spot order. */
export const AttendeesField = v.optional(
  v.pipe(
    v.array(AttendeeInput, 'Send attendees as a list: one {"name", "age"} per spot.'),
    v.maxLength(100, 'Name at most 100 attendees.'),
    v.description(
      'One attendee per spot (length = quantity); the first is usually the booker. Kids classes need each age, so a free Kids booking needs the list. Without it, the spots are named after the booker; a payment hold can be named later, by asking for the intent again with the list before paying.',
    ),
  ),
);

export const Attendee = v.object({
  /** The attendee's place in the booking (0 = the first spot): PUT /api/bookings/{id}/attendance names it. */
  position: v.number(),
  name: v.string(),
  age: v.nullable(v.number()),
  /** Set by the coach at the session: present (checked in), no_show, or not yet recorded. */
  attendance: v.nullable(v.picklist(ATTENDANCE)),
});
export type Attendee = v.InferOutput<typeof Attendee>;

export const AttendanceBody = v.pipe(
  fields({
    attendee: v.pipe(v.number('Choose an attendee.'), v.integer('Choose an attendee.'), v.minValue(0, 'Choose an attendee.')),
    status: v.nullable(v.picklist(ATTENDANCE, 'Attendance is "present", "no_show" or null.')),
  }),
  v.metadata({ examples: [{ attendee: 0, status: 'present' }] }),
);
export type AttendanceBody = v.InferOutput<typeof AttendanceBody>;
