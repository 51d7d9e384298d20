// Admin user support (issue 24, item 4): a user's page (bookings, payments, refunds) and what an admin does
// for them: refund a booking in full or in part through the payment provider, cancel for them, resend a
// confirmation. Each action is an audit row in the same write as its change, and emails the person.
import { aliasedTable, and, desc, eq, inArray, sql } from 'drizzle-orm';
import { bookingRefunds, bookings, classes, users } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import { toSessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { conflict, DomainError, notFound } from '../errors';
import { centsToDollars, dollarsToCents, formatDollars } from '../../common/money';
import { formatDateLong, formatTimePT } from '../../common/pacific';
import { renderEmail } from '../mail-templates';
import { sendOutboxSoon } from '../notices/outbox';
import { cancelForCustomerBySupport } from '../spots/cancellation';
import { refundCreditToCard } from '../spots/credit';
import { queueConfirmations } from '../spots/confirmations';
import { recordAudit } from './audit';
import type { SupportBooking, SupportUser } from './model';
import { toAdminUser } from './service';

type BookingRow = typeof bookings.$inferSelect;
type ClassRow = typeof classes.$inferSelect;

/** Paid and not yet given back. A cancelled booking that was paid (a late cancellation, say) can still be
 * refunded as a goodwill gesture. */
export function refundableCents(
  row: Pick<BookingRow, 'amountCents' | 'confirmedAt' | 'refundAmountCents' | 'creditAppliedCents' | 'creditIssuedCents'>,
): number {
  if (row.amountCents <= 0 || row.confirmedAt === null) return 0;
  const refunded = row.refundAmountCents ?? 0;
  // Only what the card paid can go back to it (coach credit spent on the booking is not card money), and never what
  // was already given back as coach credit (a cancellation for credit): that would pay it back twice.
  return Math.max(0, Math.min(row.amountCents - row.creditAppliedCents - refunded, row.amountCents - refunded - row.creditIssuedCents));
}

const SHOWN_BOOKINGS = 100;
const coaches = aliasedTable(users, 'coach');

/** GET /api/admin/users/{id}: the newest 100 bookings, their payments and every refund. */
export async function supportUser(ctx: AppContext, userId: number): Promise<SupportUser> {
  const row = await ctx.db.select().from(users).where(eq(users.id, userId)).get();
  if (!row) throw notFound('User not found.');
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({
      booking: bookings,
      title: classes.title,
      start: classes.startTime,
      coachFirst: coaches.firstName,
      coachLast: coaches.lastName,
    })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(coaches, eq(coaches.id, classes.coachId))
    .where(and(eq(bookings.userId, userId), sql`${bookings.status} <> 'offered'`))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(SHOWN_BOOKINGS);
  const ids = rows.map((r) => r.booking.id);
  const ledger = ids.length
    ? await ctx.db.select().from(bookingRefunds).where(inArray(bookingRefunds.bookingId, ids)).orderBy(desc(bookingRefunds.createdAt))
    : [];
  const titleOf = new Map(rows.map((r) => [r.booking.id, r.title]));

  const list: SupportBooking[] = rows.map(({ booking, title, start, coachFirst, coachLast }) => ({
    id: booking.id,
    classId: booking.classId,
    classTitle: title,
    classStart: start?.toISOString() ?? null,
    coachName: `${coachFirst} ${coachLast}`.trim(),
    status: booking.status,
    cancelReason: booking.cancelReason,
    quantity: booking.quantity,
    amount: centsToDollars(booking.amountCents),
    creditApplied: centsToDollars(booking.creditAppliedCents),
    refundedAsCredit: centsToDollars(booking.creditIssuedCents),
    refunded: centsToDollars(booking.refundAmountCents ?? 0),
    refundable: centsToDollars(refundableCents(booking)),
    cancellable: (booking.status === 'pending' || booking.status === 'confirmed') && (!start || start.getTime() > now.getTime()),
    paymentIntentId: booking.paymentIntentId,
    createdAt: booking.createdAt.toISOString(),
  }));
  const payments = rows
    .filter(({ booking }) => booking.confirmedAt && booking.amountCents > 0)
    .map(({ booking, title }) => ({
      bookingId: booking.id,
      classTitle: title,
      amount: centsToDollars(booking.amountCents),
      paymentIntentId: booking.paymentIntentId,
      paidAt: booking.confirmedAt!.toISOString(),
    }));
  // A booking's refund total is the support refunds (itemised in the ledger) plus what its cancellation refunded.
  const supportTotal = new Map<number, number>();
  for (const entry of ledger) supportTotal.set(entry.bookingId, (supportTotal.get(entry.bookingId) ?? 0) + entry.amountCents);
  const refunds = [
    ...ledger.map((entry) => ({
      bookingId: entry.bookingId,
      classTitle: titleOf.get(entry.bookingId) ?? '',
      amount: centsToDollars(entry.amountCents),
      kind: 'support' as const,
      reason: entry.reason,
      at: entry.createdAt.toISOString(),
    })),
    ...rows.flatMap(({ booking, title }) => {
      const rest = (booking.refundAmountCents ?? 0) - (supportTotal.get(booking.id) ?? 0);
      if (rest <= 0) return [];
      return [
        {
          bookingId: booking.id,
          classTitle: title,
          amount: centsToDollars(rest),
          kind: 'cancellation' as const,
          reason: null,
          at: (booking.cancelledAt ?? booking.updatedAt).toISOString(),
        },
      ];
    }),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return { user: toAdminUser(toSessionUser(row)), bookings: list, payments, refunds };
}

async function bookingAndCustomer(ctx: AppContext, bookingId: number) {
  const found = await ctx.db
    .select({ booking: bookings, cls: classes, customer: users })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId))
    .get();
  if (!found) throw notFound('Booking not found.');
  return found;
}

