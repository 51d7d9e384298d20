// The admin audit log: one append-only row per admin action (who, what, about whom, when, why).
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './accounts';

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // e.g. 'coach.approve', 'coach.reject', 'user.suspend', 'booking.refund' (api/audit/model.ts lists them)
    action: text('action').notNull(),
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    bookingId: integer('booking_id'),
    reason: text('reason'),
    // What the action changed, in words an admin reads (amounts in cents are in `details`).
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_subject_idx').on(t.subjectUserId, t.createdAt)],
);
