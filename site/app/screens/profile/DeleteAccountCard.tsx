// Leaving Fogline (customers): a danger card on the Security tab and a confirmation dialog that says what is
// erased and what is kept, asks the password (Google-only accounts just confirm) and calls DELETE /api/users/me.
import { useState } from 'react';
import { DeleteAccountBody } from '../../../../api/users/model';
import Modal from '../../components/Modal';
import { FormAlert, PasswordField, SubmitButton, useForm } from '../../../lib/form';
import { api, unwrap } from '../../../lib/api';
import type { CurrentUser } from '../../../lib/stores/session';

export function DeleteAccountCard({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const goHome = () => window.location.assign('/');
  const form = useForm(DeleteAccountBody, { password: '' });
  const submit = form.submit(
    async ({ password }) => {
      await unwrap(api.users.me.delete(user.hasPassword ? { password } : {}));
      // The server cleared the cookie. The dialog says it is done and leads home with a full page load; the user
      // store is left alone meanwhile, or the app would send the page to /auth first.
      setDeleted(true);
    },
    { fallback: 'Your account could not be deleted. Please try again.' },
  );

  return (
    <section aria-labelledby="delete-account-title" className="mt-10 rounded-xl border border-red-200 p-5 dark:border-red-900">
      <h3 id="delete-account-title" className="text-lg font-semibold text-red-700 dark:text-red-300">
        Delete account
      </h3>
      <p className="mt-1 text-sm text-fog-700 dark:text-fog-300">
        Erases your name, email, phone, photo and sign-in for good. Past bookings and payments stay, without your details, for the coaches'
        and our books.{' '}
        <a href="/privacy#delete" className="text-brand-700 underline dark:text-brand-300">
          What is kept
        </a>
      </p>
      <button type="button" className="btn-danger mt-4 w-full sm:w-auto" onClick={() => setOpen(true)}>
        Delete Account
      </button>
      <Modal
        open={deleted}
        onClose={goHome}
        title="Account deleted"
        description="Your account and personal details have been deleted. Thank you for the classes."
      >
        <button type="button" className="btn-primary w-full sm:w-auto" onClick={goHome}>
          Go to the Home Page
        </button>
      </Modal>
      <Modal
        open={open && !deleted}
        onClose={() => !form.pending && setOpen(false)}
        title="Delete your account?"
        description={
          <>
            <p>This cannot be undone. You will be signed out and nobody can sign in to this account again.</p>
            <p className="mt-2">Cancel any upcoming bookings on My Bookings first, so you get the refund they are due.</p>
          </>
        }
      >
        <form noValidate onSubmit={submit} aria-label="Delete account" className="space-y-4">
          {/* A field error shows under its field; anything else (upcoming bookings) above the form. */}
          <FormAlert message={form.errors.password ? null : form.failure} />
          {user.hasPassword && <PasswordField label="Password" autoComplete="current-password" {...form.bind('password')} />}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)} disabled={form.pending}>
              Keep Account
            </button>
            <SubmitButton pending={form.pending} label="Delete My Account" pendingLabel="Deleting..." className="btn-danger" />
          </div>
        </form>
      </Modal>
    </section>
  );
}
