// Schemas of the account calls that live in api/users (the profile's ones are in api/auth/model.ts).
import * as v from 'valibot';
import { fields, withExample } from '../../common/schema';

/** DELETE /api/users/me: the password confirms it (accounts that sign in only with Google have none to give). */
export const DeleteAccountBody = withExample(
  fields({ password: v.optional(v.pipe(v.string(), v.maxLength(200, 'The password is too long'))) }),
  { password: 'demo-password' },
);
export type DeleteAccountBody = v.InferOutput<typeof DeleteAccountBody>;
