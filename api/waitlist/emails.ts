// The waitlist emails: an offer (which spots are held, until when in Pacific time, the price, and where to
// answer), and the class cancelled while the person was waiting.
import type { classes, users } from '../../db/schema';
import { deliver, whenOf, whereOf } from '../bookings/emails';
import type { AppContext } from '../context';
import { formatDollars } from '../lib/money';
import { formatDateLong, formatTimePT } from '../lib/pacific';
import { spotCount } from '../lib/plural';
import { renderEmail } from '../mail-templates';
import type { EntryRow } from '../spots/entry-states';

type ClassRow = typeof classes.$inferSelect;
type UserRow = Pick<typeof users.$inferSelect, 'email' | 'firstName'>;

const WHY_THIS_EMAIL = 'You got this email because you joined the waitlist for this class on Fogline.';

/** Where the person answers an offer: the Waitlist tab of My Bookings. */
const waitlistUrl = (ctx: AppContext) => `${ctx.env.publicUrl}/bookings?tab=waitlist`;

function offerEmail(ctx: AppContext, entry: Pick<EntryRow, 'quantity' | 'offerExpiresAt'>, cls: ClassRow, user: UserRow, amountCents: number) {
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

export function sendOfferEmail(ctx: AppContext, entry: Pick<EntryRow, 'quantity' | 'offerExpiresAt'>, cls: ClassRow, user: UserRow, amountCents: number): Promise<void> {
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
      entry.status === 'offered' ? 'The spots held for you are released. Nothing was charged.' : 'Nothing was charged.',
    ],
    button: { label: 'Browse classes', url: `${ctx.env.publicUrl}/classes` },
    footnote: WHY_THIS_EMAIL,
  });
  return { to: user.email, subject: `Class cancelled: ${cls.title}`, ...content };
}

export function sendWaitlistClosedEmail(ctx: AppContext, entry: Pick<EntryRow, 'status'>, cls: ClassRow, user: UserRow): Promise<void> {
  return deliver(ctx, () => ctx.mail.send(waitlistClosedEmail(ctx, entry, cls, user)));
}
