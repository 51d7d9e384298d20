// Payout (Connect) schemas: onboarding link and status of a coach's connected account.
import * as v from 'valibot';
import { pathId, strictFields, withExample } from '../../../common/schema';

export const CoachIdParams = v.object({ id: pathId(2) });
export const OnboardingAnswer = v.object({ onboardingUrl: v.string() });
export const PayoutStatus = v.object({ onboarded: v.boolean(), canReceivePayments: v.boolean() });
export type PayoutStatus = v.InferOutput<typeof PayoutStatus>;
export const TestOnboardingBody = withExample(
  strictFields({
    /** The account of the onboarding link (its ?account=). */
    accountId: v.pipe(v.string('The account is missing.'), v.regex(/^acct_test_[a-f0-9]{16}$/, 'This is not a test payout account.')),
  }),
  { accountId: 'acct_test_5f0c2a9e7b1d4c36' },
);

export const SETUP_FAILED = 'Failed to create Stripe onboarding link';