function tell(ctx: AppContext, to: string, subject: string, paragraphs: string[]) {
  if (to.endsWith('.invalid')) return Promise.resolve(); // a deleted account has no address
  return ctx.mail
    .send({
      to,
      subject,
      ...renderEmail({
        heading: subject,
        preheader: paragraphs[1] ?? subject,
        paragraphs,
        button: { label: 'My Bookings', url: `${ctx.env.publicUrl}/bookings` },
        footnote: 'Questions? Reply from the Contact page on Fogline.',
      }),
    })
    .catch((error) => console.error('[admin] could not send the email', subject, error));
}

const classLine = (cls: ClassRow) =>
  `${cls.title}${cls.startTime ? `, ${formatDateLong(cls.startTime)} at ${formatTimePT(cls.startTime)}` : ''}`;

/** POST /api/admin/bookings/{id}/refund: refunds `amount` dollars through the provider (at most what is still
 * refundable); the refund row, the booking's total and the audit row are one write, so shown = refunded = recorded. */
export async function refundBooking(ctx: AppContext, admin: SessionUser, bookingId: number, amount: number, reason: string) {
  const cents = dollarsToCents(amount);
  const { booking, cls, customer } = await bookingAndCustomer(ctx, bookingId);
  const refundable = refundableCents(booking);
  if (refundable === 0) throw conflict('Nothing is left to refund on this booking.');
  if (cents > refundable) throw conflict(`At most ${formatDollars(refundable)} can be refunded for this booking.`);
  if (!booking.paymentIntentId) throw conflict('This booking has no payment with the provider to refund.');
  const [{ n }] = (await ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(bookingRefunds)
    .where(eq(bookingRefunds.bookingId, bookingId))) as [{ n: number }];
  let providerRefundId: string;
  try {
    // The key names the refund's place in the booking's ledger: a double click refunds once.
    providerRefundId = (await ctx.payments.refund(booking.paymentIntentId, cents, `support-refund-${bookingId}-${Number(n) + 1}-${cents}`))
      .id;
  } catch (error) {
    console.error('[admin] refund failed', bookingId, error);
    throw new DomainError(502, 'The refund could not be issued right now. Please try again in a moment.');
  }
  const now = ctx.clock.now();
  const updated = await ctx.db.write(async (tx) => {
    await tx.insert(bookingRefunds).values({ bookingId, amountCents: cents, reason, actorId: admin.id, providerRefundId, createdAt: now });
    const [row] = await tx
      .update(bookings)
      .set({ refundAmountCents: sql`coalesce(${bookings.refundAmountCents}, 0) + ${cents}` })
      .where(eq(bookings.id, bookingId))
      .returning();
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'booking.refund',
      subjectUserId: booking.userId,
      bookingId,
      reason,
      details: { amount: centsToDollars(cents), providerRefundId },
      at: now,
    });
    return row!;
  });
  await tell(ctx, customer.email, `Refund of ${formatDollars(cents)} for your booking`, [
    `Hi ${customer.firstName},`,
    `We refunded ${formatDollars(cents)} of your booking of ${classLine(cls)}.`,
    `Why: ${reason}`,
    'The refund goes back to the card you paid with and usually appears within 3-5 business days.',
  ]);
  return {
    bookingId,
    amount: centsToDollars(cents),
    refunded: centsToDollars(updated.refundAmountCents ?? 0),
    refundable: centsToDollars(refundableCents(updated)),
  };
}

