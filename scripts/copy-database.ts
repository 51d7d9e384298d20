// Copies a whole Fogline database into another, empty one: the move from the embedded file to a libSQL server
// (sqld, Turso), or back. Stop the servers writing to the source first (or copy a backup of it).
//   bun scripts/copy-database.ts <from-url> <to-url>      e.g. file:data/fogline.db http://127.0.0.1:8089
// DATABASE_AUTH_TOKEN is sent to the target. Both get the current migrations; the rows go over in foreign-key
// order (so triggers that fill the search index and cache tags see their parents) in one write transaction;
// a row a trigger already made in the target (a cache tag) is kept. "Empty" means as a fresh migration leaves
// it: rows a migration itself inserts (the platform waiver) are in the source too, and the source's win.
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDb } from '../db/client';
import { migrateDb } from '../db/migrate';

const BATCH = 200;

/** The tables that hold data: not SQLite's, not the migrations journal, not virtual tables or their shadows
 * (the full-text index is refilled by triggers as the rows arrive). */
async function dataTables(db: Db): Promise<string[]> {
  const rows = (await db.client.execute("select name, sql from sqlite_master where type = 'table' order by name")).rows as unknown as {
    name: string;
    sql: string;
  }[];
  const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql)).map((r) => r.name);
  return rows
    .map((r) => r.name)
    .filter(
      (name) =>
        !name.startsWith('sqlite_') && !name.startsWith('__drizzle') && !virtual.some((v) => name === v || name.startsWith(`${v}_`)),
    );
}

/** Parents before children, following the foreign keys. */
async function inForeignKeyOrder(db: Db, tables: string[]): Promise<string[]> {
  const parents = new Map<string, string[]>();
  for (const table of tables) {
    const keys = (await db.client.execute({ sql: 'select "table" as parent from pragma_foreign_key_list(?)', args: [table] })).rows;
    parents.set(
      table,
      keys.map((k) => String(k.parent)).filter((p) => p !== table && tables.includes(p)),
    );
  }
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const parent of parents.get(table) ?? []) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

async function rowCount(db: Db, table: string): Promise<number> {
  return Number((await db.client.execute(`select count(*) as n from "${table}"`)).rows[0]!.n);
}

/** A table's rows in a comparable form (columns in order, rows by rowid). */
async function rowsOf(db: Db, table: string): Promise<string> {
  const { rows } = await db.client.execute(`select * from "${table}" order by rowid`);
  return JSON.stringify(rows.map((row) => Object.values(row)));
}

/** What the migrations alone put in each table: a newly migrated database, thrown away after. */
async function migrationRows(tables: string[]): Promise<Map<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'fogline-migrated-'));
  const fresh = await openDb(`file:${join(dir, 'fresh.db')}`);
  try {
    await migrateDb(fresh);
    const seeded = new Map<string, string>();
    for (const table of tables) if ((await rowCount(fresh, table)) > 0) seeded.set(table, await rowsOf(fresh, table));
    return seeded;
  } finally {
    fresh.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function copyDatabase(fromUrl: string, toUrl: string, toToken?: string): Promise<Record<string, number>> {
  const [from, to] = [await openDb(fromUrl), await openDb(toUrl, toToken)];
  try {
    await migrateDb(from);
    await migrateDb(to);
    const tables = await inForeignKeyOrder(from, await dataTables(from));
    const fromMigrations = await migrationRows(tables);
    for (const table of tables) {
      const empty = fromMigrations.has(table) ? (await rowsOf(to, table)) === fromMigrations.get(table) : (await rowCount(to, table)) === 0;
      if (!empty) throw new Error(`The target database is not empty (table ${table} has rows): copy into a new one.`);
    }
    const copied: Record<string, number> = {};
    await to.write(async (tx) => {
      // The migrations' rows make way for the source's (which had the same migrations, and may have changed them since).
      for (const table of [...tables].reverse()) if (fromMigrations.has(table)) await tx.run(sql`delete from ${sql.identifier(table)}`);
      for (const table of tables) {
        const { columns, rows } = await from.client.execute(`select * from "${table}"`);
        const list = sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        );
        for (let i = 0; i < rows.length; i += BATCH) {
          const values = rows.slice(i, i + BATCH).map(
            (row) =>
              sql`(${sql.join(
                columns.map((c) => sql`${row[c] ?? null}`),
                sql`, `,
              )})`,
          );
          await tx.run(sql`insert into ${sql.identifier(table)} (${list}) values ${sql.join(values, sql`, `)} on conflict do nothing`);
        }
        copied[table] = rows.length;
      }
    });
    for (const table of tables) {
      if ((await rowCount(to, table)) !== copied[table])
        throw new Error(`Table ${table}: ${copied[table]} rows read, but the target has ${await rowCount(to, table)}`);
    }
    return copied;
  } finally {
    from.close();
    to.close();
  }
}

if (import.meta.main) {
  const [fromUrl, toUrl] = process.argv.slice(2);
  if (!fromUrl || !toUrl) {
    console.error('Usage: bun scripts/copy-database.ts <from-url> <to-url>   (e.g. file:data/fogline.db http://127.0.0.1:8089)');
    process.exit(2);
  }
  const copied = await copyDatabase(fromUrl, toUrl, process.env.DATABASE_AUTH_TOKEN);
  const total = Object.values(copied).reduce((sum, n) => sum + n, 0);
  console.log(`Copied ${total} rows in ${Object.keys(copied).length} tables from ${fromUrl} to ${toUrl}:`);
  for (const [table, n] of Object.entries(copied)) if (n) console.log(`  ${table.padEnd(24)} ${n}`);
}
