// POST /api/contact: validated (customer-areas §5), stored, emailed to support, rate-limited per address.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppContext } from '../context';
import { ContactMessage, ContactSent } from './model';
import { clientAddress } from '../lib/client-address';
import { sendContactMessage } from './service';

export function contactRoutes(ctx: AppContext) {
  return new Elysia().post(
    '/contact',
    async ({ body, request, set }) => {
      await ctx.rateLimits.reserve('Too many messages sent. Please try again in a few minutes.', [
        'contactPerAddress',
        clientAddress(request.headers),
      ]);
      const { id } = await sendContactMessage(ctx, body);
      set.status = 201;
      return { id, message: "Thanks for reaching out! We'll get back to you within 24 hours." };
    },
    {
      body: ContactMessage,
      response: {
        201: ContactSent,
        400: v.object({ message: v.string(), errors: v.optional(v.record(v.string(), v.array(v.string()))) }),
        429: v.object({ message: v.string() }),
      },
      detail: { tags: ['Contact'], summary: 'Send a message to support (name, email, subject, message); 5 per 10 minutes per address' },
    },
  );
}
