// A membership's emails: the first period's receipt, each renewal's receipt, a failed renewal (with the link to
// pay with another card), the cancellation and the pause, each sent by the one write that made the change. Best
// effort: a mail failure never undoes a payment.
import { eq } from 'drizzle-orm';
import { type passPurchases, users } from '../../../db/schema';
import type { AppContext } from '../../context';
import { formatDollars } from '../../../common/money';
import { formatDateLong } from '../../../common/pacific';
import { renderEmail } from '../../mail-templates';

type PurchaseRow = typeof passPurchases.$inferSelect;

async function deliver(ctx: AppContext, what: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    console.error(`[memberships] the ${what} email could not be sent`, error);
  }
}

async function peopleOf(ctx: AppContext, purchase: PurchaseRow) {
  const columns = { email: users.email, firstName: users.firstName, lastName: users.lastName };
  const [member, coach] = await Promise.all([
    ctx.db.select(columns).from(users).where(eq(users.id, purchase.userId)).get(),
    ctx.db.select(columns).from(users).where(eq(users.id, purchase.coachId)).get(),
  ]);
  return { member, coachName: coach ? `${coach.firstName} ${coach.lastName}`.trim() : 'your coach' };
}

/** "5 classes every month" or "unlimited classes every week". */
function allowance(purchase: PurchaseRow): string {
  const every = purchase.billingPeriod === 'week' ? 'every week' : 'every month';
  if (purchase.credits === null) return `unlimited classes ${every}`;
  return `${purchase.credits} ${purchase.credits === 1 ? 'class' : 'classes'} ${every}`;
}

function paidLine(purchase: PurchaseRow): string {
  return `Paid: ${formatDollars(purchase.amountCents)} (${formatDollars(purchase.priceCents)} plus a ${formatDollars(purchase.serviceFeeCents)} service fee).`;
}

const walletUrl = (ctx: AppContext, purchase: PurchaseRow) => `${ctx.env.publicUrl}/wallet?highlight=${purchase.id}`;

function periodLine(purchase: PurchaseRow): string {
  const credits =
    purchase.credits === null
      ? 'Book as many classes as you like'
      : `Your ${purchase.credits} ${purchase.credits === 1 ? 'credit' : 'credits'} for this period can be used`;
  return `${credits} until ${formatDateLong(purchase.currentPeriodEnd)}${purchase.credits === null ? '' : ' (unused credits do not roll over)'}. It renews on ${formatDateLong(purchase.currentPeriodEnd)} for ${formatDollars(purchase.amountCents)} until you cancel.`;
}

/** The first period paid: the membership is on. */
export async function sendMembershipReceipt(ctx: AppContext, purchase: PurchaseRow): Promise<void> {
  const { member, coachName } = await peopleOf(ctx, purchase);
  if (!member) return;
  const content = renderEmail({
    heading: `Welcome to ${purchase.name}`,
    preheader: `${formatDollars(purchase.amountCents)} · ${allowance(purchase)} with ${coachName}`,
    paragraphs: [
      `Hi ${member.firstName}, your membership with ${coachName} has started: ${allowance(purchase)}.`,
      paidLine(purchase),
      periodLine(purchase),
      'Cancel or pause any time from your wallet: cancelling keeps the period you have paid for.',
    ],
    button: { label: 'Open my wallet', url: walletUrl(ctx, purchase) },
    footnote: `Membership #${purchase.id}. Keep this email as your receipt.`,
  });
  await deliver(ctx, 'receipt', () => ctx.mail.send({ to: member.email, subject: `Your receipt: ${purchase.name}`, ...content }));
}

/** A renewal paid (on time, after a pause, or with a new card after a failed one). */
export async function sendRenewalReceipt(ctx: AppContext, purchase: PurchaseRow): Promise<void> {
  const { member, coachName } = await peopleOf(ctx, purchase);
  if (!member) return;
  const content = renderEmail({
    heading: `Renewed: ${purchase.name}`,
    preheader: `${formatDollars(purchase.amountCents)} · until ${formatDateLong(purchase.currentPeriodEnd)}`,
    paragraphs: [
      `Hi ${member.firstName}, your membership with ${coachName} has renewed for another ${purchase.billingPeriod === 'week' ? 'week' : 'month'}: ${allowance(purchase)}.`,
      paidLine(purchase),
      `Period: ${formatDateLong(purchase.currentPeriodStart)} to ${formatDateLong(purchase.currentPeriodEnd)}.`,
      periodLine(purchase),
    ],
    button: { label: 'Open my wallet', url: walletUrl(ctx, purchase) },
    footnote: `Membership #${purchase.id}. Keep this email as your receipt.`,
  });
  await deliver(ctx, 'renewal receipt', () =>
    ctx.mail.send({ to: member.email, subject: `Your renewal receipt: ${purchase.name}`, ...content }),
  );
}

