// Payout (Connect) schemas: onboarding link and status of a coach's connected account.
import * as v from 'valibot';

export const CoachIdParams = v.object({ id: v.string() });
export const OnboardingAnswer = v.object({ onboardingUrl: v.string() });
export const PayoutStatus = v.object({ onboarded: v.boolean(), canReceivePayments: v.boolean() });
export type PayoutStatus = v.InferOutput<typeof PayoutStatus>;
export const TestOnboardingBody = v.object({
  accountId: v.pipe(v.string('The account is missing.'), v.regex(/^acct_test_[a-f0-9]{16}$/, 'This is not a test payout account.')),
});

export const SETUP_FAILED = 'Failed to create Stripe onboarding link';
