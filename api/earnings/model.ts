// A coach's earnings statement (issue 22): what their classes took, what the platform kept, what was refunded,
// and where the coach's share stands at the payment provider. Dollars at this edge, cents everywhere inside.
import * as v from 'valibot';
import { isCalendarDay, pathId, withExample } from '../../common/schema';

const DAY_MESSAGE = 'Dates must be calendar days written YYYY-MM-DD.';
const day = (example: string) =>
  withExample(v.pipe(v.string(DAY_MESSAGE), v.isoDate(DAY_MESSAGE), v.check(isCalendarDay, DAY_MESSAGE)), example);

export const EarningsParams = v.object({ id: pathId(2) });

/** Sessions from `from` to `to` (Pacific days, both included); either may be left out. */
export const EarningsQuery = v.object({ from: v.optional(day('2026-01-01')), to: v.optional(day('2026-12-31')) });
export type EarningsQuery = v.InferOutput<typeof EarningsQuery>;

/** gross - refunds - platformFees = net, on every line. Coach credit is counted where money moved, once: gross is
 * the part of the price the customer's card paid; credit spent (creditApplied) adds none, as the coach's share of it
 * was paid with the booking it came from; a booking given back as credit (refundedAsCredit) is not refunded, so its
 * money stays in gross and net. net is what the transfers to the coach's account leave after refunds' reversals. */
const Figures = {
  /** price x spots of every charged booking, the part the card paid (less a coach's own promo discount) */
  gross: v.number(),
  /** the part of gross paid back to customers (their 5% service fee, refunded with it, is not the coach's) */
  refunds: v.number(),
  /** the platform's 15% of what was kept (a refund gives the platform's fee back too) */
  platformFees: v.number(),
  /** the coach's 85% of what was kept */
  net: v.number(),
  /** what customers' cards were charged: gross + service fees - platformDiscounts */
  cardCharged: v.number(),
  /** platform promo codes' discounts, funded by Fogline (the coach's share is paid on the list price) */
  platformDiscounts: v.number(),
  /** coach credit the customers spent on these (no new money: the coach's share of it was paid when it was issued) */
  creditApplied: v.number(),
  /** given back as the coach's credit instead of a card refund: the money stays the coach's, to be spent on their classes */
  refundedAsCredit: v.number(),
};

export const EarningsSummary = v.object({
  ...Figures,
  /** charged bookings and the spots they bought */
  bookings: v.number(),
  spots: v.number(),
  /** the customers' 5% service fee on the charged bookings (the platform's, not the coach's) */
  serviceFees: v.number(),
  /** everything paid back to customers, service fees included */
  refundedToCustomers: v.number(),
  /** net of sessions that have taken place, and of sessions still to come (a customer may still cancel) */
  earned: v.number(),
  upcoming: v.number(),
  /** credit customers hold with the coach now (all dates, not only the range): classes and passes already paid for */
  creditOutstanding: v.number(),
});

export const ClassEarnings = v.object({
  classId: v.number(),
  title: v.string(),
  startTime: v.nullable(v.string()),
  bookings: v.number(),
  spots: v.number(),
  ...Figures,
});

export const MonthEarnings = v.object({
  /** YYYY-MM, the Pacific month of the sessions */
  month: v.string(),
  ...Figures,
});

export const ProviderPayout = v.object({
  id: v.string(),
  amount: v.number(),
  /** Stripe's payout status: paid, pending, in_transit, canceled, failed */
  status: v.string(),
  arrivalDate: v.string(),
});

export const PayoutPosition = v.object({
  provider: v.picklist(['stripe', 'test']),
  /** not_set_up: no payout account yet; incomplete: onboarding unfinished; ready: receives its share at each charge */
  account: v.picklist(['not_set_up', 'incomplete', 'ready']),
  /** the connected account's balance and payouts, as the provider reports them; null when it was not asked or did not answer */
  available: v.nullable(v.number()),
  pending: v.nullable(v.number()),
  paidOut: v.nullable(v.number()),
  payouts: v.array(ProviderPayout),
  /** one sentence for the page: where these figures come from */
  note: v.string(),
});

/** Class packs and intro offers sold in the range (by the Pacific day each was paid): the same split as a booking,
 * on the pass's price; an admin's pro rata refund takes back both shares in proportion. Bookings paid with their
 * credits carry no amount, so nothing is counted twice; coach credit spent on a pack counts as on a booking. */
export const PassSales = v.object({
  ...Figures,
  purchases: v.number(),
  serviceFees: v.number(),
  refundedToCustomers: v.number(),
});

/** Late-cancel and no-show fees charged to unlimited memberships in the range (issue 20; by the Pacific day each was
 * charged): the same split as a booking, on the fee; an admin's refund takes back both shares. */
export const MembershipFeeEarnings = v.object({
  ...Figures,
  fees: v.number(),
});

export const EarningsAnswer = v.object({
  coachId: v.number(),
  from: v.nullable(v.string()),
  to: v.nullable(v.string()),
  summary: EarningsSummary,
  byClass: v.array(ClassEarnings),
  byMonth: v.array(MonthEarnings),
  /** Passes sold (packs and intro offers), beside the bookings above. */
  passSales: v.optional(PassSales),
  /** Membership fees charged (late cancels, no-shows), beside the bookings above. */
  membershipFees: v.optional(MembershipFeeEarnings),
  payouts: PayoutPosition,
});
export type EarningsAnswer = v.InferOutput<typeof EarningsAnswer>;
