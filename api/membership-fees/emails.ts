// The email a membership fee sends its customer (issue 20, item 2): what was charged (or could not be), why (a late
// cancellation or a missed class, the class and its time in Pacific time), the amount, and how to dispute it.
// Best effort: a mail failure never undoes a charge.
import { eq } from 'drizzle-orm';
import { bookings, classes, type MembershipFeeKind, passPurchases, users } from '../../db/schema';
import { formatDollars } from '../../common/money';
import { formatDateFull, formatTimePT } from '../../common/pacific';
import type { AppContext } from '../context';
import { renderEmail } from '../mail-templates';
import type { MembershipFeeRow } from '../spots/membership-fees';

/** Where a customer disputes a fee besides replying (the FAQ's support address). */
export const FEE_SUPPORT_EMAIL = 'support@fogline.test';

const WHY: Record<MembershipFeeKind, { name: string; noun: string }> = {
  late_cancel: { name: 'late-cancellation fee', noun: 'late cancellation' },
  no_show: { name: 'no-show fee', noun: 'missed class' },
};

export interface FeeEmailFacts {
  to: string;
  firstName: string;
  coachName: string;
  coachEmail: string;
  className: string;
  classStart: Date | null;
  membershipName: string;
}

/** The email itself, pure (its test reads it). */
export function feeEmail(
  fee: Pick<MembershipFeeRow, 'id' | 'kind' | 'amountCents' | 'status' | 'failureMessage'>,
  facts: FeeEmailFacts,
  publicUrl: string,
) {
  const why = WHY[fee.kind];
  const amount = formatDollars(fee.amountCents);
  const when = facts.classStart ? `${formatDateFull(facts.classStart)} at ${formatTimePT(facts.classStart)}` : 'its scheduled time';
  const what =
    fee.kind === 'late_cancel'
      ? `You cancelled ${facts.className} (${when}) after the last deadline of its cancellation policy.`
      : `You were marked as not attending ${facts.className} (${when}), and the mark was not changed within 24 hours of the class.`;
  const charged = fee.status === 'paid';
  const result = charged
    ? `Under the policy you booked it with, ${facts.coachName} charges a ${why.name} of ${amount} for members of ${facts.membershipName}: we charged ${amount} to the card your membership uses.`
    : `Under the policy you booked it with, ${facts.coachName} charges a ${why.name} of ${amount} for members of ${facts.membershipName}. We tried to charge it to the card your membership uses, but the charge did not go through (${fee.failureMessage ?? 'the card was declined'}), so nothing was charged and the fee is recorded as unpaid.`;
  const dispute = `If you think this is a mistake, reply to this email, contact ${facts.coachName} at ${facts.coachEmail}, or write to ${FEE_SUPPORT_EMAIL} (${publicUrl}/contact). Support replies within 24 hours and can refund the fee.`;
  const subject = charged
    ? `${amount} ${why.name} charged: ${facts.className}`
    : `${why.name[0]!.toUpperCase()}${why.name.slice(1)} of ${amount} not charged: ${facts.className}`;
  const content = renderEmail({
    heading: charged ? `A ${why.name} of ${amount} was charged` : `A ${why.name} of ${amount} could not be charged`,
    preheader: `${facts.className} · ${when} · ${why.noun}`,
    paragraphs: [`Hi ${facts.firstName},`, what, result, dispute],
    button: { label: 'Open my wallet', url: `${publicUrl}/wallet` },
    footnote: `Fee #${fee.id} (${why.noun}). Keep this email as your receipt.`,
  });
  return { subject, ...content };
}

/** The people, class and membership a fee's emails name; null when the customer or the class is gone. */
async function factsOf(ctx: AppContext, fee: MembershipFeeRow): Promise<FeeEmailFacts | null> {
  const person = { email: users.email, firstName: users.firstName, lastName: users.lastName };
  const [customer, coach, cls, purchase] = await Promise.all([
    ctx.db.select(person).from(users).where(eq(users.id, fee.userId)).get(),
    ctx.db.select(person).from(users).where(eq(users.id, fee.coachId)).get(),
    ctx.db
      .select({ name: classes.title, startTime: classes.startTime })
      .from(bookings)
      .innerJoin(classes, eq(classes.id, bookings.classId))
      .where(eq(bookings.id, fee.bookingId))
      .get(),
    ctx.db.select({ name: passPurchases.name }).from(passPurchases).where(eq(passPurchases.id, fee.purchaseId)).get(),
  ]);
  if (!customer || !cls) return null;
  return {
    to: customer.email,
    firstName: customer.firstName,
    coachName: coach ? `${coach.firstName} ${coach.lastName}`.trim() : 'your coach',
    coachEmail: coach?.email ?? FEE_SUPPORT_EMAIL,
    className: cls.name,
    classStart: cls.startTime,
    membershipName: purchase?.name ?? 'your membership',
  };
}

/** Sends the fee's email (the caller claimed it once). */
export async function sendFeeEmail(ctx: AppContext, fee: MembershipFeeRow): Promise<void> {
  try {
    const facts = await factsOf(ctx, fee);
    if (facts) await ctx.mail.send({ to: facts.to, ...feeEmail(fee, facts, ctx.env.publicUrl) });
  } catch (error) {
    console.error('[membership-fees] the fee email could not be sent', fee.id, error);
  }
}

/** An admin refunded a fee: the customer hears that the whole amount goes back to the card. */
export async function sendFeeRefundEmail(ctx: AppContext, fee: MembershipFeeRow): Promise<void> {
  try {
    const facts = await factsOf(ctx, fee);
    if (!facts) return;
    const why = WHY[fee.kind];
    const amount = formatDollars(fee.amountCents);
    const content = renderEmail({
      heading: `Your ${why.name} of ${amount} was refunded`,
      preheader: `${facts.className} · ${amount} back to your card`,
      paragraphs: [
        `Hi ${facts.firstName},`,
        `The ${why.name} of ${amount} charged for ${facts.className} has been refunded in full to the card your membership ${facts.membershipName} uses. Refunds take 3-5 business days to show.`,
        `Questions? Reply to this email or write to ${FEE_SUPPORT_EMAIL}.`,
      ],
      footnote: `Fee #${fee.id} (${why.noun}).`,
    });
    await ctx.mail.send({ to: facts.to, subject: `Refunded: ${amount} ${why.name}, ${facts.className}`, ...content });
  } catch (error) {
    console.error('[membership-fees] the refund email could not be sent', fee.id, error);
  }
}
