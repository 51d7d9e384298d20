// Account schemas (customer-areas §3 and §5, coach-admin-areas §5): the API validates with them and the
// site's forms import the very same ones, so every message matches word for word. Imports only valibot.
import * as v from 'valibot';
import { fields, withExample } from '../../common/schema';

/** The 19 country codes of the registration form (customer-areas §3), +1 first and default. */
export const COUNTRY_CODES = [
  { code: '+1', label: 'US/Canada' },
  { code: '+44', label: 'United Kingdom' },
  { code: '+33', label: 'France' },
  { code: '+49', label: 'Germany' },
  { code: '+39', label: 'Italy' },
  { code: '+34', label: 'Spain' },
  { code: '+31', label: 'Netherlands' },
  { code: '+41', label: 'Switzerland' },
  { code: '+46', label: 'Sweden' },
  { code: '+47', label: 'Norway' },
  { code: '+45', label: 'Denmark' },
  { code: '+61', label: 'Australia' },
  { code: '+81', label: 'Japan' },
  { code: '+82', label: 'South Korea' },
  { code: '+86', label: 'China' },
  { code: '+91', label: 'India' },
  { code: '+55', label: 'Brazil' },
  { code: '+52', label: 'Mexico' },
  { code: '+27', label: 'South Africa' },
] as const;
export const DEFAULT_COUNTRY_CODE = '+1';
const CODES = COUNTRY_CODES.map((c) => c.code) as [string, ...string[]];

/** Registration offers these roles only: an admin account can never be created from outside. */
export const REGISTRATION_ROLES = ['customer', 'coach'] as const;
export type RegistrationRole = (typeof REGISTRATION_ROLES)[number];

export const MESSAGES = {
  phoneRequired: 'Please enter a 10-digit phone number',
  phoneLength: 'Phone number must be exactly 10 digits',
  phoneDigits: 'Phone number must contain only digits',
  countryCode: 'Please select a country code',
} as const;

// ---- field schemas -------------------------------------------------------------------------------

const nameField = (label: string) =>
  v.pipe(
    v.string(`${label} must be at least 2 characters`),
    v.trim(),
    v.minLength(2, `${label} must be at least 2 characters`),
    v.maxLength(50, `${label} must not exceed 50 characters`),
  );

const registrationEmail = v.pipe(
  v.string('Please enter a valid email address'),
  v.trim(),
  v.email('Please enter a valid email address'),
  v.maxLength(100, 'Email must not exceed 100 characters'),
  v.toLowerCase(),
);

const signInEmail = v.pipe(
  v.string('Invalid email address'),
  v.trim(),
  v.email('Invalid email address'),
  v.maxLength(254, 'Invalid email address'),
  v.toLowerCase(),
);

const registrationPassword = v.pipe(
  v.string('Password must be at least 8 characters'),
  v.minLength(8, 'Password must be at least 8 characters'),
  v.maxLength(100, 'Password must not exceed 100 characters'),
);

/** The phone number as typed: 10 digits, the country code chosen separately. */
export const LocalPhone = v.pipe(
  v.string(MESSAGES.phoneRequired),
  v.nonEmpty(MESSAGES.phoneRequired),
  v.regex(/^\d+$/, MESSAGES.phoneDigits),
  v.length(10, MESSAGES.phoneLength),
);

/** Splits "+14155550123" into one of the 19 country codes and the rest (no code is a prefix of another). */
export function splitPhone(phone: string): { countryCode: string; number: string } | null {
  const countryCode = CODES.find((code) => phone.startsWith(code));
  return countryCode ? { countryCode, number: phone.slice(countryCode.length) } : null;
}

/** The registration payload's phone: country code and 10 digits joined, e.g. +14155550123. */
export const JoinedPhone = v.pipe(
  v.string(MESSAGES.phoneRequired),
  v.trim(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    if (!dataset.value) return addIssue({ message: MESSAGES.phoneRequired });
    const parts = splitPhone(dataset.value);
    if (!parts) return addIssue({ message: MESSAGES.countryCode });
    if (!/^\d*$/.test(parts.number)) return addIssue({ message: MESSAGES.phoneDigits });
    if (parts.number.length !== 10) addIssue({ message: MESSAGES.phoneLength });
  }),
);

