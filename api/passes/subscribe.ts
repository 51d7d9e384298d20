// The seam where a membership's purchase starts its subscription (Stripe Billing, or the test provider's
// subscriptions driven by the app's clock): the checked pass and its price (price + the 5% service fee per period),
// answered as a pack's purchase is, with the first invoice's intent to pay and the subscription id. The
// subscription, its renewals, invoice webhooks, pause and cancel live in ./memberships.
import type { PriceBreakdown } from '../../common/money';
import type { passes } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { startSubscription } from './memberships/start';
import type { PurchaseAnswer } from './model';

export function startMembership(
  ctx: AppContext,
  user: SessionUser,
  pass: typeof passes.$inferSelect,
  price: PriceBreakdown,
): Promise<PurchaseAnswer> {
  return startSubscription(ctx, user, pass, price);
}
