// Seeding an empty database at start (skipped with SEED=none): the demo data (./demo-data.ts), or with SEED=scale
// the demo plus a marketplace-sized set (./scale). It lives beside the API, not in db/, because it writes through
// the API's own helpers (money, Pacific time, blog reading time and sanitising, the outdoor defaults).
import { count } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../context';
import { seedDemoData } from './demo-data';

export { DEMO_PASSWORD, seedDemoData } from './demo-data';

/** Seeds an empty database; true when this call did. The first check spares a seeded database the work of
 * planning; the seeding write checks again, since several machines may start on one new database at once. */
export async function seedIfEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  if (ctx.env.seedSet === 'scale') return (await import('./scale')).seedScaleData(ctx);
  return seedDemoData(ctx);
}
