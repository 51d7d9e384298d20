// Waivers in test bookings: every booking request carries `waiverAcceptance` (api/spots/waivers.ts), as the class
// page and the checkout send it. A fresh database asks for the platform waiver only (migration 0017: id 1,
// version 1); a test that gives a coach their own waiver reads GET /api/classes/{id}/waivers and passes them.

export const PLATFORM_WAIVER = { id: 1, version: 1 } as const;
export const TEST_EMERGENCY_CONTACT = { name: 'Robin Tester', phone: '+1 415 555 0100' };

type WaiverRef = { id: number; version: number };

/** A waiverAcceptance accepting `waivers` for `spots` attendees (positions 0 .. spots-1). */
export function acceptanceFor(spots: number, waivers: readonly WaiverRef[] = [PLATFORM_WAIVER]) {
  return {
    waivers: waivers.map(({ id, version }) => ({ id, version })),
    emergencyContact: TEST_EMERGENCY_CONTACT,
    attendees: Array.from({ length: spots }, (_, position) => ({ position, accepted: true })),
  };
}

/** A booking request (free booking, create-intent, accepting an offer) with the waiver accepted for every spot:
 * as many as it names attendees, else its quantity, else `spots` (an offer's quantity), else 1. */
export function withWaivers<T extends object>(body: T, spots?: number, waivers?: readonly WaiverRef[]) {
  const b = body as { attendees?: unknown; quantity?: unknown };
  const count = Array.isArray(b.attendees) ? b.attendees.length : typeof b.quantity === 'number' ? b.quantity : (spots ?? 1);
  return { ...body, waiverAcceptance: acceptanceFor(Math.max(1, Math.min(count, 100)), waivers) };
}
