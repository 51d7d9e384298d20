// A coach's earnings, read from our own records (bookings: integer cents, refunds as stored when they were
// issued) and, for the payout account, from the payment provider. A booking counts once it was charged: it was
// confirmed with an amount, or its late payment was refunded. Everything is attributed to the Pacific month
// of its session, so a class's line and its month agree. Coach credit counts where the money moved, once
// (./statement.ts): the card's part is the sale, credit spent and credit given back are named beside it.
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { bookings, classes, coachCredits, passPurchases, payoutAccounts, users } from '../../db/schema';
import { NOT_YOUR_COACH_ACCOUNT } from '../auth/plugin';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { forbidden, notFound } from '../errors';
import { centsToDollars } from '../../common/money';
import { pacificDay, pacificWallTimeToInstant } from '../../common/pacific';
import type { EarningsAnswer, EarningsQuery } from './model';
import { addFigures, type BookingFigures, emptyFigures, figuresOf } from './statement';
import { chargedFeesOfCoach } from '../spots/membership-fees';

/** The coach themself or an admin; the target must be a coach. */
async function earningsCoach(ctx: AppContext, user: SessionUser, coachId: number) {
  if (user.id !== coachId && user.role !== 'admin') throw forbidden(NOT_YOUR_COACH_ACCOUNT);
  const coach = await ctx.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, coachId)).get();
  if (!coach || coach.role !== 'coach') throw notFound('Coach not found.');
  return coach;
}

/** The day after a YYYY-MM-DD, for an end-exclusive bound that includes `to`. */
function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Every charged booking of the coach's sessions in the range, oldest session first. */
export async function chargedBookings(ctx: AppContext, coachId: number, range: EarningsQuery) {
  const charged = and(gt(bookings.amountCents, 0), or(isNotNull(bookings.confirmedAt), gt(bookings.refundAmountCents, 0)));
  return ctx.db
    .select({
      id: bookings.id,
      status: bookings.status,
      quantity: bookings.quantity,
      subtotalCents: bookings.subtotalCents,
      serviceFeeCents: bookings.serviceFeeCents,
      amountCents: bookings.amountCents,
      refundAmountCents: bookings.refundAmountCents,
      discountCents: bookings.discountCents,
      discountFundedBy: bookings.discountFundedBy,
      payoutCents: bookings.payoutCents,
      creditAppliedCents: bookings.creditAppliedCents,
      creditIssuedCents: bookings.creditIssuedCents,
      cancelledAt: bookings.cancelledAt,
      classId: classes.id,
      title: classes.title,
      startTime: classes.startTime,
      customerFirstName: users.firstName,
      customerLastName: users.lastName,
    })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        eq(classes.coachId, coachId),
        charged,
        range.from ? gte(classes.startTime, pacificWallTimeToInstant(range.from, '00:00')) : undefined,
        range.to ? lt(classes.startTime, pacificWallTimeToInstant(nextDay(range.to), '00:00')) : undefined,
      ),
    )
    .orderBy(asc(sql`coalesce(${classes.startTime}, 0)`), asc(bookings.id));
}

const dollars = (f: BookingFigures) => ({
  gross: centsToDollars(f.gross),
  refunds: centsToDollars(f.refunds),
  platformFees: centsToDollars(f.platformFees),
  net: centsToDollars(f.net),
  cardCharged: centsToDollars(f.cardCharged),
  platformDiscounts: centsToDollars(f.platformDiscounts),
  creditApplied: centsToDollars(f.creditApplied),
  refundedAsCredit: centsToDollars(f.refundedAsCredit),
});

