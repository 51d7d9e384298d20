// Contact messages: stored, then emailed to support through the mail provider; a per-address rate limit.
import { contactMessages } from '../../db/schema';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import type { Clock } from '../lib/clock';
import type { ContactMessage } from './model';

export const SUPPORT_EMAIL = 'support@fogline.test';
export const CONTACT_LIMIT = { messages: 5, windowMs: 10 * 60 * 1000 };

/** A fixed-window counter per key (client address), held in memory for the server's lifetime. */
export function createRateLimiter(clock: Clock, limit = CONTACT_LIMIT.messages, windowMs = CONTACT_LIMIT.windowMs) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one attempt; throws 429 with Retry-After when the key is over its limit. */
    hit(key: string): void {
      const now = clock.now().getTime();
      if (windows.size > 10_000) for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      const current = windows.get(key);
      if (!current || now - current.start >= windowMs) {
        windows.set(key, { start: now, count: 1 });
        return;
      }
      current.count++;
      if (current.count > limit) {
        const retryAfter = Math.ceil((current.start + windowMs - now) / 1000);
        throw new DomainError(429, 'Too many messages sent. Please try again in a few minutes.', undefined, { 'retry-after': String(retryAfter) });
      }
    },
  };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
