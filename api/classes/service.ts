// The classes a coach or an admin manages (My Classes, the admin's Class Management). Writes: create.ts,
// update.ts and delete.ts; addresses and geocoding: places.ts.
import { and, asc, eq } from 'drizzle-orm';
import { categories, classes, users } from '../../db/schema';
import { requireRole } from '../auth/plugin';
import type { SessionUser } from '../auth/session';
import { activeSpotsByClass } from '../catalog/spots';
import type { AppContext } from '../context';
import { waitlistCounts } from '../waitlist/counts';
import { liveClasses } from './live';
import type { ManagedClass } from './model';
import { isSeriesParent, toClassJson } from './shape';

/** The classes a user manages: a coach's own, every class for an admin. Each with its coach, category name,
 * active booked spots and, for a series' parent, its number of sessions. Sorted by start time. */
export async function listManagedClasses(ctx: AppContext, user: SessionUser | null): Promise<ManagedClass[]> {
  const signedIn = requireRole(user, 'coach', 'admin');
  const rows = await ctx.db
    .select({ row: classes, coachFirstName: users.firstName, coachLastName: users.lastName, categoryName: categories.name })
    .from(classes)
    .leftJoin(users, eq(users.id, classes.coachId))
    .leftJoin(categories, eq(categories.id, classes.categoryId))
    .where(signedIn.role === 'admin' ? liveClasses : and(eq(classes.coachId, signedIn.id), liveClasses))
    .orderBy(asc(classes.startTime), asc(classes.id));
  const spots = await activeSpotsByClass(ctx.db, rows.map((r) => r.row.id), ctx.clock.now());
  const waiting = await waitlistCounts(ctx.db, rows.map((r) => r.row.id));
  const sessionsByParent = new Map<number, number>();
  for (const { row } of rows) if (row.parentClassId !== null) sessionsByParent.set(row.parentClassId, (sessionsByParent.get(row.parentClassId) ?? 0) + 1);
  return rows.map(({ row, coachFirstName, coachLastName, categoryName }) => ({
    ...toClassJson(row),
    coach: coachFirstName !== null ? { id: row.coachId, firstName: coachFirstName, lastName: coachLastName ?? '' } : null,
    categoryName,
    activeBookings: spots.get(row.id) ?? 0,
    waitlistCount: waiting.get(row.id) ?? 0,
    sessionCount: isSeriesParent(row) ? (sessionsByParent.get(row.id) ?? 0) : 1,
  }));
}
