// Applies the drizzle-kit migrations in db/migrations; safe to run on every start (applied ones are skipped).
import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath } from 'node:url';
import type { Db } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function migrateDb(handle: Db): Promise<void> {
  try {
    await migrate(handle, { migrationsFolder });
  } catch (error) {
    // Another machine starting at the same moment on the same libSQL server may have applied the same
    // migration first (ours then fails on "table already exists" and rolls back): look again once.
    await Bun.sleep(250);
    await migrate(handle, { migrationsFolder }).catch(() => Promise.reject(error));
  }
}
