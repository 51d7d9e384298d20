// The whole data model: every entity of both spec documents, money as integer cents, times as UTC instants.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
/** A required link to a user or a class; the row goes with it. */
const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const classRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => classes.id, { onDelete: 'cascade' });

export const ROLES = ['customer', 'coach', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const AGE_GROUPS = ['Adults', 'Kids'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
// 'offered': spots held for a waitlist entry until its offer ends (api/waitlist); it becomes a booking only when accepted.
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'offered'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BLOG_STATUSES = ['published', 'draft', 'archived'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const RECURRENCE_TYPES = ['daily', 'weekly', 'monthly'] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];
export const ATTENDANCE_STATUSES = ['present', 'no_show'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

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

export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  image: text('image'),
});

export const classes = sqliteTable(
  'classes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    whatToBring: text('what_to_bring'),
    image: text('image'),
    priceCents: integer('price_cents').notNull().default(0),
    location: text('location'),
    addressLine1: text('address_line1'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    address: text('address'), // "street, city, ST zip": the city filter reads the second-to-last comma piece
    latitude: real('latitude'),
    longitude: real('longitude'),
    capacity: integer('capacity').notNull().default(10),
    duration: integer('duration').notNull().default(60), // minutes
    coachId: userRef('coach_id'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    startTime: integer('start_time', { mode: 'timestamp_ms' }),
    endTime: integer('end_time', { mode: 'timestamp_ms' }),
    ageGroup: text('age_group', { enum: AGE_GROUPS }).notNull().default('Adults'),
    // A recurring series is one parent row (isRecurring, no parentClassId) that is never booked itself,
    // plus one bookable session row per occurrence pointing at it through parentClassId.
    isRecurring: integer('is_recurring', { mode: 'boolean' }).notNull().default(false),
    parentClassId: integer('parent_class_id'),
    recurrenceType: text('recurrence_type', { enum: RECURRENCE_TYPES }),
    recurrenceInterval: integer('recurrence_interval'),
    recurrenceDaysOfWeek: text('recurrence_days_of_week'), // JSON text of numbers 0-6, Sunday first
    recurrenceEndType: text('recurrence_end_type', { enum: ['date', 'count'] }),
    recurrenceEndDate: integer('recurrence_end_date', { mode: 'timestamp_ms' }),
    recurrenceEndCount: integer('recurrence_end_count'),
    // Set when the coach or an admin deletes the class: the row stays so its bookings (cancelled and refunded,
    // or attended before the deletion) and reviews keep their history; every class read ignores it (api/classes/live.ts).
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    // iCalendar SEQUENCE of the session: a trigger adds one whenever its time, place or title changes, so
    // subscribed calendars update the event in place (api/calendar).
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('classes_start_idx').on(t.startTime),
    index('classes_coach_idx').on(t.coachId, t.startTime),
    index('classes_category_idx').on(t.categoryId),
    index('classes_parent_idx').on(t.parentClassId),
  ],
);

export const bookings = sqliteTable(
  'bookings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    classId: classRef('class_id'),
    userId: userRef('user_id'),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    quantity: integer('quantity').notNull().default(1),
    subtotalCents: integer('subtotal_cents').notNull().default(0), // price x quantity
    serviceFeeCents: integer('service_fee_cents').notNull().default(0), // 5% of subtotal
    amountCents: integer('amount_cents').notNull().default(0), // what the customer pays
    holdExpiresAt: integer('hold_expires_at', { mode: 'timestamp_ms' }), // pending holds only
    paymentIntentId: text('payment_intent_id').unique(),
    refundAmountCents: integer('refund_amount_cents'),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    cancelReason: text('cancel_reason'), // customer | class_deleted | hold_expired | payment_late
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    // The coach or an admin moved the class (start, duration or place) while this booking was active: the
    // customer may cancel with a full refund until the class starts, whatever the 48-hour rule says.
    classChangedAt: integer('class_changed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_class_status_idx').on(t.classId, t.status),
    index('bookings_user_idx').on(t.userId),
    // one active (pending, confirmed or offered) booking per customer per class
    uniqueIndex('bookings_one_active_idx')
      .on(t.classId, t.userId)
      .where(sql`status in ('pending', 'confirmed', 'offered')`),
  ],
);

export const WAITLIST_STATUSES = ['waiting', 'offered', 'accepted', 'declined', 'expired', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

// People waiting for spots in a full class, in the order they joined (api/waitlist). When spots free up, the
// first waiting entry whose quantity fits gets an offer: a booking row in the 'offered' state that holds the
// spots until offer_expires_at; accepting turns it into a booking (free) or a payment hold (paid).
export const waitlistEntries = sqliteTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    classId: classRef('class_id'),
    userId: userRef('user_id'),
    quantity: integer('quantity').notNull().default(1),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }), // the offer's hold
    offeredAt: integer('offered_at', { mode: 'timestamp_ms' }),
    offerExpiresAt: integer('offer_expires_at', { mode: 'timestamp_ms' }),
    offerNotifiedAt: integer('offer_notified_at', { mode: 'timestamp_ms' }), // the offer email went out
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }), // accepted, declined, expired or left
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('waitlist_class_status_idx').on(t.classId, t.status, t.id),
    index('waitlist_user_idx').on(t.userId),
    // one open (waiting or offered) entry per customer per class
    uniqueIndex('waitlist_one_open_idx')
      .on(t.classId, t.userId)
      .where(sql`status in ('waiting', 'offered')`),
  ],
);

// The people behind a booking's spots, in the order the booker named them (position 0 is the first spot).
// A booking made before names were asked has no rows: its spots read as the booker and their guests, and
// recording attendance writes the row. Attendance is set by the class's coach or an admin at the session.
export const bookingAttendees = sqliteTable(
  'booking_attendees',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    age: integer('age'), // asked for Kids classes
    attendance: text('attendance', { enum: ATTENDANCE_STATUSES }),
    attendanceAt: integer('attendance_at', { mode: 'timestamp_ms' }),
    attendanceBy: integer('attendance_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.position] })],
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

export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    classId: classRef('class_id'),
    bookingId: integer('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    coachId: userRef('coach_id'),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('reviews_coach_idx').on(t.coachId, t.updatedAt), index('reviews_user_idx').on(t.userId)],
);

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull().default(''), // sanitized HTML
    featuredImage: text('featured_image'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    readTime: integer('read_time').notNull().default(1), // minutes
    status: text('status', { enum: BLOG_STATUSES }).notNull().default('draft'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_status_idx').on(t.status, t.publishedAt)],
);

export const contactMessages = sqliteTable('contact_messages', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

// A coach's connected payout account (Stripe Connect Express, or the test provider's stand-in).
export const payoutAccounts = sqliteTable('payout_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(), // stripe | test
  accountId: text('account_id').notNull().unique(),
  onboarded: integer('onboarded', { mode: 'boolean' }).notNull().default(false),
  canReceivePayments: integer('can_receive_payments', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// The built-in test payment provider keeps its intents here (Stripe keeps its own when keys are set).
export const testPaymentIntents = sqliteTable('test_payment_intents', {
  id: text('id').primaryKey(), // pi_test_...
  clientSecret: text('client_secret').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  status: text('status').notNull().default('requires_payment_method'), // requires_payment_method | succeeded | canceled
  lastError: text('last_error'),
  metadata: text('metadata', { mode: 'json' }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
  transferDestination: text('transfer_destination'),
  transferAmountCents: integer('transfer_amount_cents'),
  refundedCents: integer('refunded_cents').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