/** PUT /api/admin/bookings/{id}/cancel: cancels for the customer with the refund the admin chose. */
export async function cancelBookingForCustomer(
  ctx: AppContext,
  admin: SessionUser,
  bookingId: number,
  refundAmount: number,
  reason: string,
) {
  const { customer } = await bookingAndCustomer(ctx, bookingId);
  const cents = dollarsToCents(refundAmount);
  const now = ctx.clock.now();
  const { booking, cls } = await cancelForCustomerBySupport(ctx, bookingId, cents, (tx, row) =>
    recordAudit(tx, {
      actorId: admin.id,
      action: 'booking.cancel',
      subjectUserId: row.userId,
      bookingId,
      reason,
      details: { amount: centsToDollars(cents) },
      at: now,
    }),
  );
  await tell(ctx, customer.email, 'Your booking has been cancelled', [
    `Hi ${customer.firstName},`,
    `Our support team cancelled your booking of ${classLine(cls)}.`,
    `Why: ${reason}`,
    cents > 0
      ? `We refunded ${formatDollars(cents)} to the card you paid with; it usually appears within 3-5 business days.`
      : 'No refund was made with this cancellation.',
  ]);
  return { bookingId, status: booking.status, refunded: centsToDollars(booking.refundAmountCents ?? 0) };
}

/** POST /api/admin/bookings/{id}/resend-confirmation: the confirmation email again, logged. */
export async function resendBookingConfirmation(ctx: AppContext, admin: SessionUser, bookingId: number, reason: string) {
  const { booking } = await bookingAndCustomer(ctx, bookingId);
  if (booking.status !== 'confirmed') throw conflict('Only a confirmed booking has a confirmation to send.');
  const now = ctx.clock.now();
  // Queued with the audit entry in one write, sent just after this answer (api/notices/outbox.ts).
  await ctx.db.write(async (tx) => {
    await queueConfirmations(tx, [booking.id], now);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'booking.resend_confirmation',
      subjectUserId: booking.userId,
      bookingId,
      reason,
      at: now,
    });
  });
  sendOutboxSoon(ctx);
  return { message: 'The confirmation email has been sent again.' };
}

/** POST /api/admin/users/{id}/credit/refund: a customer's credit with a coach back to the card, through the
 * payments it came from (api/spots/credit.ts); each refund is audited and the customer emailed once. */
export async function refundCustomerCredit(ctx: AppContext, admin: SessionUser, customerId: number, coachId: number, cents?: number) {
  const customer = await ctx.db.select().from(users).where(eq(users.id, customerId)).get();
  if (!customer) throw notFound('User not found.');
  const now = ctx.clock.now();
  const result = await refundCreditToCard(ctx, { customerId, coachId, cents, actorId: admin.id }, (tx, booking, part) =>
    recordAudit(tx, {
      actorId: admin.id,
      action: 'booking.refund',
      subjectUserId: customerId,
      bookingId: booking.id,
      reason: 'Coach credit refunded to the card',
      details: { amount: centsToDollars(part), coachCredit: true, coachId },
      at: now,
    }),
  );
  await tell(ctx, customer.email, `Refund of ${formatDollars(result.refundedCents)} of your coach credit`, [
    `Hi ${customer.firstName},`,
    `We refunded ${formatDollars(result.refundedCents)} of your credit with your coach to the card you paid with.`,
    'It usually appears within 3-5 business days.',
  ]);
  return { ...result, message: `Refunded ${formatDollars(result.refundedCents)} to the card.` };
}
