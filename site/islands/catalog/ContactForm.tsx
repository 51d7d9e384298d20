// /contact form island: the spec's validation messages (the same valibot schema the API uses), Sending...,
// and a success screen with Send Another Message.
import { tagReact } from '../../lib/astro-react';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { ContactMessage } from '../../../api/contact/model';
import { Icon } from '../../components/catalog/icons';

type Field = 'name' | 'email' | 'subject' | 'message';
const EMPTY = { name: '', email: '', subject: '', message: '' };

function fieldErrors(values: typeof EMPTY): Partial<Record<Field, string>> {
  const result = v.safeParse(ContactMessage, values);
  if (result.success) return {};
  const flat = v.flatten<typeof ContactMessage>(result.issues).nested ?? {};
  return Object.fromEntries(Object.entries(flat).map(([key, messages]) => [key, messages?.[0]])) as Partial<Record<Field, string>>;
}

export default function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [failure, setFailure] = useState<string | null>(null);

  const update = (field: Field) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: fieldErrors(next)[field] }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found = fieldErrors(values);
    setErrors(found);
    const first = (['name', 'email', 'subject', 'message'] as Field[]).find((f) => found[f]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`#contact-${first}`)?.focus();
      return;
    }
    setStatus('sending');
    try {
      const response = await fetch('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(values) });
      const body = (await response.json().catch(() => null)) as { message?: string; errors?: Partial<Record<Field, string[]>> } | null;
      if (!response.ok) {
        if (body?.errors) setErrors(Object.fromEntries(Object.entries(body.errors).map(([k, m]) => [k, m?.[0]])));
        throw new Error(body?.message || 'Failed to send message');
      }
      setStatus('sent');
      setValues(EMPTY);
    } catch (error) {
      console.error(error);
      setFailure(error instanceof Error && error.message ? error.message : 'Failed to send message');
      setStatus('editing');
    }
  }

  if (status === 'sent') {
    return (
      <div className="card p-8 text-center" role="status">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-200">
          <Icon name="check" className="h-7 w-7" />
        </span>
        <h2 className="mt-4 text-2xl font-bold">Message Sent!</h2>
        <p className="mt-2 text-fog-700 dark:text-fog-300">Thanks for reaching out. Our support team replies within 24 hours.</p>
        <button type="button" className="btn-primary mt-6" onClick={() => setStatus('editing')}>Send Another Message</button>
      </div>
    );
  }

  const input = (field: Field, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div>
      <label htmlFor={`contact-${field}`} className="label">{label}</label>
      <input id={`contact-${field}`} name={field} className="input" value={values[field]} onChange={update(field)} aria-invalid={Boolean(errors[field])} aria-describedby={errors[field] ? `contact-${field}-error` : undefined} {...props} />
      {errors[field] && <p id={`contact-${field}-error`} className="field-error">{errors[field]}</p>}
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="card space-y-4 p-6" aria-label="Contact form">
      <div className="grid gap-4 sm:grid-cols-2">
        {input('name', 'Name', { autoComplete: 'name' })}
        {input('email', 'Email', { type: 'email', autoComplete: 'email' })}
      </div>
      {input('subject', 'Subject')}
      <div>
        <label htmlFor="contact-message" className="label">Message</label>
        <textarea id="contact-message" name="message" rows={6} className="input" value={values.message} onChange={update('message')} aria-invalid={Boolean(errors.message)} aria-describedby={errors.message ? 'contact-message-error' : undefined} />
        {errors.message && <p id="contact-message-error" className="field-error">{errors.message}</p>}
      </div>
      {failure && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">{failure}</p>}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={status === 'sending'}>
        {status === 'sending' ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}

tagReact(ContactForm);