export const joinPhone = (countryCode: string, number: string) => `${countryCode}${number}`;

// ---- request bodies ------------------------------------------------------------------------------

export const LoginBody = withExample(
  fields({
    email: signInEmail,
    password: v.pipe(v.string('Password is required'), v.nonEmpty('Password is required')),
  }),
  { email: 'customer@fogline.test', password: 'demo-password' },
);
export type LoginBody = v.InferOutput<typeof LoginBody>;

/** POST /api/register: the form's countryCode and termsAccepted are not sent (customer-areas §3). */
export const RegisterBody = withExample(
  fields({
    firstName: nameField('First name'),
    lastName: nameField('Last name'),
    email: registrationEmail,
    phone: JoinedPhone,
    password: registrationPassword,
    role: v.picklist(REGISTRATION_ROLES, 'Please select a role'),
    /** The spec's registration payload lists it; the site leaves it out (the form checked it). Accepted, not stored. */
    termsAccepted: v.optional(v.boolean('termsAccepted must be true or false')),
  }),
  {
    firstName: 'Riley',
    lastName: 'Park',
    email: 'riley.park@example.com',
    phone: '+14155550123',
    password: 'correct-horse-9',
    role: 'customer',
  },
);
export type RegisterBody = v.InferOutput<typeof RegisterBody>;

/** The Create Account form: the phone as 10 digits beside its country code, and the terms checkbox. */
export const RegisterForm = fields({
  role: v.picklist(REGISTRATION_ROLES, 'Please select a role'),
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  email: registrationEmail,
  countryCode: v.picklist(CODES, MESSAGES.countryCode),
  phone: LocalPhone,
  password: registrationPassword,
  termsAccepted: v.literal(true, 'You must accept the terms and conditions'),
});
export type RegisterForm = v.InferInput<typeof RegisterForm>;

export const ForgotPasswordBody = withExample(fields({ email: signInEmail }), { email: 'customer@fogline.test' });
export type ForgotPasswordBody = v.InferOutput<typeof ForgotPasswordBody>;

/** The standalone /forgot-password page asks for the address in its own words. */
export const ForgotPasswordPageForm = fields({
  email: v.pipe(
    v.string('Please enter your email address'),
    v.trim(),
    v.nonEmpty('Please enter your email address'),
    v.email('Please enter a valid email address'),
  ),
});

const resetPassword = (tooShort: string) =>
  v.pipe(v.string(tooShort), v.minLength(6, tooShort), v.maxLength(100, 'Password must not exceed 100 characters'));

export const ResetPasswordBody = withExample(
  fields({
    /** From the link in the reset email (/auth?tab=reset&token=...). */
    token: v.pipe(v.string('Invalid reset token'), v.nonEmpty('Invalid reset token'), v.maxLength(200, 'Invalid reset token')),
    newPassword: resetPassword('Password must be at least 6 characters'),
  }),
  { token: 'q3h8v2m5x7c4b9n1k6j0t2r8w5y3z7p4', newPassword: 'new-demo-password' },
);
export type ResetPasswordBody = v.InferOutput<typeof ResetPasswordBody>;

const matchingPasswords = (tooShort: string, mismatch: string) =>
  v.pipe(
    fields({ newPassword: resetPassword(tooShort), confirmPassword: resetPassword(tooShort) }),
    v.forward(
      v.partialCheck([['newPassword'], ['confirmPassword']], (input) => input.newPassword === input.confirmPassword, mismatch),
      ['confirmPassword'],
    ),
  );

/** The Reset Password card on /auth?tab=reset. */
export const ResetPasswordCardForm = matchingPasswords('Password must be at least 6 characters', "Passwords don't match");
/** The standalone /reset-password page (its messages differ slightly from the card's). */
export const ResetPasswordPageForm = matchingPasswords('Password must be at least 6 characters long', 'Passwords do not match');

// ---- profile and password (coach-admin-areas §5) ----------------------------------------------------