/** GET /api/coaches/{id}/earnings */
export async function coachEarnings(ctx: AppContext, user: SessionUser, coachId: number, range: EarningsQuery): Promise<EarningsAnswer> {
  await earningsCoach(ctx, user, coachId);
  const now = ctx.clock.now().getTime();
  const rows = await chargedBookings(ctx, coachId, range);
  const total = emptyFigures();
  let spots = 0;
  let earned = 0;
  let upcoming = 0;
  const byClass = new Map<
    number,
    { classId: number; title: string; startTime: string | null; bookings: number; spots: number; figures: BookingFigures }
  >();
  const byMonth = new Map<string, BookingFigures>();
  for (const row of rows) {
    const figures = figuresOf(row);
    addFigures(total, figures);
    spots += row.quantity;
    if (row.startTime && row.startTime.getTime() > now) upcoming += figures.net;
    else earned += figures.net;
    const line = byClass.get(row.classId) ?? {
      classId: row.classId,
      title: row.title,
      startTime: row.startTime?.toISOString() ?? null,
      bookings: 0,
      spots: 0,
      figures: emptyFigures(),
    };
    line.bookings += 1;
    line.spots += row.quantity;
    addFigures(line.figures, figures);
    byClass.set(row.classId, line);
    if (row.startTime) {
      const month = pacificDay(row.startTime).slice(0, 7);
      const monthly = byMonth.get(month) ?? emptyFigures();
      addFigures(monthly, figures);
      byMonth.set(month, monthly);
    }
  }
  return {
    coachId,
    from: range.from ?? null,
    to: range.to ?? null,
    summary: {
      ...dollars(total),
      bookings: rows.length,
      spots,
      serviceFees: centsToDollars(total.serviceFees),
      refundedToCustomers: centsToDollars(total.refundedToCustomers),
      earned: centsToDollars(earned),
      upcoming: centsToDollars(upcoming),
      creditOutstanding: centsToDollars(await creditOutstanding(ctx, coachId)),
    },
    // Newest session first, as a coach reads a statement.
    byClass: [...byClass.values()].reverse().map(({ figures, ...line }) => ({ ...line, ...dollars(figures) })),
    byMonth: [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, figures]) => ({ month, ...dollars(figures) })),
    passSales: await passSales(ctx, coachId, range),
    membershipFees: await membershipFeeEarnings(ctx, coachId, range),
    payouts: await payoutPosition(ctx, coachId),
  };
}

/** The coach credit customers hold with the coach now: the ledger's sum (all dates). */
async function creditOutstanding(ctx: AppContext, coachId: number): Promise<number> {
  const row = await ctx.db
    .select({ cents: sql<number>`coalesce(sum(${coachCredits.amountCents}), 0)` })
    .from(coachCredits)
    .where(eq(coachCredits.coachId, coachId))
    .get();
  return Number(row?.cents ?? 0);
}

/** The coach's packs and intro offers paid in the range (Pacific days of the payment), each read as a charged
 * booking of its price: gross - refunds - platformFees = net (./statement.ts). */
async function passSales(ctx: AppContext, coachId: number, range: EarningsQuery): Promise<NonNullable<EarningsAnswer['passSales']>> {
  const sold = await ctx.db
    .select({
      priceCents: passPurchases.priceCents,
      serviceFeeCents: passPurchases.serviceFeeCents,
      amountCents: passPurchases.amountCents,
      refundedCents: passPurchases.refundedCents,
      discountCents: passPurchases.discountCents,
      discountFundedBy: passPurchases.discountFundedBy,
      payoutCents: passPurchases.payoutCents,
      creditAppliedCents: passPurchases.creditAppliedCents,
      creditReturnedCents: passPurchases.creditReturnedCents,
    })
    .from(passPurchases)
    .where(
      and(
        eq(passPurchases.coachId, coachId),
        inArray(passPurchases.kind, ['pack', 'intro']),
        isNotNull(passPurchases.activatedAt),
        range.from ? gte(passPurchases.activatedAt, pacificWallTimeToInstant(range.from, '00:00')) : undefined,
        range.to ? lt(passPurchases.activatedAt, pacificWallTimeToInstant(nextDay(range.to), '00:00')) : undefined,
      ),
    );
  const total = emptyFigures();
  for (const sale of sold)
    addFigures(
      total,
      figuresOf({
        subtotalCents: sale.priceCents,
        serviceFeeCents: sale.serviceFeeCents,
        amountCents: sale.amountCents,
        refundAmountCents: sale.refundedCents,
        discountCents: sale.discountCents,
        discountFundedBy: sale.discountFundedBy,
        payoutCents: sale.payoutCents,
        creditAppliedCents: sale.creditAppliedCents,
        creditIssuedCents: sale.creditReturnedCents,
      }),
    );
  return {
    ...dollars(total),
    purchases: sold.length,
    serviceFees: centsToDollars(total.serviceFees),
    refundedToCustomers: centsToDollars(total.refundedToCustomers),
  };
}

