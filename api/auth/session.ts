// Sessions as in The Copenhagen Book: random id + secret, only the secret's SHA-256 stored, constant-time
// comparison, 30-day sliding expiry. Used by the Elysia auth plugin and by the Astro middleware alike.
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarFeeds, sessions, users } from '../../db/schema';
import type { Clock } from '../lib/clock';

export const SESSION_COOKIE = 'fogline_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session is extended when less than half of its lifetime is left, so active users stay signed in. */
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS / 2;

type UserRow = typeof users.$inferSelect;
const { passwordHash: _hash, googleSub: _sub, ...publicColumns } = getTableColumns(users);

/** The signed-in user every handler sees: the users row without its secrets (the password hash and the Google
 * subject), so no serializer slip can leak them. Code that needs the hash reads it itself. */
export type SessionUser = Omit<UserRow, 'passwordHash' | 'googleSub'> & { hasPassword: boolean };

/** The same projection as a select list, for queries that load the signed-in user. */
export const sessionUserColumns = { ...publicColumns, hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean) };

export function toSessionUser(row: UserRow): SessionUser {
  const { passwordHash, googleSub: _googleSub, ...rest } = row;
  return { ...rest, hasPassword: passwordHash !== null };
}

export interface ValidSession {
  id: string;
  user: SessionUser;
  expiresAt: Date;
  /** True when the expiry moved and the cookie should be sent again. */
  renewed: boolean;
}

function randomSecret(): string {
  const bytes = new Uint8Array(20); // 160 bits
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}

export async function createSession(db: Db, clock: Clock, userId: number): Promise<{ token: string; expiresAt: Date }> {
  return (await createSessions(db, clock, [userId]))[0]!;
}

/** A session for each user, in one write (the benches and tests sign in a crowd at once). */
export async function createSessions(db: Db, clock: Clock, userIds: number[]): Promise<{ token: string; expiresAt: Date }[]> {
  const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_MS);
  const made = userIds.map((userId) => ({ id: randomSecret(), secret: randomSecret(), userId }));
  await db.write(async (tx) => {
    for (let i = 0; i < made.length; i += 500) {
      const rows = made.slice(i, i + 500).map(({ id, secret, userId }) => ({ id, secretHash: hashSecret(secret), userId, expiresAt }));
      await tx.insert(sessions).values(rows);
    }
  });
  return made.map(({ id, secret }) => ({ token: `${id}.${secret}`, expiresAt }));
}

/** The session look-up every signed-in request makes, built once per database handle (a prepared query: Drizzle
 * does not assemble its SQL again on each request). */
function prepareSessionLookup(db: Db) {
  return (
    db
      .select({ session: sessions, user: sessionUserColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A suspended or deleted account has no live session, even one that slipped past the sign-out.
      .where(and(eq(sessions.id, sql.placeholder('id')), isNull(users.suspendedAt), isNull(users.deletedAt)))
      .prepare()
  );
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();
type SessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof prepareSessionLookup>['get']>>>;

/** The session look-ups asked in this turn of the event loop on a libSQL server, by session id. */
type Waiting = { resolve: (row: SessionRow | undefined) => void; reject: (error: unknown) => void }[];
const askedThisTurn = new WeakMap<Db, Map<string, Waiting>>();
/** Ids per statement: one bound parameter each, well under SQLite's limit. */
const IDS_PER_LOOKUP = 500;

/** On a libSQL server every statement is a round trip and the server holds a connection for each: a crowd's
 * look-ups one by one queued behind each other there (issue 23: 250-700 ms each, 200 customers on sqld). The
 * look-ups asked in one turn of the event loop go as one statement instead (`where id in (...)`). */
function lookUpTogether(db: Db, id: string): Promise<SessionRow | undefined> {
  let asked = askedThisTurn.get(db);
  if (!asked) {
    const turn = new Map<string, Waiting>();
    askedThisTurn.set(db, (asked = turn));
    setImmediate(() => {
      askedThisTurn.delete(db);
      void answerTurn(db, turn);
    });
  }
  const waiting = asked.get(id) ?? [];
  asked.set(id, waiting);
  return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
}

async function answerTurn(db: Db, asked: Map<string, Waiting>): Promise<void> {
  const ids = [...asked.keys()];
  try {
    const found = new Map<string, SessionRow>();
    for (let i = 0; i < ids.length; i += IDS_PER_LOOKUP) {
      const rows = await db
        .select({ session: sessions, user: sessionUserColumns })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, ids.slice(i, i + IDS_PER_LOOKUP)), isNull(users.suspendedAt), isNull(users.deletedAt)));
      for (const row of rows) found.set(row.session.id, row);
    }
    for (const [id, waiting] of asked) for (const { resolve } of waiting) resolve(found.get(id));
  } catch (error) {
    for (const waiting of asked.values()) for (const { reject } of waiting) reject(error);
  }
}

