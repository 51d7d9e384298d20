// Schemas of the admin account calls (coach-admin-areas §7). Imports only valibot (and the account shapes).
import * as v from 'valibot';
import { CurrentUserSchema } from '../auth/model';

/** A user as the admin dashboard lists them: the current-user shape without the profile extras. */
export const ADMIN_USER_FIELDS = ['id', 'firstName', 'lastName', 'email', 'phone', 'profileImage', 'role', 'isApproved', 'createdAt'] as const;
export const AdminUser = v.pick(CurrentUserSchema, ADMIN_USER_FIELDS);
export type AdminUser = v.InferOutput<typeof AdminUser>;

export const CoachIdParams = v.object({ id: v.string() });