/** A renewal the card declined: past due until another card pays it. */
export async function sendRenewalFailed(ctx: AppContext, purchase: PurchaseRow, reason: string | null): Promise<void> {
  const { member, coachName } = await peopleOf(ctx, purchase);
  if (!member) return;
  const content = renderEmail({
    heading: 'Your membership renewal did not go through',
    preheader: `Update your card to keep booking with ${purchase.name}`,
    paragraphs: [
      `Hi ${member.firstName}, we could not charge ${formatDollars(purchase.amountCents)} for the renewal of ${purchase.name} with ${coachName}${reason ? `: ${reason}` : '.'}`,
      'Until it is paid you cannot book with this membership. Update your card in your wallet: the renewal is charged to it at once and you can book again straight away.',
      'If you would rather stop, you can cancel the membership from your wallet instead.',
    ],
    button: { label: 'Update my card', url: walletUrl(ctx, purchase) },
    footnote: `Membership #${purchase.id}.`,
  });
  await deliver(ctx, 'failed renewal', () =>
    ctx.mail.send({ to: member.email, subject: `Action needed: update your card for ${purchase.name}`, ...content }),
  );
}

/** Cancelled by the member: it runs to the end of the paid period, then stops. */
export async function sendCancellation(ctx: AppContext, purchase: PurchaseRow): Promise<void> {
  const { member, coachName } = await peopleOf(ctx, purchase);
  if (!member) return;
  const ends = formatDateLong(purchase.currentPeriodEnd);
  const content = renderEmail({
    heading: `${purchase.name} is cancelled`,
    preheader: purchase.status === 'paused' ? 'Nothing more will be charged.' : `It ends on ${ends}. Nothing more will be charged.`,
    paragraphs: [
      `Hi ${member.firstName}, your membership with ${coachName} is cancelled, as you asked.`,
      purchase.status === 'active'
        ? `You have paid until ${ends}: you can keep booking with it until then. It will not renew, and nothing more will be charged.`
        : purchase.status === 'past_due'
          ? `The unpaid renewal will not be charged again, and the membership ends on ${ends}. Nothing more will be charged.`
          : 'It stays paused and will not renew. Nothing more will be charged.',
      'Changed your mind? You can buy the membership again from the coach’s page at any time.',
    ],
    button: { label: 'Open my wallet', url: walletUrl(ctx, purchase) },
    footnote: `Membership #${purchase.id}.`,
  });
  await deliver(ctx, 'cancellation', () =>
    ctx.mail.send({
      to: member.email,
      subject: purchase.status === 'paused' ? `Cancelled: ${purchase.name}` : `Cancelled: ${purchase.name} (ends ${ends})`,
      ...content,
    }),
  );
}

/** A pause booked: from the end of the paid period, for the weeks asked; the renewal moves with it. */
export async function sendPauseConfirmation(ctx: AppContext, purchase: PurchaseRow): Promise<void> {
  const { member, coachName } = await peopleOf(ctx, purchase);
  if (!member || !purchase.pausedAt || !purchase.pauseEndsAt) return;
  const content = renderEmail({
    heading: `${purchase.name} will pause on ${formatDateLong(purchase.pausedAt)}`,
    preheader: `Back on ${formatDateLong(purchase.pauseEndsAt)}`,
    paragraphs: [
      `Hi ${member.firstName}, your membership with ${coachName} is set to pause.`,
      `You keep booking with it until ${formatDateLong(purchase.pausedAt)}, the end of the period you have paid for. From then until ${formatDateLong(purchase.pauseEndsAt)} it is paused: nothing is charged and you cannot book with it.`,
      `It renews on ${formatDateLong(purchase.pauseEndsAt)} for ${formatDollars(purchase.amountCents)}, and every renewal after that moves by the same weeks.`,
    ],
    button: { label: 'Open my wallet', url: walletUrl(ctx, purchase) },
    footnote: `Membership #${purchase.id}.`,
  });
  await deliver(ctx, 'pause confirmation', () =>
    ctx.mail.send({ to: member.email, subject: `Paused from ${formatDateLong(purchase.pausedAt)}: ${purchase.name}`, ...content }),
  );
}
