// Account workflows: registration, password sign-in, password recovery and Google sign-in. Plain
// arguments in, users out; the routes (index.ts) own cookies and statuses.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema';
import type { AppContext } from '../context';
import { badRequest, conflict, DomainError, forbidden, unauthorized } from '../errors';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { renderEmail } from '../mail-templates';
import type { GoogleProfile } from './google';
import type { LoginBody, RegisterBody, RegistrationRole } from './model';
import { invalidateUserSessions, type SessionUser, toSessionUser } from './session';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Please sign in instead.';
export const BAD_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const INVALID_RESET_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, we sent a link to reset the password. It expires in 1 hour.';

/** Verifying against this when the email is unknown makes both answers take the same time. */
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword('fogline-timing-equalizer'));

function randomToken(): string {
  const bytes = new Uint8Array(20); // 160 bits
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/** The whole row, password hash included: only for checking a password. */
function findUserWithPassword(ctx: AppContext, email: string) {
  return ctx.db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<SessionUser | undefined> {
  const row = await findUserWithPassword(ctx, email);
  return row && toSessionUser(row);
}

/** A customer can book at once; a coach waits for an admin's approval before creating classes. */
export const approvedAtSignUp = (role: RegistrationRole) => role === 'customer';

/** `address` is the client's address key (api/lib/client-address.ts). Every registration counts, a refused one too. */
export async function registerUser(ctx: AppContext, input: RegisterBody, address: string): Promise<SessionUser> {
  await ctx.rateLimits.reserve('Too many accounts were created from your network. Please try again later.', [
    'registerPerAddress',
    address,
  ]);
  if (await findUserByEmail(ctx, input.email)) throw conflict(DUPLICATE_EMAIL_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.write(async (tx) => {
    // Checked again inside the write queue: two sign-ups with one address at once get one account.
    const taken = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
    if (taken) throw conflict(DUPLICATE_EMAIL_MESSAGE);
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        role: input.role,
        isApproved: approvedAtSignUp(input.role),
      })
      .returning();
    return toSessionUser(user!);
  });
}

/** Said only after the right password, so it tells a stranger nothing. */
export const SUSPENDED_MESSAGE = 'This account is suspended. Please write to us from the Contact page.';
export const TOO_MANY_SIGN_INS_MESSAGE = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';

/** Password sign-in. Each attempt is counted as a failure before the password is checked (per email and
 * address, and per address), so a burst is limited like a series; while those hold even the right password
 * waits, so guessing cannot continue behind them. The per-email count from anywhere only slows strangers down:
 * while it refuses, the password is still checked (the per-address limits bound that cost) and the right one
 * gets in, so nobody can keep the owner out. A right password hands its attempts back and clears that
 * address's failures for the email. */
export async function loginUser(ctx: AppContext, input: LoginBody, address: string): Promise<SessionUser> {
  const email = input.email.trim().toLowerCase();
  const attempt = await ctx.rateLimits.reserve(
    TOO_MANY_SIGN_INS_MESSAGE,
    ['loginPerEmailAndAddress', `${email} ${address}`],
    ['loginPerAddress', address],
  );
  const perEmail = await ctx.rateLimits.tryReserve(TOO_MANY_SIGN_INS_MESSAGE, ['loginPerEmail', email]);
  const user = await findUserWithPassword(ctx, email);
  const ok = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : (await verifyPassword(input.password, await timingDummy()), false);
  if (!user || !ok) throw perEmail instanceof DomainError ? perEmail : unauthorized(BAD_CREDENTIALS_MESSAGE);
  if (user.suspendedAt) throw forbidden(SUSPENDED_MESSAGE);
  await attempt.clear('loginPerEmailAndAddress');
  await attempt.release('loginPerAddress');
  if (!(perEmail instanceof DomainError)) await perEmail.release();
  return toSessionUser(user);
}

/** Forgot password: the same answer whether or not the address has an account. The lookup, token and
 * email happen after the answer, so its timing tells nothing either. */
export async function requestPasswordReset(ctx: AppContext, email: string, address: string): Promise<void> {
  await ctx.rateLimits.reserve(
    'Too many reset requests. Please wait a while before asking for another link.',
    ['resetPerEmail', email.trim().toLowerCase()],
    ['resetPerAddress', address],
  );
  void sendResetLink(ctx, email).catch((error) => console.error('[auth] could not send the reset email', error));
}

export async function sendResetLink(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user) return;
  const token = randomToken();
  const now = ctx.clock.now();
  await ctx.db.write((tx) =>
    tx
      .insert(passwordResetTokens)
      .values({ id: hashToken(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS), createdAt: now }),
  );
  const url = `${ctx.env.publicUrl}/auth?tab=reset&token=${token}`;
  await ctx.mail.send({
    to: user.email,
    subject: 'Reset your Fogline password',
    ...renderEmail({
      heading: 'Reset your password',
      preheader: 'Use this link within 1 hour to choose a new password.',
      paragraphs: [
        `Hi ${user.firstName},`,
        'We received a request to reset the password of your Fogline account. Choose a new one with the button below.',
        'The link expires in 1 hour and works once.',
      ],
      button: { label: 'Reset Password', url },
      footnote: "If you didn't ask for this, you can ignore this email: your password stays the same.",
    }),
  });
}

