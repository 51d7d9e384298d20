// SEED=scale: the demo data plus a marketplace-sized data set (db/seed/scale/plan.ts), written with multi-row
// inserts in one transaction. Every generated account shares one argon2id hash of the demo password: hashing
// 20,000 passwords one by one would take minutes.
import { eq, max } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { readTimeOf } from '../../lib/read-time';
import type { Tx } from '../../../db/client';
import { blogPosts, bookings, categories, classes, reviews, users } from '../../../db/schema';
import { BLOG_POSTS, featuredImage } from '../demo/blog';
import { CATEGORIES, type CategoryKey } from '../demo/categories';
import { ADMIN } from '../demo/people';
import { DEMO_PASSWORD, seedDemoData } from '../demo-data';
import { planScale, type ScaleSize, scaleSize } from './plan';

/** Rows per INSERT: large statements are far faster than one per row, and stay under SQLite's bound-parameter cap. */
const ROWS_PER_INSERT = 500;

async function insertRows(
  tx: Tx,
  table: typeof users | typeof classes | typeof bookings | typeof reviews | typeof blogPosts,
  rows: unknown[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await tx.insert(table).values(rows.slice(i, i + ROWS_PER_INSERT) as never);
}

/** SEED_SCALE (a factor, default 1) shrinks the data set for quick tests: 0.1 is 1,000 upcoming sessions. */
export function scaleFromEnv(value = process.env.SEED_SCALE): ScaleSize {
  const factor = Number(value ?? 1);
  return scaleSize(Number.isFinite(factor) && factor > 0 ? Math.min(factor, 1) : 1);
}

/** The demo data plus the marketplace-sized set, into an empty database only (false when another process
 * seeded it first: only the process whose demo write went in adds the rest). */
export async function seedScaleData(ctx: AppContext, size: ScaleSize = scaleFromEnv()): Promise<boolean> {
  if (!(await seedDemoData(ctx))) return false;
  const now = ctx.clock.now();
  const passwordHash = await Bun.password.hash(DEMO_PASSWORD, { algorithm: 'argon2id' });
  const next = async (column: typeof users.id | typeof classes.id | typeof bookings.id) =>
    Number((await ctx.db.select({ n: max(column) }).from(column.table)).at(0)?.n ?? 0) + 1;
  const categoryRows = await ctx.db.select({ id: categories.id, name: categories.name }).from(categories);
  const categoryIds = Object.fromEntries(CATEGORIES.map((c) => [c.key, categoryRows.find((row) => row.name === c.name)!.id])) as Record<
    CategoryKey,
    number
  >;
  const admin = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email)).get();
  const plan = planScale(
    now,
    size,
    { user: await next(users.id), class: await next(classes.id), booking: await next(bookings.id), categories: categoryIds },
    passwordHash,
  );
  const posts = plan.blogPosts.map((post, i) => ({
    ...post,
    authorId: admin?.id ?? null,
    featuredImage: featuredImage(BLOG_POSTS[i % BLOG_POSTS.length]!.slug),
    readTime: readTimeOf(post.content ?? ''),
  }));
  await ctx.db.write(async (tx) => {
    await insertRows(tx, users, plan.users);
    await insertRows(tx, classes, plan.classes);
    await insertRows(tx, bookings, plan.bookings);
    await insertRows(tx, reviews, plan.reviews);
    await insertRows(tx, blogPosts, posts);
  });
  return true;
}
