// The current-user object the API returns: never the password hash, Google subject or session data.
import type { SessionUser } from './session';

export function toCurrentUser(user: SessionUser) {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    profileImage: user.profileImage,
    role: user.role,
    bio: user.bio,
    areasOfExpertise: user.areasOfExpertise ?? [],
    certifications: user.certifications,
    isApproved: user.isApproved,
    classReminders: user.classReminders,
    hasPassword: user.hasPassword,
    createdAt: user.createdAt.toISOString(),
  };
}

export type CurrentUser = ReturnType<typeof toCurrentUser>;
