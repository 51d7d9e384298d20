// The confirmations a write owes (email with the class's .ics), queued as rows of booking_outbox by that very write:
// a free booking, a paid booking settled, a free waitlist offer accepted, a confirmation sent again. The rows commit
// with the booking, and api/notices/outbox.ts sends them after the answer, so nothing slow runs in the request and
// a process killed right after answering loses nothing.
import type { Tx } from '../../db/client';
import { insertRows, runInWrite } from '../../db/insert-rows';
import { bookingOutbox } from '../../db/schema';

/** Queues the confirmation of each booking, due now, in the caller's write (one INSERT for many). */
export async function queueConfirmations(tx: Tx, bookingIds: number[], now: Date): Promise<void> {
  if (bookingIds.length === 0) return;
  const dueAt = now.getTime();
  // A plain statement (db/insert-rows.ts): a group commit queues dozens at once.
  await runInWrite(
    tx,
    insertRows(
      bookingOutbox,
      bookingIds.map((bookingId) => ({ kind: 'booking_confirmed' as const, bookingId, dueAt, createdAt: now })),
    ),
  );
}
