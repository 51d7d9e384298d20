// Removes uploaded files that nothing refers to a day after they were stored: an image picked in a form that
// was never saved, or replaced since. "Refers to" means a profile picture, a class image or meeting-point photo, a post's featured
// image or an image inside a post's content. Safe to run twice at once (deleting a deleted file is fine); the
// background job (api/background.ts) runs it in one process at a time through the database.
import { sql } from 'drizzle-orm';
import { uploads } from '../../db/schema';
import type { AppContext } from '../context';

export const UNUSED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
/** Files looked at per run; the next run takes the rest. */
const BATCH = 500;

/** The names of uploads older than a day that no profile, class or post mentions (names are random, so a
 * substring match cannot hit anything else). */
async function unusedUploads(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<string[]> {
  const cutoff = ctx.clock.now().getTime() - UNUSED_UPLOAD_AGE_MS;
  const rows = await ctx.db.all<{ name: string }>(sql`
    select u.name from ${uploads} u
    where u.created_at <= ${cutoff}
      and not exists (select 1 from users where profile_image like '%' || u.name)
      and not exists (select 1 from classes where image like '%' || u.name or meeting_photo like '%' || u.name)
      and not exists (select 1 from blog_posts where featured_image like '%' || u.name or content like '%' || u.name || '%')
    limit ${BATCH}`);
  return rows.map((row) => row.name);
}

/** Deletes each unused file, then its row; answers how many went. */
export async function removeUnusedUploads(ctx: Pick<AppContext, 'db' | 'clock' | 'storage'>): Promise<number> {
  const names = await unusedUploads(ctx);
  for (const name of names) {
    await ctx.storage.remove(name);
    await ctx.db.write((tx) => tx.delete(uploads).where(sql`${uploads.name} = ${name}`));
  }
  return names.length;
}
