// Demo data for an empty database (skipped with SEED=none). Dates are computed from today.
import { count } from 'drizzle-orm';
import type { AppContext } from '../../api/context';
import { users } from '../schema';

export const DEMO_PASSWORD = 'demo-password';

export async function seedIfEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemoData(ctx);
  return true;
}

export async function seedDemoData(ctx: AppContext): Promise<void> {
  const passwordHash = await Bun.password.hash(DEMO_PASSWORD, { algorithm: 'argon2id' });
  await ctx.db.write(async (tx) => {
    await tx.insert(users).values([
      { email: 'admin@fogline.test', passwordHash, firstName: 'Avery', lastName: 'Admin', role: 'admin', isApproved: true },
      { email: 'coach@fogline.test', passwordHash, firstName: 'Maya', lastName: 'Chen', role: 'coach', isApproved: true },
      { email: 'newcoach@fogline.test', passwordHash, firstName: 'Noah', lastName: 'Rivera', role: 'coach', isApproved: false },
      { email: 'customer@fogline.test', passwordHash, firstName: 'Casey', lastName: 'Morgan', role: 'customer', isApproved: true },
    ]);
  });
}
