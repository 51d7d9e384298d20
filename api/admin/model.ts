// Schemas of the admin account calls (coach-admin-areas §7). Imports only valibot (and the account shapes).
import * as v from 'valibot';
import { CurrentUserSchema } from '../auth/model';
import { fields, pathId, withExample } from '../../common/schema';

/** A user as the admin dashboard lists them: the current-user shape without the profile extras. */
export const ADMIN_USER_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'phone',
  'profileImage',
  'role',
  'isApproved',
  'createdAt',
] as const;
export const AdminUser = v.pick(CurrentUserSchema, ADMIN_USER_FIELDS);
export type AdminUser = v.InferOutput<typeof AdminUser>;

export const CoachIdParams = v.object({ id: pathId(14) });

/** GET /api/admin/users filters: a role, approval (coaches awaiting approval: approved=false), a name or email search. */
export const AdminUserFilter = v.object({
  role: v.optional(v.picklist(['customer', 'coach', 'admin'], 'role must be customer, coach or admin.')),
  approved: v.optional(v.picklist(['true', 'false'], 'approved must be true or false.')),
  q: v.optional(v.pipe(v.string(), v.maxLength(200, 'The search text must not exceed 200 characters.'))),
});
export type AdminUserFilter = v.InferOutput<typeof AdminUserFilter>;

/** Where an account stands with the admins: a coach's application (pending, approved, rejected) or any
 * account's suspension. Customers are 'approved' from sign-up. */
export const ACCOUNT_STATUSES = ['pending', 'approved', 'rejected', 'suspended', 'deleted'] as const;
export const AccountStatus = v.picklist(ACCOUNT_STATUSES);
export type AccountStatus = v.InferOutput<typeof AccountStatus>;

/** A user in the admin's lists: the account fields plus where it stands. */
export const AdminUserRow = v.object({ ...AdminUser.entries, status: AccountStatus });
export type AdminUserRow = v.InferOutput<typeof AdminUserRow>;

export const UserIdParams = v.object({ id: pathId(15) });

/** A coach's application as the admin reviews it before deciding. */
export const CoachApplication = v.object({
  ...AdminUserRow.entries,
  bio: v.nullable(v.string()),
  areasOfExpertise: v.array(v.object({ id: v.number(), name: v.string() })),
  certifications: v.nullable(v.string()),
  payout: v.object({ onboarded: v.boolean(), canReceivePayments: v.boolean() }),
  /** Classes of the coach not yet started (and not deleted). */
  upcomingClasses: v.number(),
});
export type CoachApplication = v.InferOutput<typeof CoachApplication>;

const REASON_MESSAGE = 'Please give a reason of at least 5 characters';
/** Reject, suspend and reinstate say why: the reason goes to the person by email and into the audit log. */
export const ReasonBody = withExample(
  fields({
    reason: v.pipe(
      v.string(REASON_MESSAGE),
      v.trim(),
      v.minLength(5, REASON_MESSAGE),
      v.maxLength(1000, 'The reason must not exceed 1000 characters'),
    ),
  }),
  { reason: 'Your certifications could not be verified: please add the issuing body and year.' },
);
export type ReasonBody = v.InferOutput<typeof ReasonBody>;

/** What a suspended coach's customers read when the admin keeps the suspension's reason to the audit log. */
export const NEUTRAL_CUSTOMER_REASON = 'The coach is no longer teaching on Fogline.';
const CUSTOMER_REASON_MESSAGE = 'Please give the customers a reason of at least 5 characters';
/** Suspend says why (the audit log and the person), and for a coach what their booked customers are told: the
 * same reason, or a neutral text the admin writes (absent: a neutral sentence, api/admin/coach-review.ts). */
export const SuspendBody = withExample(
  fields({
    reason: ReasonBody.entries.reason,
    customerReason: v.optional(
      v.pipe(
        v.string(CUSTOMER_REASON_MESSAGE),
        v.trim(),
        v.minLength(5, CUSTOMER_REASON_MESSAGE),
        v.maxLength(500, 'The reason for customers must not exceed 500 characters'),
      ),
    ),
  }),
  {
    reason: 'Repeated no-shows reported by customers.',
    customerReason: 'The coach is no longer teaching on Fogline.',
  },
);
export type SuspendBody = v.InferOutput<typeof SuspendBody>;

/** Every kind of admin action the audit log records. */
export const AUDIT_ACTIONS = [
  'coach.approve',
  'coach.reject',
  'account.suspend',
  'account.reinstate',
  'booking.refund',
  'booking.cancel',
  'booking.resend_confirmation',
  'pass.archive',
  'pass.unarchive',
  'pass.refund',
  'membership_fee.refund',
] as const;
export const AuditAction = v.picklist(AUDIT_ACTIONS);
export type AuditAction = v.InferOutput<typeof AuditAction>;

