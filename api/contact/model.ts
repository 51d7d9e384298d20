// The contact form's message (a missing field reads as empty, so it gets its own message), with the spec's validation texts (customer-areas §5); the site's form uses it too.
import * as v from 'valibot';
import { strictFields, withExample } from '../../common/schema';

const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  v.pipe(v.optional(v.string(tooShort), ''), v.trim(), v.minLength(min, tooShort), v.maxLength(max, tooLong));

export const ContactMessage = withExample(
  strictFields({
    name: text(2, 100, 'Name must be at least 2 characters', 'Name must not exceed 100 characters'),
    email: v.pipe(
      v.optional(v.string('Please enter a valid email address'), ''),
      v.trim(),
      v.email('Please enter a valid email address'),
      v.maxLength(254, 'Please enter a valid email address'),
    ),
    subject: text(5, 200, 'Subject must be at least 5 characters', 'Subject must not exceed 200 characters'),
    message: text(10, 5000, 'Message must be at least 10 characters', 'Message must not exceed 5000 characters'),
  }),
  {
    name: 'Riley Park',
    email: 'riley.park@example.com',
    subject: 'Private group session',
    message: 'Could Maya run a private yoga session for eight colleagues in May?',
  },
);
export type ContactMessage = v.InferOutput<typeof ContactMessage>;

export const ContactSent = v.object({ id: v.number(), message: v.string() });
