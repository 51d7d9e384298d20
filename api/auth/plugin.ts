// The one auth hook point: resolves the signed-in user from the session cookie for every route, and the
// guards services and routes use to enforce roles on the server (401 visitor, 403 wrong role).
import { Elysia } from 'elysia';
import type { Role } from '../../db/schema';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../errors';
import { readSessionToken, sessionCookie, type SessionUser, validateSessionToken } from './session';

export function authPlugin(ctx: AppContext) {
  return new Elysia({ name: 'fogline-auth' }).resolve({ as: 'global' }, async ({ request, set }) => {
    const session = await validateSessionToken(ctx.db, ctx.clock, readSessionToken(request.headers.get('cookie')));
    if (session?.renewed) {
      set.headers['set-cookie'] = sessionCookie(`${session.id}.${readSessionToken(request.headers.get('cookie'))!.split('.')[1]}`, session.expiresAt, ctx.env.production);
    }
    return { session, user: session?.user ?? null };
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
