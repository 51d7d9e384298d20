// Schemas of the admin account calls (coach-admin-areas §7). Imports only valibot (and the account shapes).
import * as v from 'valibot';
import { CurrentUserSchema } from '../auth/model';
import { pathId } from '../lib/schema';

/** A user as the admin dashboard lists them: the current-user shape without the profile extras. */
export const ADMIN_USER_FIELDS = ['id', 'firstName', 'lastName', 'email', 'phone', 'profileImage', 'role', 'isApproved', 'createdAt'] as const;
export const AdminUser = v.pick(CurrentUserSchema, ADMIN_USER_FIELDS);
export type AdminUser = v.InferOutput<typeof AdminUser>;

export const CoachIdParams = v.object({ id: pathId(14) });

/** GET /api/admin/users filters: a role, approval (coaches awaiting approval: approved=false), a name or email search. */
export const AdminUserFilter = v.object({
  role: v.optional(v.picklist(['customer', 'coach', 'admin'], 'role must be customer, coach or admin.')),
  approved: v.optional(v.picklist(['true', 'false'], 'approved must be true or false.')),
  q: v.optional(v.pipe(v.string(), v.maxLength(200, 'The search text must not exceed 200 characters.'))),
});
export type AdminUserFilter = v.InferOutput<typeof AdminUserFilter>;
