// The calls for passes and the wallet (issue 19), typed by the API's own schemas through Eden (site/lib/api.ts),
// in one place for the Pricing, admin, Wallet and pass checkout screens, the booking card and the passes on sale.
import type { AttendeeInput } from '../../api/attendees/model';
import type { PassCreateBody } from '../../api/passes/model';
import type { AcceptWaiversBody } from '../../api/waivers/model';
import { api, unwrap } from './api';
import { ApiError } from './api-error';

export const listManagedPasses = (query: { coachId?: number; archived?: 'true' | 'false' | 'all' } = {}) =>
  unwrap(api.passes.get({ query: { archived: query.archived ?? 'all', ...(query.coachId ? { coachId: String(query.coachId) } : {}) } }));
export const createPass = (body: PassCreateBody) => unwrap(api.passes.post(body));
export const setPassArchived = (id: number, archived: boolean) => unwrap(api.passes({ id }).patch({ archived }));
export const coachPasses = (coachId: number) => unwrap(api.coaches({ id: coachId }).passes.get());
export const purchasePass = (id: number, amount: number) => unwrap(api.passes({ id }).purchase.post({ amount }));
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

// The membership's own calls (cancel, pause, paying a failed renewal with another card) are the memberships
// work's routes; until they are in the app's type they go through this one typed fetch.
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await res.json().catch(() => null)) as { message?: string; errors?: Record<string, string[]> } | null;
  if (!res.ok) throw new ApiError(res.status, payload?.message ?? `${res.status}: ${res.statusText}`, payload?.errors);
  return payload as T;
}

export const cancelMembership = (purchaseId: number) => call<unknown>('POST', `/wallet/${purchaseId}/cancel`);
export const pauseMembership = (purchaseId: number, weeks: number) => call<unknown>('POST', `/wallet/${purchaseId}/pause`, { weeks });
/** A past-due membership's open renewal: the intent to pay with another card (which then renews it). */
export const openRenewalPayment = (purchaseId: number) =>
  call<{ paymentIntentId: string; clientSecret: string; amount: number }>('POST', `/wallet/${purchaseId}/update-card`);
