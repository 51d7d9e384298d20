// The seam where a membership's purchase starts its subscription (Stripe Billing, or the test provider's
// subscriptions driven by the app's clock). The subscription, its renewals, invoice webhooks, pause and cancel
// are the memberships work (issue 19); they replace this function's body, keeping its signature: it receives the
// checked pass and its price (price + the 5% service fee per period) and answers the purchase as a pack's does,
// with the first invoice's intent to pay and the subscription id. Until then a membership cannot be bought.
import type { passes } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { conflict } from '../errors';
import type { PriceBreakdown } from '../../common/money';
import type { PurchaseAnswer } from './model';

export async function startMembership(
  _ctx: AppContext,
  _user: SessionUser,
  _pass: typeof passes.$inferSelect,
  _price: PriceBreakdown,
): Promise<PurchaseAnswer> {
  throw conflict('Memberships cannot be bought online yet: ask the coach, or buy a class pack.');
}
