// The waitlist emails: an offer (which spots are held, until when in Pacific time, the price, and where to
// answer), and the class cancelled while the person was waiting.
import type { classes, users } from '../../db/schema';
import { deliver, whenOf, whereOf } from './booking-emails';
import type { AppContext } from '../context';
import { formatDollars } from '../../common/money';
import { formatDateLong, formatTimePT } from '../../common/pacific';
import { spotCount } from '../../common/plural';
import { renderEmail } from '../mail-templates';
import { type EntryRow, entryIs } from '../spots/entry-states';
import { claimOfferAnnouncement, closeWaitlists, unannouncedOffers } from '../spots/release';

type ClassRow = typeof classes.$inferSelect;
type UserRow = Pick<typeof users.$inferSelect, 'email' | 'firstName'>;

const WHY_THIS_EMAIL = 'You got this email because you joined the waitlist for this class on Fogline.';

/** Where the person answers an offer: the Waitlist tab of My Bookings. */
const waitlistUrl = (ctx: AppContext) => `${ctx.env.publicUrl}/bookings?tab=waitlist`;

function offerEmail(
  ctx: AppContext,
  entry: Pick<EntryRow, 'quantity' | 'offerExpiresAt'>,
  cls: ClassRow,
  user: UserRow,
  amountCents: number,
) {
  const spots = spotCount(entry.quantity);
  const deadline = entry.offerExpiresAt!;
  const until = `${formatDateLong(deadline)} at ${formatTimePT(deadline)}`;
  const content = renderEmail({
    heading: `A spot opened up: ${cls.title}`,
    preheader: `Held for you until ${until}`,
    paragraphs: [
      `Hi ${user.firstName}, good news from the waitlist: ${spots} in ${cls.title} opened up and ${entry.quantity === 1 ? 'is' : 'are'} held for you until ${until}.`,
      `When: ${whenOf(cls)}`,
      `Where: ${whereOf(cls)}`,
      amountCents > 0
        ? `Price: ${formatDollars(amountCents)} for ${spots}, service fee included. Nothing is charged unless you accept and complete checkout.`
        : 'This class is free: accepting books your spots at once.',
      `If you do not answer by ${until}, the ${entry.quantity === 1 ? 'spot passes' : 'spots pass'} to the next person on the waitlist.`,
    ],
    button: { label: 'Accept or decline', url: waitlistUrl(ctx) },
    footnote: WHY_THIS_EMAIL,
  });
  return { to: user.email, subject: `A spot opened up: ${cls.title}`, ...content };
}

export function sendOfferEmail(
  ctx: AppContext,
  entry: Pick<EntryRow, 'quantity' | 'offerExpiresAt'>,
  cls: ClassRow,
  user: UserRow,
  amountCents: number,
): Promise<void> {
  return deliver(ctx, () => ctx.mail.send(offerEmail(ctx, entry, cls, user, amountCents)));
}

/** The class was deleted while the person was waiting (or held an offer): they are off its waitlist. */
function waitlistClosedEmail(ctx: AppContext, entry: Pick<EntryRow, 'status'>, cls: ClassRow, user: UserRow) {
  const content = renderEmail({
    heading: `Class cancelled: ${cls.title}`,
    paragraphs: [
      `Hi ${user.firstName},`,
      'We are sorry: the coach had to cancel this class, so you are no longer on its waitlist.',
      `Class: ${cls.title}, ${whenOf(cls)}`,
      entryIs(entry, ['offered']) ? 'The spots held for you are released. Nothing was charged.' : 'Nothing was charged.',
    ],
    button: { label: 'Browse classes', url: `${ctx.env.publicUrl}/classes` },
    footnote: WHY_THIS_EMAIL,
  });
  return { to: user.email, subject: `Class cancelled: ${cls.title}`, ...content };
}

export function sendWaitlistClosedEmail(ctx: AppContext, entry: Pick<EntryRow, 'status'>, cls: ClassRow, user: UserRow): Promise<void> {
  return deliver(ctx, () => ctx.mail.send(waitlistClosedEmail(ctx, entry, cls, user)));
}

/** Emails every offer not yet announced, each once however many processes call this at once (the domain
 * claims each before it is sent). api/app.ts wires it as ctx.announceOffers, so every write that makes offers
 * announces them once it commits; the timed waitlist sweep calls it too. */
export async function announceNewOffers(ctx: AppContext): Promise<void> {
  for (const { entry, cls, user, amountCents } of await unannouncedOffers(ctx)) {
    if (await claimOfferAnnouncement(ctx, entry)) await sendOfferEmail(ctx, entry, cls, user, amountCents);
  }
}

/** The classes are going away (deleted): everyone still waiting for them (or holding an offer) leaves the
 * waitlist, and each entry this call ended is emailed once, as the cancelled bookings are. */
export async function closeWaitlistsAndTell(ctx: AppContext, classIds: number[]): Promise<void> {
  for (const { entry, cls, user } of await closeWaitlists(ctx, classIds)) await sendWaitlistClosedEmail(ctx, entry, cls, user);
}
