// /contact form island on the form kit: the spec's validation messages (the same valibot schema the API uses),
// Sending..., and a success screen with Send Another Message.
import { useState } from 'react';
import { ContactMessage } from '../../../api/contact/model';
import { Icon } from '../../components/catalog/icons';
import { api, unwrap } from '../../lib/api';
import { tagReact } from '../../lib/astro-react';
import { Field, FormAlert, SubmitButton, useForm } from '../../lib/form';

const EMPTY = { name: '', email: '', subject: '', message: '' };

export default function ContactForm() {
  const form = useForm(ContactMessage, EMPTY);
  const { bind } = form;
  const [sent, setSent] = useState(false);
  const submit = form.submit(
    async (message) => {
      await unwrap(api.contact.post(message));
      form.setValues(EMPTY);
      setSent(true);
    },
    { fallback: 'Failed to send message' },
  );

  if (sent) {
    return (
      <div className="card p-8 text-center" role="status">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-200">
          <Icon name="check" className="h-7 w-7" />
        </span>
        <h2 className="mt-4 text-2xl font-bold">Message Sent!</h2>
        <p className="mt-2 text-fog-700 dark:text-fog-300">Thanks for reaching out. Our support team replies within 24 hours.</p>
        <button type="button" className="btn-primary mt-6" onClick={() => setSent(false)}>
          Send Another Message
        </button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="card space-y-4 p-6" aria-label="Contact form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" autoComplete="name" {...bind('name')} />
        <Field label="Email" type="email" autoComplete="email" inputMode="email" {...bind('email')} />
      </div>
      <Field label="Subject" {...bind('subject')} />
      <Field as="textarea" label="Message" rows={6} {...bind('message')} />
      <FormAlert message={form.failure} />
      <SubmitButton className="btn-primary w-full sm:w-auto" pending={form.pending} label="Send Message" pendingLabel="Sending..." />
    </form>
  );
}

tagReact(ContactForm);
