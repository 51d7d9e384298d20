// Waitlist request and answer schemas (valibot only, so the site's Join Waitlist control shares the messages).
import * as v from 'valibot';
import { AttendeesField } from '../attendees/model';
import { pageEntries } from '../../common/pagination';
import { fields, pathId } from '../../common/schema';
import { Booking, BookingClass, QuantityField } from '../bookings/model';
import { PayWithField } from '../passes/model';
import { PaymentIntentAnswer } from '../payments/model';
import { WaiverAcceptanceField } from '../waivers/model';

export const JoinWaitlistBody = v.pipe(fields({ quantity: v.optional(QuantityField, 1) }), v.metadata({ examples: [{ quantity: 2 }] }));
export type JoinWaitlistBody = v.InferOutput<typeof JoinWaitlistBody>;

const WaitlistEntryObject = v.object({
  id: v.number(),
  classId: v.number(),
  quantity: v.number(),
  /** Place in line among the people still waiting (1 = next), null once the entry is no longer waiting. */
  position: v.nullable(v.number()),
  status: v.picklist(['waiting', 'offered', 'accepted', 'declined', 'expired', 'left']),
  offeredAt: v.nullable(v.string()),
  /** While offered: the spots are held until this instant (RFC 3339). */
  offerExpiresAt: v.nullable(v.string()),
  /** The offer's total in dollars (price x quantity plus the 5% service fee, as offered), null before an offer. */
  amount: v.nullable(v.number()),
  /** The booking the offer became (or holds the spots for). */
  bookingId: v.nullable(v.number()),
  createdAt: v.string(),
  class: BookingClass,
});
const WAITLIST_ENTRY_EXAMPLE = {
  id: 7,
  classId: 42,
  quantity: 2,
  position: null,
  status: 'offered',
  offeredAt: '2030-03-06T16:00:00.000Z',
  offerExpiresAt: '2030-03-06T18:00:00.000Z',
  amount: 63,
  bookingId: 311,
  createdAt: '2030-03-01T09:12:00.000Z',
  class: {
    id: 42,
    title: 'Sunrise Yoga by the Bay',
    startTime: '2030-03-07T17:30:00.000Z',
    endTime: '2030-03-07T18:30:00.000Z',
    location: 'Crissy Field',
    address: '1199 East Beach, San Francisco, CA 94129',
    image: null,
    price: 30,
    ageGroup: 'Adults',
    coachId: 2,
    deleted: false,
  },
} satisfies v.InferOutput<typeof WaitlistEntryObject>;
export const WaitlistEntry = v.pipe(WaitlistEntryObject, v.metadata({ examples: [WAITLIST_ENTRY_EXAMPLE] }));
export type WaitlistEntry = v.InferOutput<typeof WaitlistEntry>;

const AcceptAnswerObject = v.object({
  entry: WaitlistEntry,
  booking: Booking,
  /** Paid classes: the payment intent for the held spots; the checkout page completes it. Null for free classes
   * and for an offer paid with a pass (booked at once). */
  payment: v.nullable(PaymentIntentAnswer),
  /** Paid classes: the checkout page for the held spots. */
  checkoutUrl: v.nullable(v.string()),
});
const ACCEPT_EXAMPLE = {
  entry: { ...WAITLIST_ENTRY_EXAMPLE, status: 'accepted', offerExpiresAt: null },
  booking: {
    id: 311,
    classId: 42,
    userId: 9,
    status: 'pending',
    quantity: 2,
    subtotal: 60,
    discount: 0,
    serviceFee: 3,
    amount: 63,
    refundAmount: null,
    paymentIntentId: 'pi_test_123',
    holdExpiresAt: '2030-03-06T18:00:00.000Z',
    confirmedAt: null,
    cancelledAt: null,
    cancelReason: null,
    createdAt: '2030-03-06T16:00:00.000Z',
    refundIfCancelledNow: 0,
    fullRefundUntil: null,
    creditApplied: 0,
    refundedAsCredit: 0,
    cancellationPolicy: {
      preset: 'moderate',
      tiers: [{ hoursBefore: 48, refundPercent: 100 }],
      creditPercent: null,
      passRules: { lateCancelForfeitsCredit: true, noShowForfeitsCredit: true, lateCancelFeeCents: null, noShowFeeCents: null },
      summary: 'Full refund until 48 hours before the class; no refund after that.',
    },
    cancelNow: {
      refundCents: 0,
      refundPercent: 0,
      refundToCardCents: 0,
      refundToCreditCents: 0,
      refundUntil: null,
      nextRefundCents: 0,
      nextRefundPercent: 0,
      creditCents: null,
      creditPercent: null,
    },
    reviewId: null,
    attendees: [
      { position: 0, name: 'Sam Lee', age: null, attendance: null },
      { position: 1, name: 'Guest 2 of Sam Lee', age: null, attendance: null },
    ],
    classChangedAt: null,
    class: WAITLIST_ENTRY_EXAMPLE.class,
  },
  payment: {
    status: 'requires_payment',
    clientSecret: 'pi_test_123_secret_456',
    id: 'pi_test_123',
    bookingId: 311,
    amount: 63,
    creditApplied: 0,
    holdExpiresAt: '2030-03-06T18:00:00.000Z',
  },
  checkoutUrl: '/checkout/42?quantity=2',
} satisfies v.InferOutput<typeof AcceptAnswerObject>;
export const AcceptAnswer = v.pipe(AcceptAnswerObject, v.metadata({ examples: [ACCEPT_EXAMPLE] }));
export type AcceptAnswer = v.InferOutput<typeof AcceptAnswer>;

/** POST /api/waitlist/{id}/accept: who comes, one attendee per spot offered (as when booking). A free class
 * needs them (each child's age in a Kids class); a paid one may name them at checkout instead, unless a pass pays
 * for it (`payWith`, as when booking): then it is booked at once, as a free one. */
export const AcceptOfferBody = v.optional(
  v.pipe(
    fields({ payWith: PayWithField, attendees: AttendeesField, waiverAcceptance: WaiverAcceptanceField }),
    v.metadata({
      examples: [
        {
          payWith: { purchaseId: 1 },
          attendees: [
            { name: 'Maya Lee', age: 7 },
            { name: 'Leo Lee', age: 5 },
          ],
          waiverAcceptance: {
            waivers: [{ id: 1, version: 1 }],
            emergencyContact: { name: 'Sam Lee', phone: '+14155550100' },
            attendees: [
              { position: 0, accepted: true },
              { position: 1, accepted: true },
            ],
          },
        },
      ],
    }),
  ),
);
export type AcceptOfferBody = v.InferOutput<typeof AcceptOfferBody>;

/** GET /api/waitlist: optionally one class's entries (the class page asks for its own), paged. */
export const WaitlistQuery = v.object({
  classId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'classId must be a class id.'))),
  /** "false" leaves out the entries their person left (themselves, by booking the class, or with the class). */
  includeLeft: v.optional(v.picklist(['true', 'false'], 'includeLeft must be true or false.')),
  ...pageEntries,
});
export type WaitlistQuery = v.InferOutput<typeof WaitlistQuery>;

export const WaitlistIdParams = v.object({ id: pathId(5) });
