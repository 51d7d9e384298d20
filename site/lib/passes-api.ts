// The calls for passes and the wallet (issue 19), typed by the API's own schemas (api/passes/model.ts), in one
// place for the Pricing, admin, Wallet and pass checkout screens, the booking card and the passes on sale.
import type { AttendeeInput } from '../../api/attendees/model';
import type { Booking } from '../../api/bookings/model';
import type { ManagedPass, PassCreateBody, PublicPass, PurchaseAnswer, WalletAnswer } from '../../api/passes/model';
import { ApiError } from './api-error';

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

export const listManagedPasses = (query: { coachId?: number; archived?: 'true' | 'false' | 'all' } = {}) => {
  const params = new URLSearchParams();
  if (query.coachId) params.set('coachId', String(query.coachId));
  params.set('archived', query.archived ?? 'all');
  return call<ManagedPass[]>('GET', `/passes?${params}`);
};
export const createPass = (body: PassCreateBody) => call<ManagedPass>('POST', '/passes', body);
export const setPassArchived = (id: number, archived: boolean) => call<ManagedPass>('PATCH', `/passes/${id}`, { archived });
export const purchasePass = (id: number, amount: number) => call<PurchaseAnswer>('POST', `/passes/${id}/purchase`, { amount });
export const readWallet = (query: { classId?: number } = {}) =>
  call<WalletAnswer>('GET', `/wallet${query.classId ? `?classId=${query.classId}` : '?status=all'}`);
export const coachPasses = (coachId: number) => call<PublicPass[]>('GET', `/coaches/${coachId}/passes`);
export const confirmPurchase = (purchaseId: number) => call<unknown>('POST', `/wallet/${purchaseId}/confirm`);
export const cancelMembership = (purchaseId: number) => call<unknown>('POST', `/wallet/${purchaseId}/cancel`);
export const pauseMembership = (purchaseId: number, weeks: number) => call<unknown>('POST', `/wallet/${purchaseId}/pause`, { weeks });
/** A class paid with a pass: one credit per spot (none with an unlimited membership), confirmed at once. */
export const bookWithPass = (body: { classId: number; quantity: number; attendees: AttendeeInput[]; purchaseId: number }) =>
  call<Booking>('POST', '/bookings', {
    classId: body.classId,
    quantity: body.quantity,
    attendees: body.attendees,
    payWith: { purchaseId: body.purchaseId },
  });
/** A past-due membership's open renewal: the intent to pay with another card (which then renews it). */
export const openRenewalPayment = (purchaseId: number) =>
  call<{ paymentIntentId: string; clientSecret: string; amount: number }>('POST', `/wallet/${purchaseId}/update-card`);
