// What the server itself keeps: rate limits, stored uploads, job leases and render-cache tags.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './accounts';

// Rate-limit counters, shared by every process and kept across restarts (api/lib/rate-limit.ts). One row per
// (rule, key): a fixed window that opens at the first attempt; `next_at` spaces attempts out once a rule slows down.
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(), // "<rule>:<email, address or user id>"
    count: integer('count').notNull(),
    windowEndsAt: integer('window_ends_at').notNull(), // epoch ms
    nextAt: integer('next_at').notNull().default(0), // epoch ms: no attempt before this
  },
  (t) => [index('rate_limits_window_idx').on(t.windowEndsAt)],
);

// Every stored upload: the daily byte quota sums a user's rows, and the cleanup removes the files that no
// profile, class or post refers to a day after they were stored.
export const uploads = sqliteTable(
  'uploads',
  {
    name: text('name').primaryKey(), // the random file name, e.g. "k3j2....png"
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt), index('uploads_created_idx').on(t.createdAt)],
);

// Timed work claimed through the database (api/lib/jobs.ts), so exactly one process runs each job: one row
// per recurring job ("expire-holds") or one-off key ("reminder:booking:42"). A process takes the lease with
// a conditional UPDATE; a lease left by a crashed process lapses at lease_until and another takes it.
export const jobLeases = sqliteTable('job_leases', {
  key: text('key').primaryKey(),
  owner: text('owner'), // "<host>:<pid>:<random>" of the process holding or last holding the lease
  leaseUntil: integer('lease_until').notNull().default(0), // epoch ms: nobody else runs the job before this
  nextRunAt: integer('next_run_at').notNull().default(0), // epoch ms: a recurring job is due from here
  doneAt: integer('done_at'), // epoch ms: a one-off that has run (never again)
  runs: integer('runs').notNull().default(0),
  lastError: text('last_error'),
});

// Render-cache invalidation (api/render-cache): triggers on the tables public pages read bump a tag here in the
// same transaction as the write ('class:12', 'coach:3', 'classes', 'coaches', 'categories', 'blog', 'post:7').
// Every server process polls `seq > last seen` and drops the cached pages carrying those tags.
export const cacheTags = sqliteTable(
  'cache_tags',
  {
    tag: text('tag').primaryKey(),
    seq: integer('seq').notNull(),
  },
  (t) => [index('cache_tags_seq_idx').on(t.seq)],
);