/** Reset with an emailed token: valid 1 hour, single use; every session of the user ends. */
export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<void> {
  const now = ctx.clock.now();
  const usable = and(
    eq(passwordResetTokens.id, hashToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
  const invalid = () => new DomainError(400, INVALID_RESET_MESSAGE, { token: [INVALID_RESET_MESSAGE] });
  // A bogus token is refused before hashing: argon2id costs ~200 ms of CPU and 64 MB, and this call needs no
  // sign-in, so hashing first let anyone keep the server busy with made-up tokens.
  if (!(await ctx.db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(usable).get())) throw invalid();
  const passwordHash = await hashPassword(newPassword);
  const userId = await ctx.db.write(async (tx) => {
    // Checked again inside the write: the token may have been used while the password was hashed.
    const row = await tx.select().from(passwordResetTokens).where(usable).get();
    if (!row) throw invalid();
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.userId, row.userId));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    return row.userId;
  });
  await invalidateUserSessions(ctx.db, userId);
}

/** Google sign-in: the account with this Google subject, else the account with the same verified email
 * (linked now), else a new account with the role the visitor chose. */
export async function signInWithGoogle(ctx: AppContext, profile: GoogleProfile, role: RegistrationRole): Promise<SessionUser> {
  if (!profile.emailVerified) throw badRequest('Your Google account has no verified email address.');
  const email = profile.email.trim().toLowerCase();
  return toSessionUser(
    await ctx.db.write(async (tx) => {
      const bySub = await tx.select().from(users).where(eq(users.googleSub, profile.sub)).get();
      if (bySub?.suspendedAt) throw forbidden(SUSPENDED_MESSAGE);
      if (bySub) return bySub;
      const byEmail = await tx.select().from(users).where(eq(users.email, email)).get();
      if (byEmail?.suspendedAt) throw forbidden(SUSPENDED_MESSAGE);
      if (byEmail) {
        const [linked] = await tx
          .update(users)
          .set({ googleSub: profile.sub, profileImage: byEmail.profileImage ?? profile.picture })
          .where(eq(users.id, byEmail.id))
          .returning();
        return linked!;
      }
      const [created] = await tx
        .insert(users)
        .values({
          email,
          googleSub: profile.sub,
          passwordHash: null,
          firstName: profile.givenName.slice(0, 50) || email.split('@')[0]!.slice(0, 50),
          lastName: profile.familyName.slice(0, 50),
          profileImage: profile.picture,
          role,
          isApproved: approvedAtSignUp(role),
        })
        .returning();
      return created!;
    }),
  );
}
