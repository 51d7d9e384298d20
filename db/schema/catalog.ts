// What is offered: categories and classes (one-time, series parents and their sessions).
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, type StoredPolicy, updatedAt } from './columns';
import { userRef } from './accounts';

export const AGE_GROUPS = ['Adults', 'Kids'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

export const RECURRENCE_TYPES = ['daily', 'weekly', 'monthly'] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];

export const classRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => classes.id, { onDelete: 'cascade' });

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
    // Taken down with its coach's suspension (deleted_at set at the same instant); reinstating the coach brings
    // back exactly these classes, not the ones the coach or an admin deleted.
    hiddenWithCoachAt: integer('hidden_with_coach_at', { mode: 'timestamp_ms' }),
    // iCalendar SEQUENCE of the session: a trigger adds one whenever its time, place or title changes, so
    // subscribed calendars update the event in place (api/calendar).
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    // Outdoor conditions (api/conditions): the coach's weather policy as JSON (thresholds and rain plan, see
    // api/conditions/model.ts WeatherPolicy), null for the built-in defaults.
    weatherPolicy: text('weather_policy', { mode: 'json' }).$type<Record<string, unknown>>(),
    // Minimum class size: below minAttendees at decisionHours before the start, the class is cancelled with full
    // refunds; at or above it, sizeDecision says it is confirmed to run.
    minAttendees: integer('min_attendees'),
    decisionHours: integer('decision_hours'),
    sizeDecision: text('size_decision', { enum: ['confirmed', 'cancelled'] }),
    // The meeting point: a precise pin (the class's own coordinates locate the park), how to find the group,
    // and an optional photo.
    meetingLatitude: real('meeting_latitude'),
    meetingLongitude: real('meeting_longitude'),
    meetingNotes: text('meeting_notes'),
    meetingPhoto: text('meeting_photo'),
    // The cancellation policy a booking made now is booked under (api/spots/refund-policy.ts; null: the default,
    // Moderate): the coach's, copied whenever they change it, unless the class has its own (ownCancellationPolicy).
    cancellationPolicy: text('cancellation_policy', { mode: 'json' }).$type<StoredPolicy>(),
    ownCancellationPolicy: integer('own_cancellation_policy', { mode: 'boolean' }).notNull().default(false),
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

// Forecasts fetched by the background job (api/conditions/refresh.ts), never on a request's path: one row per
// key ("point:sample:37.80,-122.47" -> its grid, "weather:<grid>" -> hourly periods, "aqi:<provider>:<zip>" ->
// daily AQI). A failed fetch keeps the last data and its fetched_at, and backs off until retry_at.
export const conditionsCache = sqliteTable('conditions_cache', {
  key: text('key').primaryKey(),
  data: text('data', { mode: 'json' }),
  fetchedAt: integer('fetched_at'), // epoch ms of the last successful fetch (the age shown), null before one
  failures: integer('failures').notNull().default(0),
  retryAt: integer('retry_at').notNull().default(0), // epoch ms: no fetch before this
  lastError: text('last_error'),
});

export const WEATHER_CALL_STATUSES = ['pending', 'go', 'moved', 'cancelled', 'offered'] as const;
export type WeatherCallStatus = (typeof WEATHER_CALL_STATUSES)[number];

// The coach's weather call (api/conditions/weather-call.ts): made when a class's forecast crosses its policy at
// the 24 h or 3 h check (one row per class and check), decided once by the coach or an admin.
export const weatherCalls = sqliteTable(
  'weather_calls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    classId: classRef('class_id'),
    checkpoint: text('checkpoint', { enum: ['24h', '3h'] }).notNull(),
    reasons: text('reasons', { mode: 'json' }).notNull().$type<string[]>(),
    status: text('status', { enum: WEATHER_CALL_STATUSES }).notNull().default('pending'),
    decidedBy: integer('decided_by'),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    /** Offer another session: the class attendees may move to. */
    offerClassId: integer('offer_class_id'),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('weather_calls_class_check_idx').on(t.classId, t.checkpoint), index('weather_calls_status_idx').on(t.status)],
);
