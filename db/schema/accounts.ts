// People and their sign-in: users, sessions, reset tokens, private calendar feeds.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns';

export const ROLES = ['customer', 'coach', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A required link to a user or a class; the row goes with it. */
export const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull().unique(), // stored lower-cased
    passwordHash: text('password_hash'), // null for Google-only accounts
    googleSub: text('google_sub').unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    profileImage: text('profile_image'),
    role: text('role', { enum: ROLES }).notNull().default('customer'),
    bio: text('bio'),
    areasOfExpertise: text('areas_of_expertise', { mode: 'json' }).$type<number[]>().notNull().default(sql`'[]'`),
    certifications: text('certifications'),
    isApproved: integer('is_approved', { mode: 'boolean' }).notNull().default(false),
    // The reminder email before each booked class (api/waitlist/reminders.ts); turned off on the profile page.
    classReminders: integer('class_reminders', { mode: 'boolean' }).notNull().default(true),
    // A coach's weather policy defaults (api/conditions/model.ts WeatherPolicy): the last policy they saved on a
    // class, which their next class form starts from.
    weatherPolicyDefaults: text('weather_policy_defaults', { mode: 'json' }).$type<Record<string, unknown>>(),
    // An admin turned the coach's application down (the reason is in the audit log and the email).
    coachRejectedAt: integer('coach_rejected_at', { mode: 'timestamp_ms' }),
    // An admin suspended the account: no sign-in; a suspended coach's classes leave the catalogue.
    suspendedAt: integer('suspended_at', { mode: 'timestamp_ms' }),
    // The owner deleted the account (DELETE /api/users/me): personal fields were blanked, the row stays so the
    // bookings, payments and refunds it made still add up.
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_role_idx').on(t.role)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    // The cookie carries "<id>.<secret>"; only the secret's SHA-256 is stored and compared in constant time.
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: userRef('user_id'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(), // SHA-256 (hex) of the emailed token
    userId: userRef('user_id'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_user_idx').on(t.userId)],
);

// A user's private calendar subscription (GET /api/calendar/{token}.ics). The token is 256 random bits kept as
// is, because the profile shows the URL again; resetting replaces the row, so the old URL stops at once.
export const calendarFeeds = sqliteTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});
