// The roster answers: a session's confirmed bookings with their attendees and the booker's contact.
import * as v from 'valibot';
import { BookingClass } from '../bookings/model';
import { Attendee } from './model';

const RosterBookingObject = v.object({
  bookingId: v.number(),
  quantity: v.number(),
  /** Paid (the amount in dollars) or free. */
  paid: v.boolean(),
  amount: v.number(),
  booker: v.object({ firstName: v.string(), lastName: v.string(), email: v.string(), phone: v.nullable(v.string()) }),
  attendees: v.array(Attendee),
  /** Who to call in an emergency, given with the waiver at booking (null: not given). */
  emergencyContact: v.nullable(v.object({ name: v.string(), phone: v.string() })),
  /** Each spot's waivers as accepted (by the attendee, or by the booker as guardian or for a friend), and a
   * medical note shown only to the class's own coach (null for anyone else, or when none was given). */
  waivers: v.array(
    v.object({
      position: v.number(),
      accepted: v.boolean(),
      acceptances: v.array(v.object({ title: v.string(), version: v.number(), relation: v.string(), acceptedAt: v.string() })),
      medicalNote: v.nullable(v.string()),
    }),
  ),
});
const ROSTER_BOOKING_EXAMPLE = {
  bookingId: 311,
  quantity: 2,
  paid: true,
  amount: 63,
  booker: { firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', phone: '+14155550100' },
  attendees: [
    { position: 0, name: 'Maya Lee', age: 7, attendance: 'present' as const },
    { position: 1, name: 'Leo Lee', age: 5, attendance: null },
  ],
  emergencyContact: { name: 'Sam Lee', phone: '+14155550100' },
  waivers: [
    {
      position: 0,
      accepted: true,
      acceptances: [{ title: 'Fogline participation waiver', version: 1, relation: 'guardian', acceptedAt: '2030-03-01T18:00:00.000Z' }],
      medicalNote: 'Mild asthma: inhaler in her bag.',
    },
    {
      position: 1,
      accepted: true,
      acceptances: [{ title: 'Fogline participation waiver', version: 1, relation: 'guardian', acceptedAt: '2030-03-01T18:00:00.000Z' }],
      medicalNote: null,
    },
  ],
} satisfies v.InferOutput<typeof RosterBookingObject>;
export const RosterBooking = v.pipe(RosterBookingObject, v.metadata({ examples: [ROSTER_BOOKING_EXAMPLE] }));
export type RosterBooking = v.InferOutput<typeof RosterBooking>;

const RosterObject = v.object({
  class: v.object({ ...BookingClass.entries, ageGroup: v.string(), capacity: v.number() }),
  /** Check-in runs from 30 minutes before the start until 24 hours after it. */
  checkInOpensAt: v.nullable(v.string()),
  checkInClosesAt: v.nullable(v.string()),
  checkInOpen: v.boolean(),
  counts: v.object({ spots: v.number(), present: v.number(), noShow: v.number() }),
  bookings: v.array(RosterBooking),
});
const ROSTER_EXAMPLE = {
  class: {
    id: 42,
    title: 'Little Kickers',
    startTime: '2030-03-09T17:00:00.000Z',
    endTime: '2030-03-09T18:00:00.000Z',
    location: 'Crissy Field',
    address: '1199 E Beach, San Francisco, CA 94129',
    image: null,
    price: 30,
    coachId: 3,
    deleted: false,
    ageGroup: 'Kids',
    capacity: 8,
  },
  checkInOpensAt: '2030-03-09T16:30:00.000Z',
  checkInClosesAt: '2030-03-10T17:00:00.000Z',
  checkInOpen: true,
  counts: { spots: 2, present: 1, noShow: 0 },
  bookings: [ROSTER_BOOKING_EXAMPLE],
} satisfies v.InferOutput<typeof RosterObject>;
export const Roster = v.pipe(RosterObject, v.metadata({ examples: [ROSTER_EXAMPLE] }));
export type Roster = v.InferOutput<typeof Roster>;
