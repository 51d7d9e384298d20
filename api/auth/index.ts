// Account routes: current user, register, login, logout, Google sign-in and password recovery.
import { generateCodeVerifier, generateState } from 'arctic';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppContext } from '../context';
import { badRequest, DomainError } from '../errors';
import { clientAddress } from '../lib/client-address';
import { GoogleCodeError } from './google';
import {
  CurrentUserSchema,
  ForgotPasswordBody,
  GoogleCallbackQuery,
  GoogleStartQuery,
  LoginBody,
  REGISTRATION_ROLES,
  type RegistrationRole,
  RegisterBody,
  ResetPasswordBody,
} from './model';
import { Message } from '../../common/schema';
import { authPlugin, requireUser } from './plugin';
import { toCurrentUser } from './public-user';
import { landingPath, safeRedirectPath } from '../../common/safe-redirect';
import { FORGOT_PASSWORD_MESSAGE, loginUser, registerUser, requestPasswordReset, resetPassword, signInWithGoogle } from './service';
import { clearedSessionCookie, createSession, invalidateSession, invalidateUserSessions, sessionCookie, type SessionUser } from './session';

const tags = ['Accounts'];
/** A browser redirect: the Location header is the answer, the body is empty. */
const Redirect = v.pipe(v.string(), v.description('Empty: follow the Location header'));
const OAUTH_COOKIE = 'fogline_oauth';
const OAUTH_COOKIE_PATH = '/api/auth/google';
const OAUTH_TTL_SECONDS = 10 * 60;

interface OAuthState {
  state: string;
  codeVerifier: string;
  role: RegistrationRole;
  redirect: string;
}

function oauthCookie(value: string, maxAge: number, secure: boolean): string {
  return [`${OAUTH_COOKIE}=${value}`, 'HttpOnly', 'SameSite=Lax', `Path=${OAUTH_COOKIE_PATH}`, `Max-Age=${maxAge}`, secure ? 'Secure' : '']
    .filter(Boolean)
    .join('; ');
}

