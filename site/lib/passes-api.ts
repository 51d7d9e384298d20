// The calls for passes and the wallet (issue 19), typed by the API's own schemas through Eden (site/lib/api.ts),
// in one place for the Pricing, admin, Wallet and pass checkout screens, the booking card and the passes on sale.
import type { AttendeeInput } from '../../api/attendees/model';
import type { PassCreateBody } from '../../api/passes/model';
import type { AcceptWaiversBody } from '../../api/waivers/model';
import { api, unwrap } from './api';

export const listManagedPasses = (query: { coachId?: number; archived?: 'true' | 'false' | 'all' } = {}) =>
  unwrap(api.passes.get({ query: { archived: query.archived ?? 'all', ...(query.coachId ? { coachId: String(query.coachId) } : {}) } }));
export const createPass = (body: PassCreateBody) => unwrap(api.passes.post(body));
export const setPassArchived = (id: number, archived: boolean) => unwrap(api.passes({ id }).patch({ archived }));
export const coachPasses = (coachId: number) => unwrap(api.coaches({ id: coachId }).passes.get());
export const purchasePass = (id: number, amount: number, promoCode?: string | null) =>
  unwrap(api.passes({ id }).purchase.post({ amount, ...(promoCode ? { promoCode } : {}) }));
/** A pack's or an intro offer's price with a promo code, as the server computes it (issue 20). */
export const quotePassWithCode = (id: number, promoCode: string) => unwrap(api.passes({ id }).quote.get({ query: { promoCode } }));
export const confirmPurchase = (purchaseId: number) => unwrap(api.wallet({ purchaseId }).confirm.post());
/** With a class: only the passes that can pay for it now (soonest expiry first); without: every purchase. */
export const readWallet = (query: { classId?: number } = {}) =>
  unwrap(api.wallet.get({ query: query.classId ? { classId: String(query.classId) } : { status: 'all' } }));

/** A class paid with a pass: one credit per spot (none with an unlimited membership), confirmed at once, with
 * the attendees' waivers accepted in the same request. */
export const bookWithPass = (body: {
  classId: number;
  quantity: number;
  attendees: AttendeeInput[];
  purchaseId: number;
  waiverAcceptance: AcceptWaiversBody;
}) =>
  unwrap(
    api.bookings.post({
      classId: body.classId,
      quantity: body.quantity,
      attendees: body.attendees,
      payWith: { purchaseId: body.purchaseId },
      waiverAcceptance: body.waiverAcceptance,
    }),
  );

/** A membership: cancel at the end of the paid period, pause for some weeks from then, or pay a failed renewal
 * with another card (which then pays the renewals to come). */
export const cancelMembership = (purchaseId: number) => unwrap(api.wallet({ purchaseId }).cancel.post());
export const pauseMembership = (purchaseId: number, weeks: number) => unwrap(api.wallet({ purchaseId }).pause.post({ weeks }));
export const openRenewalPayment = (purchaseId: number) => unwrap(api.wallet({ purchaseId })['update-card'].post());

/** The admin's user page: a customer's passes, and refunding a pack's unused credits pro rata (ending it). */
export const customerPurchases = (userId: number) => unwrap(api.passes.purchases.get({ query: { userId: String(userId) } }));
export const refundPurchase = (purchaseId: number, reason: string) => unwrap(api.passes.purchases({ purchaseId }).refund.post({ reason }));
/** The admin's user page: a customer's membership fees (issue 20), and refunding one. */
export const customerMembershipFees = (userId: number) => unwrap(api.admin['membership-fees'].get({ query: { userId: String(userId) } }));
export const refundMembershipFee = (feeId: number, reason: string) =>
  unwrap(api.admin['membership-fees']({ feeId }).refund.post({ reason }));
