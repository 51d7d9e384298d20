// Multi-row INSERTs as plain statement text and arguments, for a write's hot path: Drizzle assembles an INSERT chunk by
// chunk, which for a group commit's rows cost more than SQLite's running it (about 50 µs per booking row, issue 23).
// The statement is the one Drizzle's insert writes for plain values: every column of the table in order, a column a
// row leaves out taking its default or default function as Drizzle's would, each value through the column's own
// mapping to the driver (dates to epoch ms, JSON to text, booleans to 0/1). Runs inside a write's transaction.
import type { InStatement, InValue, ResultSet, Row, Transaction } from '@libsql/client';
import { type Column, getTableColumns, getTableName, is, SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Tx } from './client';

/** A value written as SQL text with its own arguments (a subquery: a booking copying its class's policy). */
export class SqlValue {
  constructor(
    readonly text: string,
    readonly args: InValue[],
  ) {}
}

type Insertable<T extends SQLiteTable> = { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SqlValue };

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The value Drizzle's insert gives a column a row leaves out (dialect.buildInsertQuery). */
function defaultOf(column: Column): unknown {
  if (column.default !== null && column.default !== undefined) return column.default;
  if (column.defaultFn !== undefined) return column.defaultFn();
  if (column.onUpdateFn !== undefined) return column.onUpdateFn();
  return null;
}

/** `INSERT INTO table (...) VALUES (...), (...)`, optionally `RETURNING` every column (rowsOf maps them back). */
export function insertRows<T extends SQLiteTable>(table: T, rows: Insertable<T>[], options: { returning?: boolean } = {}): InStatement {
  // As Drizzle's insert, leaving out the columns it never writes (generated ones).
  const columns = Object.entries(getTableColumns(table)).filter(
    ([, column]) => !(column as { shouldDisableInsert?: () => boolean }).shouldDisableInsert?.(),
  );
  const names = columns.map(([, column]) => quoted(column.name)).join(', ');
  const args: InValue[] = [];
  const tuples: string[] = [];
  for (const row of rows) {
    const parts: string[] = [];
    for (const [key, column] of columns) {
      const given = (row as Record<string, unknown>)[key];
      const value = given === undefined ? defaultOf(column) : given;
      if (value instanceof SqlValue) {
        parts.push(value.text);
        args.push(...value.args);
        continue;
      }
      // A default written as SQL: Drizzle's builder is the place for it.
      if (is(value, SQL)) throw new Error(`insertRows: ${getTableName(table)}.${column.name} has an SQL value`);
      parts.push('?');
      args.push(value === null ? null : (column.mapToDriverValue(value) as InValue));
    }
    tuples.push(`(${parts.join(', ')})`);
  }
  const returning = options.returning ? ` returning ${names}` : '';
  return { sql: `insert into ${quoted(getTableName(table))} (${names}) values ${tuples.join(', ')}${returning}`, args };
}

/** RETURNING rows as Drizzle maps a table's rows (keys by field, values from the driver's). */
export function rowsOf<T extends SQLiteTable>(table: T, rows: Row[]): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((row) => {
    const mapped: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return mapped as T['$inferSelect'];
  });
}

/** Runs a statement inside the write's transaction (or savepoint) `tx`. */
export function runInWrite(tx: Tx, statement: InStatement): Promise<ResultSet> {
  // Drizzle's libSQL transaction keeps the client's transaction in its session (not part of its public types).
  const client = (tx as unknown as { session?: { tx?: Transaction } }).session?.tx;
  if (!client) throw new Error('runInWrite: not inside a write transaction');
  return client.execute(statement);
}
