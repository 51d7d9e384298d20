// The Customer Management answer (coach-admin-areas §2, §3): booking rows and the three summary figures.
import * as v from 'valibot';

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

