// The passes' emails through the mail provider (the outbox folder without SMTP): the purchase receipt, and the
// notice 7 days before a pack's unused credits expire. Best effort: a mail failure never undoes a purchase.
import { eq } from 'drizzle-orm';
import { type passPurchases, users } from '../../db/schema';
import type { AppContext } from '../context';
import { formatDollars } from '../../common/money';
import { formatDateLong, formatTimePT } from '../../common/pacific';
import { renderEmail } from '../mail-templates';

type PurchaseRow = typeof passPurchases.$inferSelect;

async function deliver(ctx: AppContext, what: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    console.error(`[passes] the ${what} email could not be sent`, error);
  }
}

async function peopleOf(ctx: AppContext, purchase: PurchaseRow) {
  const [buyer, coach] = await Promise.all(
    [purchase.userId, purchase.coachId].map((id) =>
      ctx.db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id)).get(),
    ),
  );
  return { buyer, coachName: coach ? `${coach.firstName} ${coach.lastName}`.trim() : 'your coach' };
}

/** How the amount was paid, when coach credit paid some or all of it. */
function paidWith(purchase: PurchaseRow, coachName: string): string {
  if (purchase.creditAppliedCents === 0) return '';
  const card = purchase.amountCents - purchase.creditAppliedCents;
  const credit = `${formatDollars(purchase.creditAppliedCents)} with your credit with ${coachName}`;
  return card > 0 ? `: ${credit} and ${formatDollars(card)} by card` : `: all of it ${credit}`;
}

const creditWords = (n: number) => `${n} ${n === 1 ? 'class' : 'classes'}`;

/** The receipt of a pack or intro offer, once its payment is confirmed. */
export async function sendPurchaseReceipt(ctx: AppContext, purchase: PurchaseRow): Promise<void> {
  const { buyer, coachName } = await peopleOf(ctx, purchase);
  if (!buyer) return;
  const what = purchase.credits ? `${creditWords(purchase.credits)} with ${coachName}` : `classes with ${coachName}`;
  const validity = purchase.expiresAt
    ? `Use your credits by ${formatDateLong(purchase.expiresAt)} at ${formatTimePT(purchase.expiresAt)}: each credit books one spot in a class it covers.`
    : null;
  const content = renderEmail({
    heading: `Receipt: ${purchase.name}`,
    preheader: `${formatDollars(purchase.amountCents)} · ${what}`,
    paragraphs: [
      `Hi ${buyer.firstName}, thank you for your purchase.`,
      `Pass: ${purchase.name} (${what})`,
      `Paid: ${formatDollars(purchase.amountCents)} (${formatDollars(purchase.priceCents)}${purchase.discountCents > 0 ? ` less a ${formatDollars(purchase.discountCents)} promo code discount` : ''} plus a ${formatDollars(purchase.serviceFeeCents)} service fee)${paidWith(purchase, coachName)}.`,
      ...(validity ? [validity] : []),
      "Book a class from its page and choose to use a credit instead of paying by card. Cancel in time for a full refund under the class's cancellation policy and the credit comes back.",
    ],
    button: { label: 'Open my wallet', url: `${ctx.env.publicUrl}/wallet` },
    footnote: `Purchase #${purchase.id}. Keep this email as your receipt.`,
  });
  await deliver(ctx, 'receipt', () => ctx.mail.send({ to: buyer.email, subject: `Your receipt: ${purchase.name}`, ...content }));
}

/** Tells the holder that `credits` unused credits expire at `expiresAt`. */
export async function sendExpiryNotice(ctx: AppContext, purchase: PurchaseRow, credits: number, expiresAt: Date): Promise<void> {
  const { buyer, coachName } = await peopleOf(ctx, purchase);
  if (!buyer) return;
  const content = renderEmail({
    heading: `Your credits expire on ${formatDateLong(expiresAt)}`,
    preheader: `${creditWords(credits)} left on ${purchase.name}`,
    paragraphs: [
      `Hi ${buyer.firstName},`,
      `You have ${credits} unused ${credits === 1 ? 'credit' : 'credits'} on your ${purchase.name} with ${coachName}. ${credits === 1 ? 'It expires' : 'They expire'} on ${formatDateLong(expiresAt)} at ${formatTimePT(expiresAt)}.`,
      'Book a class that starts before then to use them: expired credits cannot be refunded.',
    ],
    button: { label: `Find a class with ${coachName}`, url: `${ctx.env.publicUrl}/coaches/${purchase.coachId}` },
  });
  await deliver(ctx, 'expiry notice', () =>
    ctx.mail.send({ to: buyer.email, subject: `Reminder: ${creditWords(credits)} left on ${purchase.name}`, ...content }),
  );
}

/** The admin's refund of the unused credits, told to the holder. */
export async function sendRefundNotice(
  ctx: AppContext,
  purchase: PurchaseRow,
  credits: number,
  refundCents: number,
  creditCents = 0,
): Promise<void> {
  const { buyer, coachName } = await peopleOf(ctx, purchase);
  const back = [
    ...(refundCents > 0 || creditCents === 0 ? [`${formatDollars(refundCents)} to your original payment method`] : []),
    ...(creditCents > 0 ? [`${formatDollars(creditCents)} as credit with ${coachName} (the part your credit paid)`] : []),
  ].join(' and ');
  if (!buyer) return;
  const content = renderEmail({
    heading: `Refunded: ${purchase.name}`,
    paragraphs: [
      `Hi ${buyer.firstName},`,
      `Your ${purchase.name} has been ended and its ${credits} unused ${credits === 1 ? 'credit' : 'credits'} refunded: ${back}.${refundCents > 0 ? ' Refunds take 3-5 business days to appear.' : ''}`,
      'Classes you already booked with it stay booked.',
    ],
    button: { label: 'Open my wallet', url: `${ctx.env.publicUrl}/wallet` },
  });
  await deliver(ctx, 'refund', () => ctx.mail.send({ to: buyer.email, subject: `Refund: ${purchase.name}`, ...content }));
}