function readOAuthState(cookieHeader: string | null): OAuthState | null {
  const raw = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${OAUTH_COOKIE}=`))
    ?.slice(OAUTH_COOKIE.length + 1);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<OAuthState>;
    if (typeof parsed.state !== 'string' || typeof parsed.codeVerifier !== 'string') return null;
    return {
      state: parsed.state,
      codeVerifier: parsed.codeVerifier,
      role: parsed.role === 'coach' ? 'coach' : 'customer',
      redirect: safeRedirectPath(parsed.redirect, ''), // '' when no page asked: the user's landing
    };
  } catch {
    return null;
  }
}

/** A plain HTML form post (the header's Sign Out) wants a page back, not JSON. */
function isFormPost(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

export function authRoutes(ctx: AppContext) {
  /** Read per request: production (HTTPS) cookies carry Secure. */
  const secure = () => ctx.env.production;
  const newSessionCookie = async (userId: number) => {
    const { token, expiresAt } = await createSession(ctx.db, ctx.clock, userId);
    return sessionCookie(token, expiresAt, secure());
  };
  /** Replaces the browser's session (if any) with a new one for `user` and answers the user. */
  const signIn = async (set: { headers: Record<string, unknown> }, previous: { id: string } | null, user: SessionUser) => {
    if (previous) await invalidateSession(ctx.db, previous.id);
    set.headers['set-cookie'] = await newSessionCookie(user.id);
    return toCurrentUser(user);
  };
  const redirectTo = (set: { status?: unknown; headers: Record<string, unknown> }, location: string, cookies: string[] = []) => {
    set.status = 302;
    set.headers.location = location;
    if (cookies.length) set.headers['set-cookie'] = cookies;
    return '';
  };

  return new Elysia()
    .use(authPlugin(ctx))
    .get('/user', ({ user }) => toCurrentUser(requireUser(user)), {
      auth: 'user',
      response: { 200: CurrentUserSchema, 401: Message },
      detail: { tags, summary: 'The signed-in user (401 when signed out)' },
    })
    .post(
      '/register',
      async ({ body, request, set, session }) => {
        const user = await registerUser(ctx, body, clientAddress(request.headers));
        set.status = 201;
        return signIn(set, session, user);
      },
      {
        body: RegisterBody,
        response: { 201: CurrentUserSchema, 400: Message, 409: Message, 429: Message },
        detail: {
          tags,
          summary: 'Create an account (customer or coach) and sign in',
          description:
            'Coaches start unapproved: an admin approves them before they can create classes. Limited per IP (429 with Retry-After).',
        },
      },
    )
    .post(
      '/login',
      async ({ body, request, set, session }) => signIn(set, session, await loginUser(ctx, body, clientAddress(request.headers))),
      {
        body: LoginBody,
        response: { 200: CurrentUserSchema, 400: Message, 401: Message, 403: Message, 429: Message },
        detail: {
          tags,
          summary: 'Sign in with email and password',
          description: 'Sets the HttpOnly session cookie. Failed attempts are limited per email and per IP (429 with Retry-After).',
        },
      },
    )
    .post(
      '/logout',
      async ({ request, set, session }) => {
        if (session) await invalidateSession(ctx.db, session.id);
        set.headers['set-cookie'] = clearedSessionCookie(secure());
        if (isFormPost(request)) {
          set.status = 303;
          set.headers.location = '/';
        }
        return { message: 'Signed out.' };
      },
      {
        response: { 200: Message, 303: Message },
        detail: {
          tags,
          summary: 'Sign out: ends the session on the server',
          description: 'A JSON call gets 200; a plain HTML form post gets a 303 redirect to /.',
        },
      },
    )
    .post(
      '/logout/everywhere',
      async ({ user, set }) => {
        await invalidateUserSessions(ctx.db, requireUser(user).id);
        set.headers['set-cookie'] = clearedSessionCookie(secure());
        return { message: 'Signed out on every device. Your calendar feed has a new address.' };
      },
      {
        auth: 'user',
        response: { 200: Message, 401: Message },
        detail: {
          tags,
          summary: 'Sign out everywhere: ends every session of the account, this one included',
          description:
            'For a lost phone or a shared computer. The private calendar feed URL is replaced too (GET /api/calendar answers the new one).',
        },
      },
    )
    .get(
      '/auth/google',
      ({ query, set }) => {
        const role = query.role ?? 'customer';
        if (!(REGISTRATION_ROLES as readonly string[]).includes(role))
          throw badRequest('Please select a role', { role: ['Please select a role'] });
        if (!ctx.google) return redirectTo(set, '/auth?error=google-not-configured');
        const state = generateState();
        const codeVerifier = generateCodeVerifier();
        const payload: OAuthState = { state, codeVerifier, role: role as RegistrationRole, redirect: safeRedirectPath(query.redirect, '') };
        const value = Buffer.from(JSON.stringify(payload)).toString('base64url');
        return redirectTo(set, ctx.google.createAuthorizationURL(state, codeVerifier).toString(), [
          oauthCookie(value, OAUTH_TTL_SECONDS, secure()),
        ]);
      },
      {
        query: GoogleStartQuery,
        response: { 302: Redirect, 400: Message },
        detail: {
          tags,
          summary: 'Start Google sign-in (browser navigation)',
          description:
            'role is customer (default) or coach and applies when the Google account is new. Redirects to Google with state and PKCE kept in a 10-minute HttpOnly cookie; when Google is not configured, back to /auth?error=google-not-configured.',
        },
      },
    )
    .get(
      '/auth/google/callback',
      async ({ query, request, set }) => {
        if (!ctx.google) return redirectTo(set, '/auth?error=google-not-configured');
        const clear = oauthCookie('', 0, secure());
        if (query.error) return redirectTo(set, '/auth?error=google-cancelled', [clear]);
        const saved = readOAuthState(request.headers.get('cookie'));
        if (!saved || !query.state || !query.code || query.state !== saved.state) {
          set.headers['set-cookie'] = clear;
          throw badRequest('The Google sign-in link is invalid or has expired. Please try again.');
        }
        let profile;
        try {
          profile = await ctx.google.validateCode(query.code, saved.codeVerifier);
        } catch (error) {
          set.headers['set-cookie'] = clear;
          if (error instanceof GoogleCodeError) throw badRequest(error.message);
          console.error('[auth] Google token exchange failed', error);
          throw new DomainError(502, 'Google sign-in is unavailable right now. Please try again.');
        }
        if (!profile.emailVerified) return redirectTo(set, '/auth?error=google-unverified', [clear]);
        const user = await signInWithGoogle(ctx, profile, saved.role);
        return redirectTo(set, saved.redirect || landingPath(user.role), [await newSessionCookie(user.id), clear]);
      },
      {
        query: GoogleCallbackQuery,
        response: { 302: Redirect, 400: Message, 502: Message },
        detail: {
          tags,
          summary: 'Google sign-in callback (browser navigation)',
          description: '400 when the state or code is missing, foreign or refused by Google.',
        },
      },
    )
    .post(
      '/auth/forgot-password',
      async ({ body, request }) => {
        await requestPasswordReset(ctx, body.email, clientAddress(request.headers));
        return { message: FORGOT_PASSWORD_MESSAGE };
      },
      {
        body: ForgotPasswordBody,
        response: { 200: Message, 400: Message, 429: Message },
        detail: {
          tags,
          summary: 'Email a password-reset link',
          description:
            'Answers the same whether or not the address has an account. The link is valid for 1 hour and works once. Limited per email and per IP.',
        },
      },
    )
    .post(
      '/auth/reset-password',
      async ({ body }) => {
        await resetPassword(ctx, body.token, body.newPassword);
        return { message: 'Your password has been reset. Please sign in with your new password.' };
      },
      {
        body: ResetPasswordBody,
        response: { 200: Message, 400: Message },
        detail: { tags, summary: 'Choose a new password with an emailed token', description: 'Ends every session of the account.' },
      },
    );
}
