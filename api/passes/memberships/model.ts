// Managing a membership from the wallet (issue 19): the pause request, the answers of cancel, pause and the card
// update, and their messages. Valibot only, so the wallet's dialogs show the server's own words.
import * as v from 'valibot';
import { fields, withExample } from '../../../common/schema';

/** The longest pause anyone may ask for at once (a pass allows fewer with its own maxPauseWeeks). */
export const PAUSE_WEEKS_MAX = 26;

export const MEMBERSHIP_MESSAGES = {
  pauseWeeks: `Choose how many weeks to pause, from 1 to ${PAUSE_WEEKS_MAX}.`,
  notAMembership: 'Only a membership can be cancelled or paused: a class pack simply ends when its credits expire.',
  notPaidYet: 'This membership has not been paid for yet.',
  ended: 'This membership has already ended.',
  noPausing: 'This membership cannot be paused.',
  pastDuePause: 'The last renewal of this membership is unpaid: update your card before pausing it.',
  nothingOwed: 'This membership is paid up: there is nothing to pay.',
  notPaused: 'This membership is not paused.',
  cancelledNothingOwed: 'This membership is cancelled: its unpaid renewal will not be charged, so there is nothing to pay.',
} as const;

/** POST /api/wallet/{purchaseId}/pause: how many weeks, starting when the paid period ends. */
export const PauseBody = withExample(
  fields({
    weeks: v.pipe(
      v.number(MEMBERSHIP_MESSAGES.pauseWeeks),
      v.integer(MEMBERSHIP_MESSAGES.pauseWeeks),
      v.minValue(1, MEMBERSHIP_MESSAGES.pauseWeeks),
      v.maxValue(PAUSE_WEEKS_MAX, MEMBERSHIP_MESSAGES.pauseWeeks),
    ),
  }),
  { weeks: 2 },
);
export type PauseBody = v.InferOutput<typeof PauseBody>;

/** A membership after cancel or pause: its status, the paid period, the pause and the next renewal (dollars, with
 * the service fee; null when it will not renew), and a sentence saying what happens next. */
export const MembershipAnswer = v.object({
  purchaseId: v.number(),
  status: v.picklist(['pending', 'active', 'past_due', 'paused', 'cancelled', 'ended', 'refunded']),
  currentPeriodEnd: v.nullable(v.string()),
  cancelAtPeriodEnd: v.boolean(),
  pausedAt: v.nullable(v.string()),
  pauseEndsAt: v.nullable(v.string()),
  /** Weeks of pausing left this calendar year. */
  pauseWeeksLeft: v.number(),
  nextRenewalAt: v.nullable(v.string()),
  nextRenewalAmount: v.nullable(v.number()),
  message: v.string(),
});
export type MembershipAnswer = v.InferOutput<typeof MembershipAnswer>;

/** POST /api/wallet/{purchaseId}/update-card: the unpaid renewal's payment, to pay with another card (Stripe's
 * Payment Element, or the test provider's card form); that card then pays the renewals to come. */
export const UpdateCardAnswer = v.object({
  purchaseId: v.number(),
  invoiceId: v.string(),
  paymentIntentId: v.string(),
  clientSecret: v.string(),
  /** Dollars: the renewal's price and service fee. */
  amount: v.number(),
});
export type UpdateCardAnswer = v.InferOutput<typeof UpdateCardAnswer>;
