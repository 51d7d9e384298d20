// Reset password with the emailed token, as the card on /auth?tab=reset (to sign-in after 3 s) and as the
// /reset-password page (Continue to Login, or Request New Reset Link when the link is invalid).
import { useEffect, useState } from 'react';
import { ResetPasswordCardForm, ResetPasswordPageForm } from '../../../api/auth/model';
import { api, unwrap } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import { FormAlert, PasswordField, SubmitButton, useForm } from '../../lib/form';
import { ResultView } from './auth-parts';

const REDIRECT_AFTER_RESET_MS = 3000;
const LOGIN = '/auth?tab=login';

const COPY = {
  card: { missingToken: 'Invalid reset token', success: LOGIN, schema: ResetPasswordCardForm },
  page: { missingToken: 'Invalid reset link. Please request a new password reset.', success: '/login', schema: ResetPasswordPageForm },
};

function InvalidLink({ message }: { message: string }) {
  return (
    <ResultView tone="error" title="Invalid Reset Link">
      <p className="mt-2 text-sm text-fog-700 dark:text-fog-300">{message}</p>
      <a href="/forgot-password" className="btn-primary mt-6 w-full">
        Request New Reset Link
      </a>
      <a href="/auth?tab=login" className="btn-ghost mt-2 w-full">
        Back to Login
      </a>
    </ResultView>
  );
}

export function ResetPasswordForm({ variant, token }: { variant: 'card' | 'page'; token: string | null }) {
  const copy = COPY[variant];
  const form = useForm(copy.schema, { newPassword: '', confirmPassword: '' });
  const [invalidLink, setInvalidLink] = useState<string | null>(variant === 'page' && !token ? copy.missingToken : null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done || variant !== 'card') return;
    const timer = setTimeout(() => window.location.assign(LOGIN), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [done, variant]);

  const submit = form.submit(
    async ({ newPassword }) => {
      if (!token) throw new Error(copy.missingToken);
      await unwrap(api.auth['reset-password'].post({ token, newPassword }));
      setDone(true);
    },
    {
      fallback: 'Failed to reset password',
      onError: (message, error) => {
        if (!(error instanceof ApiError)) form.setFailure(token ? 'Network error. Please try again.' : copy.missingToken);
        else if (variant === 'page' && error.errors?.token) setInvalidLink(message);
        else form.setFailure(message);
      },
    },
  );

  if (invalidLink) return <InvalidLink message={invalidLink} />;

  if (done) {
    return (
      <ResultView title="Password Reset Successfully">
        <p className="mt-2 text-sm text-fog-700 dark:text-fog-300">
          Your password has been changed. {variant === 'card' ? 'Taking you to sign in…' : 'You can now sign in with your new password.'}
        </p>
        <a href={copy.success} className="btn-primary mt-6 w-full">
          Continue to Login
        </a>
      </ResultView>
    );
  }

  return (
    <div>
      <h2 className="text-xl font-bold">Reset Password</h2>
      <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Choose a new password for your account.</p>
      <form noValidate onSubmit={submit} className="mt-5 space-y-4" aria-label="Reset password">
        <FormAlert message={form.failure ?? (variant === 'card' && !token ? copy.missingToken : null)} />
        <PasswordField label="New Password" autoComplete="new-password" {...form.bind('newPassword')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...form.bind('confirmPassword')} />
        <SubmitButton pending={form.pending} label="Reset Password" pendingLabel="Resetting Password..." />
        <a href={LOGIN} className="btn-ghost w-full">
          Back to Login
        </a>
      </form>
    </div>
  );
}
