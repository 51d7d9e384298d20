// The one auth hook point: each feature plugin that reads the user does `.use(authPlugin(ctx))`, which resolves
// the signed-in user from the session cookie for that plugin's routes (scoped, so routes that never look at a
// user, like /api/health, skip it); and the guards services and routes use to enforce roles on the server
// (401 visitor, 403 wrong role).
import { Elysia } from 'elysia';
import type { Role } from '../../db/schema';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../errors';
import { readSessionToken, sessionCookieUpdate, type SessionUser, type ValidSession, validateSessionToken } from './session';

const SIGNED_OUT = { session: null, user: null } as { session: ValidSession | null; user: SessionUser | null };

export function authPlugin(ctx: AppContext) {
  return new Elysia().resolve({ as: 'scoped' }, ({ request, set }) => {
    const token = readSessionToken(request.headers.get('cookie'));
    // No cookie, no lookup: answered synchronously, which keeps anonymous reads (most traffic) fast.
    if (!token) return SIGNED_OUT;
    return validateSessionToken(ctx.db, ctx.clock, token).then((session) => {
      // Sliding expiry: a renewed session sends its cookie again.
      const update = sessionCookieUpdate(token, session, ctx.env.production);
      if (update) set.headers['set-cookie'] = update;
      return { session, user: session?.user ?? null };
    });
  });
}

export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw unauthorized();
  return user;
}

export function requireRole(user: SessionUser | null, ...roles: Role[]): SessionUser {
  const signedIn = requireUser(user);
  if (!roles.includes(signedIn.role)) throw forbidden();
  return signedIn;
}

/** Coaches may only create classes once an admin approved them; admins always may. */
export function requireApprovedCoach(user: SessionUser | null): SessionUser {
  const signedIn = requireRole(user, 'coach', 'admin');
  if (signedIn.role === 'coach' && !signedIn.isApproved) throw forbidden('Your coach account is awaiting approval.');
  return signedIn;
}
