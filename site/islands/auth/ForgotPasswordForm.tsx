// Forgot password, as the card on /auth (Back to Sign In) and as the /forgot-password page (Try Again,
// Back to Login): their own validation messages, the same call and the same Check Your Email view.
import { useState } from 'react';
import { ForgotPasswordBody, ForgotPasswordPageForm } from '../../../api/auth/model';
import { api, unwrap } from '../../lib/api';
import { Field, FormAlert, SubmitButton, useForm } from '../../lib/form';
import { ResultView } from './auth-parts';

export function ForgotPasswordForm({ variant, onBack }: { variant: 'card' | 'page'; onBack?: () => void }) {
  const form = useForm(variant === 'card' ? ForgotPasswordBody : ForgotPasswordPageForm, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = form.submit(
    async ({ email }) => {
      await unwrap(api.auth['forgot-password'].post({ email }));
      setSentTo(email);
    },
    { fallback: 'Failed to send reset email' },
  );

  const back =
    variant === 'card' ? (
      <button type="button" onClick={onBack} className="btn-ghost w-full">
        Back to Sign In
      </button>
    ) : (
      <a href="/auth?tab=login" className="btn-ghost w-full">
        Back to Login
      </a>
    );

  if (sentTo) {
    return (
      <ResultView title="Check Your Email">
        <p className="mt-2 text-sm text-fog-700 dark:text-fog-300">
          We sent a password reset link to <strong className="font-semibold text-fog-900 dark:text-white">{sentTo}</strong>.
        </p>
        <p className="mt-2 text-sm text-fog-600 dark:text-fog-400">If you don't see it in a few minutes, check your spam folder.</p>
        <p className="mt-2 text-sm text-fog-600 dark:text-fog-400">The link expires in 1 hour.</p>
        <div className="mt-6 space-y-2">
          {variant === 'page' && (
            <button type="button" className="btn-primary w-full" onClick={() => setSentTo(null)}>
              Try Again
            </button>
          )}
          {back}
        </div>
      </ResultView>
    );
  }

  return (
    <div>
      <h2 className="text-xl font-bold">Forgot Password</h2>
      <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Enter your email and we'll send you a link to reset your password.</p>
      <form noValidate onSubmit={submit} className="mt-5 space-y-4" aria-label="Forgot password">
        <FormAlert message={form.failure} />
        <Field label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...form.bind('email')} />
        <SubmitButton pending={form.pending} label="Send Reset Link" pendingLabel="Sending Reset Link..." />
        {back}
      </form>
    </div>
  );
}