const optionalText = (max: number, message: string) =>
  v.optional(v.nullable(v.pipe(v.string(message), v.trim(), v.maxLength(max, message))));

export const ProfileBody = withExample(
  fields({
    firstName: v.pipe(
      v.string('First name is required'),
      v.trim(),
      v.nonEmpty('First name is required'),
      v.maxLength(50, 'First name must not exceed 50 characters'),
    ),
    lastName: v.pipe(
      v.string('Last name is required'),
      v.trim(),
      v.nonEmpty('Last name is required'),
      v.maxLength(50, 'Last name must not exceed 50 characters'),
    ),
    phone: v.optional(
      v.nullable(
        v.pipe(
          v.string('Please enter a valid phone number, including the country code'),
          v.trim(),
          v.regex(/^(\+?[\d\s().-]{7,24})?$/, 'Please enter a valid phone number, including the country code'),
        ),
      ),
    ),
    bio: optionalText(2000, 'Bio must not exceed 2000 characters'),
    certifications: optionalText(1000, 'Certifications must not exceed 1000 characters'),
    areasOfExpertise: v.optional(
      v.pipe(
        v.array(
          v.pipe(v.number('Please choose areas of expertise from the list'), v.integer('Please choose areas of expertise from the list')),
          'Please choose areas of expertise from the list',
        ),
        v.maxLength(20, 'Choose at most 20 areas of expertise'),
      ),
    ),
    /** The reminder email before each booked class; off means none. */
    classReminders: v.optional(v.boolean('Choose whether to get class reminders')),
    profileImage: v.optional(
      v.nullable(
        v.pipe(
          v.string('The profile picture must be an uploaded image'),
          v.trim(),
          v.maxLength(500, 'The profile picture must be an uploaded image'),
          v.regex(/^(|\/uploads\/[A-Za-z0-9_-]+\.(png|jpg|gif|webp)|https:\/\/\S+)$/, 'The profile picture must be an uploaded image'),
        ),
      ),
    ),
  }),
  { firstName: 'Casey', lastName: 'Morgan', phone: '+1 415 555 0142', classReminders: true },
);
export type ProfileBody = v.InferOutput<typeof ProfileBody>;

export const PasswordChangeBody = withExample(
  fields({
    currentPassword: v.pipe(v.string('Current password is required'), v.nonEmpty('Current password is required')),
    newPassword: registrationPassword,
  }),
  { currentPassword: 'demo-password', newPassword: 'new-demo-password-2' },
);
export type PasswordChangeBody = v.InferOutput<typeof PasswordChangeBody>;

/** The Security tab's form: the API body plus the confirmation. */
export const PasswordChangeForm = v.pipe(
  fields({ ...PasswordChangeBody.entries, confirmPassword: v.string("Passwords don't match") }),
  v.forward(
    v.partialCheck([['newPassword'], ['confirmPassword']], (input) => input.newPassword === input.confirmPassword, "Passwords don't match"),
    ['confirmPassword'],
  ),
);

// ---- answers -----------------------------------------------------------------------------------------

export const CurrentUserSchema = v.object({
  id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  profileImage: v.nullable(v.string()),
  role: v.picklist(['customer', 'coach', 'admin']),
  bio: v.nullable(v.string()),
  areasOfExpertise: v.array(v.number()),
  certifications: v.nullable(v.string()),
  isApproved: v.boolean(),
  /** Reminder emails before booked classes (turned off on the profile page). */
  classReminders: v.boolean(),
  hasPassword: v.boolean(),
  createdAt: v.string(),
});

export const GoogleStartQuery = v.object({
  role: v.optional(v.string()),
  redirect: v.optional(v.string()),
});

export const GoogleCallbackQuery = v.object({
  /** Google's one-time code, and the state this server sent with the browser to Google. */
  code: v.optional(withExample(v.string(), '4/0AVMBsJg7c2kq9x4m3vbn8w5t6y1zr0p')),
  state: v.optional(withExample(v.string(), 'p2s7d4f3gh6j5k8l9mqa7kq2m9x4c3vb')),
  error: v.optional(v.string()),
});
