// Booking request and answer schemas (valibot only, so the site's booking controls share the messages).
import * as v from 'valibot';
import { Attendee, AttendeesField } from '../attendees/model';
import { CancelNow, PolicyResource } from '../policies/model';
import { fields, pathId } from '../../common/schema';
import { PromoCodeField } from '../promo-codes/model';
import { PASS_KIND, PayWithField } from '../passes/model';
import { WaiverAcceptanceField } from '../waivers/model';

export const MAX_SPOTS_PER_BOOKING = 100;

export const ClassIdField = v.pipe(
  v.number('Choose a class to book.'),
  v.integer('Choose a class to book.'),
  v.minValue(1, 'Choose a class to book.'),
);
export const QuantityField = v.pipe(
  v.number('Choose how many spots to book.'),
  v.integer('The number of spots must be a whole number.'),
  v.minValue(1, 'Book at least 1 spot.'),
  v.maxValue(MAX_SPOTS_PER_BOOKING, `Book at most ${MAX_SPOTS_PER_BOOKING} spots at once.`),
);

export const FreeBookingBody = v.pipe(
  fields({
    classId: ClassIdField,
    quantity: v.optional(QuantityField, 1),
    attendees: AttendeesField,
    /** Pay a paid class's spots with a pass (one credit per spot) instead of a card: confirmed at once. */
    payWith: PayWithField,
    /** A promo code that makes a paid class free (a 100% code): confirmed at once, no card. */
    promoCode: v.optional(v.nullable(PromoCodeField)),
    waiverAcceptance: WaiverAcceptanceField,
  }),
  v.metadata({
    examples: [
      {
        classId: 12,
        quantity: 2,
        attendees: [
          { name: 'Maya Lee', age: 7 },
          { name: 'Leo Lee', age: 5 },
        ],
        waiverAcceptance: {
          waivers: [{ id: 1, version: 1 }],
          emergencyContact: { name: 'Sam Lee', phone: '+14155550100' },
          attendees: [
            { position: 0, accepted: true, medicalNote: 'Mild asthma: inhaler in her bag.' },
            { position: 1, accepted: true },
          ],
        },
      },
    ],
  }),
);
export type FreeBookingBody = v.InferOutput<typeof FreeBookingBody>;

/** POST /api/bookings: a booking with nothing to pay by card: a free class, or a paid class paid with a pass
 * (`payWith`). The same fields as the free booking. */
export const BookingBody = v.pipe(
  fields(FreeBookingBody.pipe[0].entries),
  v.metadata({
    examples: [
      {
        classId: 12,
        quantity: 1,
        payWith: { purchaseId: 1 },
        waiverAcceptance: {
          waivers: [{ id: 1, version: 1 }],
          emergencyContact: { name: 'Sam Lee', phone: '+14155550100' },
          attendees: [{ position: 0, accepted: true }],
        },
      },
    ],
  }),
);
export type BookingBody = v.InferOutput<typeof BookingBody>;

export const BookingIdParams = v.object({ id: pathId(42) });

export const BookingClass = v.object({
  id: v.number(),
  title: v.string(),
  startTime: v.nullable(v.string()),
  endTime: v.nullable(v.string()),
  location: v.nullable(v.string()),
  address: v.nullable(v.string()),
  image: v.nullable(v.string()),
  price: v.number(),
  /** 'Kids': each attendee's age is asked (when booking, and when accepting a free waitlist offer). */
  ageGroup: v.string(),
  coachId: v.number(),
  /** The coach or an admin deleted the class: its page is gone, the booking (cancelled and refunded unless the
   * session had already taken place) stays. */
  deleted: v.boolean(),
  /** In a customer's own lists: the series' next session not started yet (what "Book again" opens), or null. */
  nextSessionId: v.optional(v.nullable(v.number())),
});
export type BookingClass = v.InferOutput<typeof BookingClass>;

export const Booking = v.object({
  id: v.number(),
  classId: v.number(),
  userId: v.number(),
  /** 'offered': spots held for a waitlist offer (api/waitlist), shown on the Waitlist tab rather than as a booking. */
  status: v.picklist(['pending', 'confirmed', 'cancelled', 'offered']),
  quantity: v.number(),
  /** Dollars: price x quantity, a promo code's discount (0 without), the 5% service fee on the discounted price,
   * and what the customer paid (subtotal - discount + serviceFee). */
  subtotal: v.number(),
  discount: v.number(),
  serviceFee: v.number(),
  amount: v.number(),
  refundAmount: v.nullable(v.number()),
  paymentIntentId: v.nullable(v.string()),
  holdExpiresAt: v.nullable(v.string()),
  confirmedAt: v.nullable(v.string()),
  cancelledAt: v.nullable(v.string()),
  cancelReason: v.nullable(v.string()),
  createdAt: v.string(),
  /** What cancelling now would refund (dollars, under the booking's own policy), and until when a full refund applies. */
  refundIfCancelledNow: v.number(),
  fullRefundUntil: v.nullable(v.string()),
  /** Dollars: coach credit spent on the booking (part of amount; the card paid the rest), and given back as credit. */
  creditApplied: v.number(),
  refundedAsCredit: v.number(),
  /** The cancellation policy the booking was booked under (a copy: later changes never alter it). */
  cancellationPolicy: PolicyResource,
  /** What cancelling now gives back under that policy, in integer cents, and the next tier's deadline. */
  cancelNow: CancelNow,
  reviewId: v.nullable(v.number()),
  /** One per spot, in the order the booker named them. */
  attendees: v.array(Attendee),
  /** When the coach or an admin moved the class (time, duration or place) while this booking was active: the
   * card says "Changed by the coach", and cancelling refunds everything paid until the class starts. */
  classChangedAt: v.nullable(v.string()),
  /** Paid with a pass rather than a card: the purchase, its name and kind, the credits taken (0 for an unlimited
   * membership), and until when cancelling gives them back (the policy's full-refund deadline; null when none were
   * taken). Null for a card payment or a free class. */
  paidWithPass: v.optional(
    v.nullable(
      v.object({
        purchaseId: v.number(),
        name: v.string(),
        kind: v.picklist(PASS_KIND),
        credits: v.number(),
        creditsBackUntil: v.nullable(v.string()),
        /** An unlimited membership's booking (issue 20): the late-cancel fee its policy charges to the membership's
         * card, in cents, from `lateCancelFeeFrom` (the policy's last full-refund deadline; null: from booking on),
         * and the no-show fee; null when the policy sets none (or for other passes). */
        lateCancelFeeCents: v.optional(v.nullable(v.number())),
        lateCancelFeeFrom: v.optional(v.nullable(v.string())),
        noShowFeeCents: v.optional(v.nullable(v.number())),
      }),
    ),
  ),
  class: BookingClass,
});
export type Booking = v.InferOutput<typeof Booking>;

/** GET /api/bookings filters: Upcoming or Past (as My Bookings splits them), one class, active bookings only. */
export const BookingListFilter = v.object({
  when: v.optional(v.picklist(['upcoming', 'past', 'cancelled'], 'when must be upcoming, past or cancelled.')),
  classId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'classId must be a whole number.'))),
  active: v.optional(v.picklist(['true', 'false'], 'active must be true or false.')),
});
export type BookingListFilter = v.InferOutput<typeof BookingListFilter>;
