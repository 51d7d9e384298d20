// Coach payouts: a connected account per coach (Stripe Connect Express, or the test provider's stand-in),
// the onboarding link back to /profile, and the status { onboarded, canReceivePayments }.
import { eq } from 'drizzle-orm';
import { payoutAccounts, users } from '../../../db/schema';
import { NOT_YOUR_COACH_ACCOUNT } from '../../auth/plugin';
import type { SessionUser } from '../../auth/session';
import type { AppContext } from '../../context';
import { badRequest, DomainError, forbidden, notFound } from '../../errors';
import { isTestProvider } from '../../providers/payments';
import { type PayoutStatus, SETUP_FAILED } from './model';

/** The coach themself or an admin; the target must be a coach. */
async function payoutCoach(ctx: AppContext, user: SessionUser, coachId: number) {
  if (user.id !== coachId && user.role !== 'admin') throw forbidden(NOT_YOUR_COACH_ACCOUNT);
  const coach = await ctx.db.select().from(users).where(eq(users.id, coachId)).get();
  if (!coach) throw notFound('Coach not found.');
  if (coach.role !== 'coach') throw badRequest('Only coaches receive payouts.');
  return coach;
}

async function accountOf(ctx: AppContext, coachId: number) {
  return ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, coachId)).get();
}

/** POST /api/coaches/{id}/stripe-onboarding: creates the connected account once, then a fresh link. */
export async function startOnboarding(ctx: AppContext, user: SessionUser, coachId: number): Promise<{ onboardingUrl: string }> {
  const coach = await payoutCoach(ctx, user, coachId);
  try {
    let account = await accountOf(ctx, coach.id);
    if (!account || account.provider !== ctx.payments.kind) {
      const accountId = await ctx.payments.createPayoutAccount({ email: coach.email, userId: coach.id });
      const values = { provider: ctx.payments.kind, accountId, onboarded: false, canReceivePayments: false };
      [account] = await ctx.db.write((tx) =>
        tx
          .insert(payoutAccounts)
          .values({ userId: coach.id, ...values })
          .onConflictDoUpdate({ target: payoutAccounts.userId, set: values })
          .returning(),
      );
    }
    const onboardingUrl = await ctx.payments.createOnboardingLink(account!.accountId, {
      returnUrl: `${ctx.env.publicUrl}/profile?success=true`,
      refreshUrl: `${ctx.env.publicUrl}/profile?refresh=true`,
    });
    return { onboardingUrl };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    console.error('[payouts] onboarding link failed', error);
    throw new DomainError(502, SETUP_FAILED);
  }
}

/** GET /api/coaches/{id}/stripe-status: asks the provider and keeps the stored flags in step. */
export async function payoutStatus(ctx: AppContext, user: SessionUser, coachId: number): Promise<PayoutStatus> {
  await payoutCoach(ctx, user, coachId);
  const account = await accountOf(ctx, coachId);
  if (!account || account.provider !== ctx.payments.kind) return { onboarded: false, canReceivePayments: false };
  try {
    return await syncPayoutAccount(ctx, account.accountId);
  } catch (error) {
    console.error('[payouts] status check failed', error);
    return { onboarded: account.onboarded, canReceivePayments: account.canReceivePayments };
  }
}

/** Reads an account's state from the provider into payout_accounts (status calls and account.updated). */
export async function syncPayoutAccount(ctx: AppContext, accountId: string): Promise<PayoutStatus> {
  const status = await ctx.payments.retrievePayoutAccount(accountId);
  await ctx.db.write((tx) => tx.update(payoutAccounts).set(status).where(eq(payoutAccounts.accountId, accountId)));
  return status;
}

/** The test provider's onboarding page: "Complete setup" for the signed-in coach's own account. */
export async function completeTestOnboarding(ctx: AppContext, user: SessionUser, accountId: string): Promise<PayoutStatus> {
  const provider = ctx.payments;
  if (!isTestProvider(provider)) throw notFound();
  const account = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId)).get();
  if (!account) throw notFound('Payout account not found.');
  if (account.userId !== user.id && user.role !== 'admin') throw forbidden('You can only set up your own payouts.');
  await provider.completeOnboarding(accountId);
  return syncPayoutAccount(ctx, accountId);
}
