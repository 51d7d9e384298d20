// Sign In card (customer-areas §2): email and password, Forgot password?, Continue with Google; on success
// waits 100 ms, then goes to the redirect parameter or home.
import { type FormEvent, useState } from 'react';
import { LoginBody } from '../../../api/auth/model';
import { safeRedirectPath } from '../../../api/auth/redirect';
import { apiPost, errorMessage } from '../../lib/api-client';
import { $user, type CurrentUser } from '../../lib/stores/session';
import { Field, FormAlert, GoogleButton, PasswordField, SubmitButton, serverFieldErrors, useForm, wait } from './form-kit';

export const AFTER_SIGN_IN_DELAY_MS = 100;

export function SignInCard({ role, redirect, onForgot }: { role: string; redirect: string | null; onForgot: () => void }) {
  const form = useForm(LoginBody, { email: '', password: '' });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const data = form.check(event.currentTarget);
    if (!data) return;
    setPending(true);
    try {
      $user.set(await apiPost<CurrentUser>('/api/login', data));
      await wait(AFTER_SIGN_IN_DELAY_MS);
      window.location.assign(safeRedirectPath(redirect));
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      setFailure(errorMessage(error, 'Login failed. Please check your credentials and try again.'));
      setPending(false);
    }
  }

  return (
    <div>
      <h2 className="text-xl font-bold">Welcome back</h2>
      <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Sign in to book classes and manage your account.</p>
      <form noValidate onSubmit={submit} className="mt-5 space-y-4" aria-label="Sign in">
        <FormAlert message={failure} />
        <Field label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...form.bind('email')} />
        <div>
          <PasswordField label="Password" autoComplete="current-password" {...form.bind('password')} />
          <div className="mt-2 text-right">
            <button type="button" onClick={onForgot} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
              Forgot password?
            </button>
          </div>
        </div>
        <SubmitButton pending={pending} label="Sign In" pendingLabel="Signing In..." />
      </form>
      <GoogleButton role={role} redirect={redirect} />
    </div>
  );
}
