// The one auth hook point: each feature plugin that reads the user does `.use(authPlugin(ctx))`, which derives
// the signed-in user from the session cookie for that plugin's routes (scoped, so routes that never look at a
// user, like /api/health, skip it) and adds the `auth` macro: a route that declares `auth: 'admin'` (or
// 'user', 'self', 'coachSelf', 'coach', 'approvedCoach') refuses visitors (401) and the wrong role (403) before its body,
// query and params are parsed or validated. Handlers and services keep their own checks (requireUser and
// friends below), which also narrow the user's type.
import { Elysia } from 'elysia';
import type { Role } from '../../db/schema';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../errors';
import { readSessionToken, sessionCookieUpdate, type SessionUser, type ValidSession, validateSessionToken } from './session';

type SessionState = { session: ValidSession | null; user: SessionUser | null };
const SIGNED_OUT = { session: null, user: null } as SessionState;

/** Who may call a route: anyone signed in; the owner of the account in the `id` param; the coach in the `id`
 * param or an admin; a coach or an admin; an approved coach or an admin; an admin. */
export type Access = 'user' | 'self' | 'coachSelf' | 'coach' | 'approvedCoach' | 'admin';

export const NOT_YOUR_ACCOUNT = 'You can only change your own account.';
export const NOT_YOUR_COACH_ACCOUNT = 'You can only manage your own coach account.';

/** Throws 401 or 403 unless `user` may call a route declared with `access` (params are still raw strings). */
export function assertAccess(user: SessionUser | null, access: Access, params?: Record<string, string | undefined>): void {
  if (access === 'user') requireUser(user);
  else if (access === 'coach') requireRole(user, 'coach', 'admin');
  else if (access === 'approvedCoach') requireApprovedCoach(user);
  else if (access === 'admin') requireRole(user, 'admin');
  else if (access === 'coachSelf') {
    const me = requireRole(user, 'coach', 'admin');
    if (me.role !== 'admin' && isSomeoneElse(me, params)) throw forbidden(NOT_YOUR_COACH_ACCOUNT);
  } else if (isSomeoneElse(requireUser(user), params)) throw forbidden(NOT_YOUR_ACCOUNT);
}

/** The `id` param names another account. A malformed id is left to the route (404): only someone else's
 * real-looking id counts here. */
function isSomeoneElse(me: SessionUser, params?: Record<string, string | undefined>): boolean {
  const id = params?.id ?? '';
  return /^\d{1,12}$/.test(id) && Number(id) !== me.id;
}

const mayCall = (user: SessionUser | null, access: Access, params?: Record<string, string | undefined>) => {
  try {
    assertAccess(user, access, params);
    return true;
  } catch {
    return false;
  }
};

/** One session lookup per request, shared by the parse-time check and the derive that hands the user on. */
const lookups = new WeakMap<Request, Promise<SessionState & { cookie: string | null }>>();

function lookupSession(ctx: AppContext, request: Request): SessionState | Promise<SessionState & { cookie: string | null }> {
  const token = readSessionToken(request.headers.get('cookie'));
  // No cookie, no lookup: answered synchronously, which keeps anonymous reads (most traffic) fast.
  if (!token) return SIGNED_OUT;
  let pending = lookups.get(request);
  if (!pending) {
    pending = validateSessionToken(ctx.db, ctx.clock, token).then((session) => ({
      session,
      user: session?.user ?? null,
      // Sliding expiry: a renewed session sends its cookie again.
      cookie: sessionCookieUpdate(token, session, ctx.env.production),
    }));
    lookups.set(request, pending);
  }
  return pending;
}

export function authPlugin(ctx: AppContext) {
  return new Elysia()
    .derive({ as: 'scoped' }, ({ request, set }) => {
      const found = lookupSession(ctx, request);
      if (!(found instanceof Promise)) return found;
      return found.then(({ session, user, cookie }) => {
        if (cookie) set.headers['set-cookie'] = cookie;
        return { session, user };
      });
    })
    .macro({
      auth: (access: Access) => ({
        // The document names who may call (api/docs): the session cookie, and x-access with the rule above.
        detail: { security: [{ session: [] }], 'x-access': access } as { security: { session: string[] }[] },
        // Before the body is read: a caller who may not use the route costs no parsing, and a malformed body
        // from them still gets 401/403. Answering a stand-in body skips the parser; transform then refuses.
        parse: async ({ request, params }) => (mayCall((await lookupSession(ctx, request)).user, access, params) ? undefined : {}),
        transform: ({ user, params }) => assertAccess(user ?? null, access, params),
      }),
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