/** The coach's membership fees charged in the range (Pacific days of the charge), each read as a charged booking of
 * its amount with the payout recorded on it; a refunded fee takes back both shares. */
async function membershipFeeEarnings(
  ctx: AppContext,
  coachId: number,
  range: EarningsQuery,
): Promise<NonNullable<EarningsAnswer['membershipFees']>> {
  const fees = await chargedFeesOfCoach(
    ctx.db,
    coachId,
    range.from ? pacificWallTimeToInstant(range.from, '00:00') : undefined,
    range.to ? pacificWallTimeToInstant(nextDay(range.to), '00:00') : undefined,
  );
  const total = emptyFigures();
  for (const fee of fees)
    addFigures(
      total,
      figuresOf({
        subtotalCents: fee.amountCents,
        serviceFeeCents: 0,
        amountCents: fee.amountCents,
        refundAmountCents: fee.refundedAt ? fee.amountCents : 0,
        payoutCents: fee.payoutCents,
      }),
    );
  return { ...dollars(total), fees: fees.length };
}

/** The coach's payout account at the provider: set up or not, its balance and its latest payouts. */
async function payoutPosition(ctx: AppContext, coachId: number): Promise<EarningsAnswer['payouts']> {
  const provider = ctx.payments.kind;
  const account = await ctx.db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.userId, coachId), eq(payoutAccounts.provider, provider)))
    .get();
  const none = { available: null, pending: null, paidOut: null, payouts: [] };
  if (!account) {
    return {
      provider,
      account: 'not_set_up',
      ...none,
      note: 'Payouts are not set up: set them up on the Payment tab of your profile to receive your 85% at each charge.',
    };
  }
  const state = account.canReceivePayments ? 'ready' : 'incomplete';
  try {
    const balance = await ctx.payments.retrievePayoutBalance(account.accountId);
    const paidOut = balance.payouts.filter((p) => p.status === 'paid').reduce((sum, p) => sum + p.amountCents, 0);
    return {
      provider,
      account: state,
      available: centsToDollars(balance.availableCents),
      pending: centsToDollars(balance.pendingCents),
      paidOut: centsToDollars(paidOut),
      payouts: balance.payouts.map((p) => ({
        id: p.id,
        amount: centsToDollars(p.amountCents),
        status: p.status,
        arrivalDate: p.arrivalDate.toISOString(),
      })),
      note:
        provider === 'test'
          ? 'Test payments: no money moves and nothing is paid out. The balance is what your payout account would hold from the test charges.'
          : 'Balance and payouts of your payout account, as Stripe reports them (all dates, not only the range above).',
    };
  } catch (error) {
    console.error('[earnings] payout balance failed', error);
    return {
      provider,
      account: state,
      ...none,
      note: 'Stripe did not answer just now: the figures above come from Fogline’s records only.',
    };
  }
}

const CSV_HEADER = [
  'Booking',
  'Class date (PT)',
  'Class',
  'Customer',
  'Spots',
  'Status',
  'Gross',
  'Service fee (customer)',
  'Refunded to customer',
  'Refunds (price)',
  'Platform fee',
  'Net',
  'Paid with coach credit',
  'Given back as credit',
];

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** GET /api/coaches/{id}/earnings.csv: one line per charged booking, the same figures as the statement. */
export async function coachEarningsCsv(ctx: AppContext, user: SessionUser, coachId: number, range: EarningsQuery): Promise<string> {
  await earningsCoach(ctx, user, coachId);
  const rows = await chargedBookings(ctx, coachId, range);
  const lines = [CSV_HEADER.map(cell).join(',')];
  for (const row of rows) {
    const f = figuresOf(row);
    lines.push(
      [
        row.id,
        row.startTime ? pacificDay(row.startTime) : '',
        row.title,
        `${row.customerFirstName} ${row.customerLastName}`.trim(),
        row.quantity,
        row.status,
        money(f.gross),
        money(f.serviceFees),
        money(f.refundedToCustomers),
        money(f.refunds),
        money(f.platformFees),
        money(f.net),
        money(f.creditApplied),
        money(f.refundedAsCredit),
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
