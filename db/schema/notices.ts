// Change notices waiting for their window to end (api/notices/changes.ts): one row per person and class moved,
// keeping the class's time and place from before the window's first change, so one email tells the net change.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { userRef } from './accounts';
import { classRef } from './catalog';
import { createdAt } from './columns';

/** What a change notice compares: a class's time and place. */
export interface ClassPlaceAndTime {
  startTime: number | null;
  endTime: number | null;
  duration: number;
  location: string | null;
  address: string | null;
}

export const pendingChangeNotices = sqliteTable(
  'pending_change_notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userRef('user_id'),
    classId: classRef('class_id'),
    /** Booked (rather than waiting) when a change was made. */
    booked: integer('booked', { mode: 'boolean' }).notNull(),
    before: text('before', { mode: 'json' }).$type<ClassPlaceAndTime>().notNull(),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pending_change_notices_person_class_idx').on(t.userId, t.classId), index('pending_change_notices_due_idx').on(t.dueAt)],
);
