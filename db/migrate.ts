// Applies the drizzle-kit migrations in db/migrations; safe to run on every start (applied ones are skipped).
import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath } from 'node:url';
import type { Db } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function migrateDb(handle: Db): Promise<void> {
  await migrate(handle, { migrationsFolder });
}