const Person = v.nullable(v.object({ id: v.number(), name: v.string(), email: v.string() }));
export const AuditEntry = v.object({
  id: v.number(),
  action: AuditAction,
  /** The admin who acted (null if that account is gone). */
  actor: Person,
  /** The account the action was about. */
  subject: Person,
  bookingId: v.nullable(v.number()),
  reason: v.nullable(v.string()),
  /** What changed, e.g. {"amount": 12.5} for a refund in dollars. */
  details: v.record(v.string(), v.unknown()),
  createdAt: v.string(),
});
export type AuditEntry = v.InferOutput<typeof AuditEntry>;

/** GET /api/admin/audit filters: about one account (the user page), or one action. */
export const AuditFilter = v.object({
  userId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'userId must be a whole number.'))),
  action: v.optional(v.picklist(AUDIT_ACTIONS, 'action must be one of the audit actions.')),
});
export type AuditFilter = v.InferOutput<typeof AuditFilter>;

/** One booking on a user's page, with what was paid and refunded (dollars). */
export const SupportBooking = v.object({
  id: v.number(),
  classId: v.number(),
  classTitle: v.string(),
  classStart: v.nullable(v.string()),
  coachName: v.string(),
  status: v.string(),
  /** Why it ended, for a cancelled booking (customer, class_deleted, hold_expired, payment_late...). */
  cancelReason: v.nullable(v.string()),
  quantity: v.number(),
  amount: v.number(),
  /** Of the amount, what coach credit paid (dollars; the card paid the rest). */
  creditApplied: v.number(),
  /** Given back as coach credit so far (a cancellation's credit part, or credit instead of a refund). */
  refundedAsCredit: v.number(),
  /** Total refunded so far. */
  refunded: v.number(),
  /** What can still be refunded: paid and not yet refunded. */
  refundable: v.number(),
  /** A hold or a confirmed booking of a class not yet started: cancellable for the customer. */
  cancellable: v.boolean(),
  paymentIntentId: v.nullable(v.string()),
  createdAt: v.string(),
});
export type SupportBooking = v.InferOutput<typeof SupportBooking>;

export const SupportPayment = v.object({
  bookingId: v.number(),
  classTitle: v.string(),
  amount: v.number(),
  paymentIntentId: v.nullable(v.string()),
  paidAt: v.string(),
});
export const SupportRefund = v.object({
  bookingId: v.number(),
  classTitle: v.string(),
  amount: v.number(),
  /** 'support' for an admin's refund (with its reason), 'cancellation' for the refund of a cancellation. */
  kind: v.picklist(['support', 'cancellation']),
  reason: v.nullable(v.string()),
  at: v.string(),
});

/** GET /api/admin/users/{id}: the account and everything support needs to help its owner. */
export const SupportUser = v.object({
  user: AdminUserRow,
  bookings: v.array(SupportBooking),
  payments: v.array(SupportPayment),
  refunds: v.array(SupportRefund),
});
export type SupportUser = v.InferOutput<typeof SupportUser>;

export const BookingIdParams = v.object({ id: pathId(1) });

const AMOUNT_MESSAGE = 'Enter an amount of at least $0.01';
const money = (message: string) =>
  v.pipe(
    v.number(message),
    v.minValue(0.01, message),
    v.maxValue(100_000, 'The amount is too large'),
    v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Use dollars and cents, e.g. 12.50'),
  );

/** POST /api/admin/bookings/{id}/refund: dollars, at most what is still refundable, and why. */
export const RefundBody = withExample(fields({ amount: money(AMOUNT_MESSAGE), reason: ReasonBody.entries.reason }), {
  amount: 5.25,
  reason: 'The class started 20 minutes late.',
});
export type RefundBody = v.InferOutput<typeof RefundBody>;

/** PUT /api/admin/bookings/{id}/cancel: the refund to make with it (0 for none), and why. */
export const SupportCancelBody = withExample(
  fields({
    refundAmount: v.pipe(
      v.number('Enter the refund, 0 for none'),
      v.minValue(0, 'Enter the refund, 0 for none'),
      v.maxValue(100_000, 'The amount is too large'),
    ),
    reason: ReasonBody.entries.reason,
  }),
  { refundAmount: 0, reason: 'The customer asked by phone to cancel.' },
);
export type SupportCancelBody = v.InferOutput<typeof SupportCancelBody>;

/** POST /api/admin/bookings/{id}/resend-confirmation: why (kept in the audit log). */
export const ResendBody = withExample(fields({ reason: ReasonBody.entries.reason }), {
  reason: 'The customer cannot find the confirmation email.',
});
