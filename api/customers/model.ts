// The Customer Management answer (coach-admin-areas §2, §3): booking rows and the three summary figures.
import * as v from 'valibot';
import { pageEntries } from '../../common/pagination';
import { pathId } from '../../common/schema';
import { HeldPass, PaidWithField } from '../passes/model';

export const CustomerBookingRow = v.object({
  id: v.number(),
  classId: v.number(),
  /** The class start as an ISO instant (shown MMM dd, yyyy in Pacific time); null when the class has none. */
  classDate: v.nullable(v.string()),
  /** The same instant (shown h:mm a in Pacific time). */
  classTime: v.nullable(v.string()),
  className: v.string(),
  coachFirstName: v.string(),
  coachLastName: v.string(),
  customerFirstName: v.string(),
  customerLastName: v.string(),
  customerPhone: v.nullable(v.string()),
  customerEmail: v.string(),
  status: v.string(),
  quantity: v.number(),
  /** Past classes this customer attended (confirmed bookings of classes that have started), in the same scope. */
  completedClasses: v.number(),
  /** Attendees of this customer's bookings checked in by the coach (present), in the same scope. */
  attended: v.number(),
  /** Attendees of this customer's bookings the coach marked no-show, in the same scope. */
  noShows: v.number(),
  /** How this booking was paid: by card, with a pass's credit, with a membership, or nothing to pay. */
  paidWith: PaidWithField,
  /** The pass that paid for it, when one did. */
  passName: v.nullable(v.string()),
  /** The passes this customer holds now (the coach's own; every coach's for an admin). */
  passes: v.array(HeldPass),
});
export type CustomerBookingRow = v.InferOutput<typeof CustomerBookingRow>;

export const CustomerSummary = v.object({
  /** Active customer bookings: the number of rows. */
  totalBookings: v.number(),
  /** Unique customer emails among the rows. */
  uniqueCustomers: v.number(),
  /** Past classes among the rows: classes taught with attendees. */
  completedClasses: v.number(),
});
export type CustomerSummary = v.InferOutput<typeof CustomerSummary>;

export const CustomersAnswer = v.object({ rows: v.array(CustomerBookingRow), summary: CustomerSummary });
export type CustomersAnswer = v.InferOutput<typeof CustomersAnswer>;

/** GET /api/customers/people: one row per customer (issue 22), in the same scope and with the same bookings as
 * the rows above (active: taking spots), newest class first. */
export const CustomerPeopleQuery = v.object({
  /** Searches the customer's name, email and phone, and the names of the people they booked for. */
  q: v.optional(v.pipe(v.string(), v.maxLength(200, 'The search text must not exceed 200 characters.'))),
  ...pageEntries,
});
export type CustomerPeopleQuery = v.InferOutput<typeof CustomerPeopleQuery>;

const CustomerContact = {
  id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
};

const CustomerFigures = {
  /** active bookings and the spots they hold */
  bookings: v.number(),
  spots: v.number(),
  /** past classes attended (confirmed bookings of classes that have started), as completedClasses above */
  completedClasses: v.number(),
  /** sessions still to come */
  upcomingClasses: v.number(),
  /** attendees checked in, and marked no-show, at the sessions */
  attended: v.number(),
  noShows: v.number(),
};

export const CustomerPerson = v.object({
  ...CustomerContact,
  ...CustomerFigures,
  /** the latest class start among the bookings (ISO), and the next one to come */
  lastClassAt: v.nullable(v.string()),
  nextClassAt: v.nullable(v.string()),
  /** the distinct names of the people booked (the customer and their guests or children), at most 12 */
  attendeeNames: v.array(v.string()),
  /** the passes they hold now (the coach's own; every coach's for an admin) */
  passes: v.array(HeldPass),
});
export type CustomerPerson = v.InferOutput<typeof CustomerPerson>;

export const CustomerIdParams = v.object({ id: pathId(5) });

export const CustomerDetail = v.object({
  customer: v.object(CustomerContact),
  summary: v.object(CustomerFigures),
  /** the passes they hold now (the coach's own; every coach's for an admin) */
  passes: v.array(HeldPass),
  /** every active booking in scope, newest class first (at most 200) */
  bookings: v.array(
    v.object({
      id: v.number(),
      classId: v.number(),
      className: v.string(),
      classDate: v.nullable(v.string()),
      coachFirstName: v.string(),
      coachLastName: v.string(),
      status: v.string(),
      quantity: v.number(),
      /** how it was paid: card, credit (a pass), membership, or free */
      paidWith: PaidWithField,
      passName: v.nullable(v.string()),
      attendees: v.array(
        v.object({ name: v.string(), age: v.nullable(v.number()), attendance: v.nullable(v.picklist(['present', 'no_show'])) }),
      ),
    }),
  ),
});
export type CustomerDetail = v.InferOutput<typeof CustomerDetail>;