/** The session row and its user when `token`'s secret matches, whether or not it has expired. */
async function findSession(db: Db, token: string | undefined | null) {
  if (!token) return null;
  const [id, secret] = token.split('.');
  if (!id || !secret || id.length > 64 || secret.length > 64) return null;
  let row: SessionRow | undefined;
  if (db.remote) row = await lookUpTogether(db, id);
  else {
    let lookup = sessionLookups.get(db);
    if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
    row = await lookup.get({ id });
  }
  if (!row) return null;
  const expected = new TextEncoder().encode(row.session.secretHash);
  const actual = new TextEncoder().encode(hashSecret(secret));
  return constantTimeEqual(expected, actual) ? row : null;
}

/** True when `token` names a live session: a read only (no renewal), for checks made before a request is handled. */
export async function hasLiveSession(db: Db, clock: Clock, token: string | undefined | null): Promise<boolean> {
  const row = await findSession(db, token);
  return !!row && row.session.expiresAt.getTime() > clock.now().getTime();
}

export async function validateSessionToken(db: Db, clock: Clock, token: string | undefined | null): Promise<ValidSession | null> {
  const row = await findSession(db, token);
  if (!row) return null;
  const id = row.session.id;
  const now = clock.now().getTime();
  if (row.session.expiresAt.getTime() <= now) {
    await db.write((tx) => tx.delete(sessions).where(eq(sessions.id, id)));
    return null;
  }
  let expiresAt = row.session.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS) {
    expiresAt = new Date(now + SESSION_TTL_MS);
    renewed = true;
    await db.write((tx) => tx.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)));
  }
  return { id, user: row.user, expiresAt, renewed };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.write((tx) => tx.delete(sessions).where(eq(sessions.id, sessionId)));
}

/** Ends every session of a user except (optionally) the one in use: after a password change or reset, and on
 * "sign out everywhere". The private calendar feed goes too (the next GET /api/calendar makes a new URL): it
 * shows class times, places and attendees, so whoever held the old password or a session may hold its URL. */
export async function invalidateUserSessions(db: Db, userId: number, keepSessionId?: string): Promise<void> {
  await db.write(async (tx) => {
    const rows = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    for (const row of rows) if (row.id !== keepSessionId) await tx.delete(sessions).where(eq(sessions.id, row.id));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  });
}

export function sessionIdFromToken(token: string): string {
  return token.split('.')[0] ?? '';
}

/** Cookie attributes: HttpOnly, SameSite=Lax, Path=/, Secure in production. */
export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  return [`${SESSION_COOKIE}=${token}`, 'HttpOnly', 'SameSite=Lax', 'Path=/', `Expires=${expiresAt.toUTCString()}`, secure ? 'Secure' : '']
    .filter(Boolean)
    .join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, 'HttpOnly', 'SameSite=Lax', 'Path=/', 'Max-Age=0', secure ? 'Secure' : ''].filter(Boolean).join('; ');
}

/** The cookie to send again after validating `token` when its expiry slid forward (sliding sessions), else
 * null. A token that names no session is left alone rather than cleared: a request that started before a
 * sign-in in the same browser could otherwise clear the new session's cookie. */
export function sessionCookieUpdate(token: string | null, session: ValidSession | null, secure: boolean): string | null {
  return token && session?.renewed ? sessionCookie(token, session.expiresAt, secure) : null;
}

export function readSessionToken(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return rest.join('=') || null;
  }
  return null;
}
