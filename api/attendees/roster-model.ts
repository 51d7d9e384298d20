// The roster answers: a session's confirmed bookings with their attendees and the booker's contact.
import * as v from 'valibot';
import { BookingClass } from '../bookings/model';
import { Attendee } from './model';

export const RosterBooking = v.object({
  bookingId: v.number(),
  quantity: v.number(),
  /** Paid (the amount in dollars) or free. */
  paid: v.boolean(),
  amount: v.number(),
  booker: v.object({ firstName: v.string(), lastName: v.string(), email: v.string(), phone: v.nullable(v.string()) }),
  attendees: v.array(Attendee),
});
export type RosterBooking = v.InferOutput<typeof RosterBooking>;

export const Roster = v.object({
  class: v.object({ ...BookingClass.entries, ageGroup: v.string(), capacity: v.number() }),
  /** Check-in runs from 30 minutes before the start until 24 hours after it. */
  checkInOpensAt: v.nullable(v.string()),
  checkInClosesAt: v.nullable(v.string()),
  checkInOpen: v.boolean(),
  counts: v.object({ spots: v.number(), present: v.number(), noShow: v.number() }),
  bookings: v.array(RosterBooking),
});
export type Roster = v.InferOutput<typeof Roster>;
