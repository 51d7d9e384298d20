// Sign In card (customer-areas §2): email and password, Forgot password?, Continue with Google; on success
// waits 100 ms, then goes to the redirect parameter, else home (a coach: their dashboard).
import { LoginBody } from '../../../api/auth/model';
import { landingPath, safeRedirectPath } from '../../../common/safe-redirect';
import { api, unwrap } from '../../lib/api';
import { $user } from '../../lib/stores/session';
import { Field, FormAlert, PasswordField, SubmitButton, useForm, wait } from '../../lib/form';
import { GoogleButton } from './auth-parts';

export const AFTER_SIGN_IN_DELAY_MS = 100;

export function SignInCard({ role, redirect, onForgot }: { role: string; redirect: string | null; onForgot: () => void }) {
  const form = useForm(LoginBody, { email: '', password: '' });
  const submit = form.submit(
    async (data) => {
      const user = await unwrap(api.login.post(data));
      $user.set(user);
      await wait(AFTER_SIGN_IN_DELAY_MS);
      window.location.assign(safeRedirectPath(redirect, landingPath(user.role)));
    },
    { fallback: 'Login failed. Please check your credentials and try again.', stayPending: true },
  );

  return (
    <div>
      <h2 className="text-xl font-bold">Welcome back</h2>
      <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Sign in to book classes and manage your account.</p>
      <form noValidate onSubmit={submit} className="mt-5 space-y-4" aria-label="Sign in">
        <FormAlert message={form.failure} />
        <Field label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...form.bind('email')} />
        <div>
          <PasswordField label="Password" autoComplete="current-password" {...form.bind('password')} />
          <div className="mt-2 text-right">
            <button
              type="button"
              onClick={onForgot}
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              Forgot password?
            </button>
          </div>
        </div>
        <SubmitButton pending={form.pending} label="Sign In" pendingLabel="Signing In..." />
      </form>
      <GoogleButton role={role} redirect={redirect} />
    </div>
  );
}
