// Membership fees (issue 20, item 2): the fee as the API shows it, and an admin's refund. Valibot only, so the
// admin's user page shares the server's messages.
import * as v from 'valibot';
import { fields, pathId, withExample } from '../../common/schema';

export const MEMBERSHIP_FEE_KIND = ['late_cancel', 'no_show'] as const;
export const MEMBERSHIP_FEE_STATUS = ['pending', 'charging', 'paid', 'failed'] as const;

/** One late-cancel or no-show fee of an unlimited-membership booking. */
export const MembershipFee = v.object({
  id: v.number(),
  bookingId: v.number(),
  purchaseId: v.number(),
  membershipName: v.string(),
  className: v.string(),
  /** The class's start, RFC 3339 (null for a class without a date). */
  classStart: v.nullable(v.string()),
  kind: v.picklist(MEMBERSHIP_FEE_KIND),
  /** Integer cents, and dollars for display. */
  amountCents: v.number(),
  amount: v.number(),
  /** pending / charging: not charged yet; paid; failed: the card declined (unpaid). */
  status: v.picklist(MEMBERSHIP_FEE_STATUS),
  failureMessage: v.nullable(v.string()),
  chargedAt: v.nullable(v.string()),
  refundedAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type MembershipFee = v.InferOutput<typeof MembershipFee>;

/** GET /api/admin/membership-fees?userId= (the demo customer in the document's example). */
export const FeeUserQuery = v.object({
  userId: withExample(v.pipe(v.string('userId is required.'), v.regex(/^\d{1,9}$/, 'userId must be a whole number.')), '4'),
});

export const FeeIdParams = v.object({ feeId: pathId(1) });

/** POST /api/admin/membership-fees/{feeId}/refund. */
export const FeeRefundBody = withExample(
  fields({
    reason: v.pipe(
      v.string('Give a reason for the refund.'),
      v.trim(),
      v.minLength(3, 'Give a reason for the refund.'),
      v.maxLength(500, 'The reason can be at most 500 characters.'),
    ),
  }),
  { reason: 'The coach cancelled the class late; the customer was not at fault' },
);
export type FeeRefundBody = v.InferOutput<typeof FeeRefundBody>;
