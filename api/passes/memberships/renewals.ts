// The memberships' timed work, one job claimed in the database (api/lib/jobs.ts) so one process runs it at a time:
// under the built-in test provider, the renewals the app's clock has passed (charged by the provider, each period
// once, and handled as Stripe's invoice webhooks would be); under either provider, the pauses whose start has come.
import type { AppContext } from '../../context';
import type { JobSpec } from '../../lib/jobs';
import { isTestProvider } from '../../providers/payments';
import { handleSubscriptionEvent } from './billing-events';
import { startDuePauses } from './manage';

export const MEMBERSHIPS_EVERY_MS = 60_000;

export async function runMembershipWork(ctx: AppContext): Promise<void> {
  if (isTestProvider(ctx.payments)) {
    for (const event of await ctx.payments.renewDueSubscriptions()) await handleSubscriptionEvent(ctx, event);
  }
  await startDuePauses(ctx);
}

export const MEMBERSHIPS_JOB: JobSpec = { name: 'memberships', everyMs: MEMBERSHIPS_EVERY_MS, run: runMembershipWork };
