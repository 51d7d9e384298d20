// Schemas of the admin account calls (coach-admin-areas §7). Imports only valibot.
import * as v from 'valibot';

/** A user as the admin dashboard lists them: contact details and status, never secrets. */
export const AdminUser = v.object({
  id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  profileImage: v.nullable(v.string()),
  role: v.picklist(['customer', 'coach', 'admin']),
  isApproved: v.boolean(),
  createdAt: v.string(),
});
export type AdminUser = v.InferOutput<typeof AdminUser>;

export const CoachIdParams = v.object({ id: v.string() });
