// What the booking domain needs from the app: the database, the clock, and one outward call. AppContext
// (api/context.ts) has all of it; the domain never imports it, so it stays below every feature.
import type { Db } from '../../db/client';
import type { Clock } from '../lib/clock';

export interface SpotsContext {
  db: Db;
  clock: Clock;
  /** Emails the waitlist offers not yet announced, once the write that made them has committed (wired by
   * api/app.ts to api/notices). Left out, the timed waitlist sweep announces them. */
  announceOffers?: () => Promise<void>;
}

/** The customer a booking write is for (a signed-in user). */
export interface Customer {
  id: number;
  firstName: string;
  lastName: string;
}

/** The payment provider calls the domain makes itself (api/providers/payments implements them). */
export interface RefundProvider {
  refund(intentId: string, cents: number, idempotencyKey: string): Promise<unknown>;
  cancelIntent(intentId: string): Promise<unknown>;
}
