// Contact messages: stored, then emailed to support through the mail provider.
import { contactMessages } from '../../db/schema';
import type { AppContext } from '../context';
import type { ContactMessage } from './model';

export const SUPPORT_EMAIL = 'support@fogline.test';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function sendContactMessage(ctx: AppContext, input: ContactMessage): Promise<{ id: number }> {
  const [row] = await ctx.db.write((tx) => tx.insert(contactMessages).values(input).returning({ id: contactMessages.id }));
  const lines = [`From: ${input.name} <${input.email}>`, `Subject: ${input.subject}`, '', input.message];
  await ctx.mail.send({
    to: SUPPORT_EMAIL,
    subject: `Contact form: ${input.subject}`,
    text: lines.join('\n'),
    html: `<p><strong>From:</strong> ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;</p><p><strong>Subject:</strong> ${escapeHtml(input.subject)}</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
  });
  return { id: row!.id };
}
