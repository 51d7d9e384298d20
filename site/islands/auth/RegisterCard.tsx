// Create Account card (customer-areas §2, §5): role, names, email, country code + 10-digit phone, password,
// terms; sends the phone joined (e.g. +14155550123) without countryCode and termsAccepted. On success waits
// 100 ms, then runs onSuccess, else follows the redirect parameter or goes home.
import { useId } from 'react';
import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE, joinPhone, RegisterForm, type RegistrationRole } from '../../../api/auth/model';
import { safeRedirectPath } from '../../../common/safe-redirect';
import { api, unwrap } from '../../lib/api';
import { $user } from '../../lib/stores/session';
import { Field, FormAlert, PasswordField, SubmitButton, useForm, wait } from '../../lib/form';
import { GoogleButton } from './auth-parts';
import { AFTER_SIGN_IN_DELAY_MS } from './SignInCard';

const ROLES: { value: RegistrationRole; label: string; blurb: string }[] = [
  { value: 'customer', label: 'Customer', blurb: 'Find and book classes' },
  { value: 'coach', label: 'Coach', blurb: 'Host and teach classes' },
];

export function RegisterCard({
  defaultRole = 'customer',
  redirect = null,
  onSuccess,
  footer,
}: {
  defaultRole?: RegistrationRole;
  redirect?: string | null;
  onSuccess?: () => void;
  footer?: React.ReactNode;
}) {
  const form = useForm(RegisterForm, {
    role: defaultRole as RegistrationRole,
    firstName: '',
    lastName: '',
    email: '',
    countryCode: DEFAULT_COUNTRY_CODE as string,
    phone: '',
    password: '',
    termsAccepted: false,
  });
  const ids = { country: useId(), phone: useId(), terms: useId() };
  const { values, errors } = form;
  const submit = form.submit(
    async ({ countryCode, termsAccepted: _terms, phone, ...rest }) => {
      $user.set(await unwrap(api.register.post({ ...rest, phone: joinPhone(countryCode, phone) })));
      await wait(AFTER_SIGN_IN_DELAY_MS);
      if (onSuccess) onSuccess();
      else window.location.assign(safeRedirectPath(redirect));
    },
    { fallback: 'Registration failed. Please try again.', stayPending: true },
  );

  const phoneError = errors.phone ?? errors.countryCode;
  return (
    <div>
      <h2 className="text-xl font-bold">Create Account</h2>
      <p className="mt-1 text-sm text-fog-600 dark:text-fog-400">Join to find or host fitness classes</p>
      <form noValidate onSubmit={submit} className="mt-5 space-y-4" aria-label="Create account">
        <FormAlert message={form.failure} />
        <fieldset>
          <legend className="label">I want to join as</legend>
          <div className="grid grid-cols-2 gap-3">
            {ROLES.map((role) => (
              <label
                key={role.value}
                className={`flex cursor-pointer flex-col rounded-xl border p-3 text-sm transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 ${values.role === role.value ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600 dark:bg-brand-900' : 'border-fog-300 hover:border-fog-400 dark:border-fog-700'}`}
              >
                <span className="flex items-center gap-2 font-semibold">
                  <input
                    type="radio"
                    name="role"
                    value={role.value}
                    checked={values.role === role.value}
                    onChange={() => form.set('role', role.value)}
                    className="h-4 w-4 accent-brand-600"
                  />
                  {role.label}
                </span>
                <span className="mt-1 pl-6 text-xs text-fog-600 dark:text-fog-200">{role.blurb}</span>
              </label>
            ))}
          </div>
          {errors.role && <p className="field-error">{errors.role}</p>}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" autoComplete="given-name" {...form.bind('firstName')} />
          <Field label="Last name" autoComplete="family-name" {...form.bind('lastName')} />
        </div>
        <Field label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...form.bind('email')} />
        <div>
          <span className="label" id={ids.phone}>
            Phone number
          </span>
          <div className="flex flex-col gap-2 sm:flex-row" role="group" aria-labelledby={ids.phone}>
            <label htmlFor={ids.country} className="sr-only">
              Country code
            </label>
            <select id={ids.country} className="input shrink-0 sm:w-44" autoComplete="tel-country-code" {...form.control('countryCode')}>
              {COUNTRY_CODES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.code} {country.label}
                </option>
              ))}
            </select>
            <input
              type="tel"
              inputMode="numeric"
              maxLength={10}
              autoComplete="tel-national"
              placeholder="4155550123"
              aria-label="Phone number, 10 digits"
              aria-describedby={phoneError ? `${ids.phone}-error` : undefined}
              className="input min-w-0 flex-1"
              {...form.control('phone')}
            />
          </div>
          {phoneError && (
            <p id={`${ids.phone}-error`} className="field-error">
              {phoneError}
            </p>
          )}
        </div>
        <PasswordField label="Password" autoComplete="new-password" hint="At least 8 characters." {...form.bind('password')} />
        <div>
          <div className="flex items-start gap-3">
            <input
              id={ids.terms}
              aria-describedby={errors.termsAccepted ? `${ids.terms}-error` : undefined}
              className="mt-0.5 h-5 w-5 shrink-0 rounded accent-brand-600"
              {...form.checkbox('termsAccepted')}
            />
            <label htmlFor={ids.terms} className="text-sm text-fog-700 dark:text-fog-300">
              I agree to the{' '}
              <a href="/terms" target="_blank" rel="noopener" className="font-medium text-brand-700 underline dark:text-brand-300">
                Terms of Service
              </a>{' '}
              and{' '}
              <a href="/privacy" target="_blank" rel="noopener" className="font-medium text-brand-700 underline dark:text-brand-300">
                Privacy Policy
              </a>
            </label>
          </div>
          {errors.termsAccepted && (
            <p id={`${ids.terms}-error`} className="field-error">
              {errors.termsAccepted}
            </p>
          )}
        </div>
        <SubmitButton pending={form.pending} label="Create Account" pendingLabel="Creating Account..." />
      </form>
      <GoogleButton role={values.role} redirect={redirect} />
      {footer}
    </div>
  );
}
