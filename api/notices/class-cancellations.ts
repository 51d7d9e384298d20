// A class called off (deleted by its coach or an admin, a weather call, a class below its minimum size, a
// suspended coach): the booking domain cancels and refunds every open booking (api/spots/cancellation.ts),
// each customer is emailed as it goes, then the class's waitlist closes with an email to each person waiting.
import type { AppContext } from '../context';
import { centsToDollars } from '../../common/money';
import type { Actor } from '../spots/booking-states';
import { cancelForDeletedClasses } from '../spots/cancellation';
import { sendCancellationEmail } from './booking-emails';
import { closeWaitlistsAndTell } from './waitlist-emails';

/** Call it BEFORE marking the classes deleted; a refund that fails stops with a 502 and calling again
 * finishes the rest. `why` replaces the email's reason (the weather call, a class below its minimum size). */
export async function cancelClassBookings(
  ctx: AppContext,
  classIds: number[],
  actor: Actor,
  why?: string,
): Promise<{ cancelled: number; refunded: number }> {
  const done = await cancelForDeletedClasses(ctx, classIds, actor, ({ booking, cls, user, refundCents }) =>
    sendCancellationEmail(ctx, booking, cls, user, refundCents, 'class_deleted', why),
  );
  if (classIds.length > 0) await closeWaitlistsAndTell(ctx, classIds);
  return { cancelled: done.cancelled, refunded: centsToDollars(done.refundedCents) };
}
