// The file's ceiling for the rush (issue 23): bare bun:sqlite doing a booking's transaction (BEGIN IMMEDIATE, sum
// the class's spots taken, insert) in a loop on a WAL file, nothing else. rush.ts runs it in its own process for
// the ceiling, and in two processes on one file at once to show what sharing the file costs the database itself.
//   bun scripts/bench/bare-sqlite.ts <file> <seconds> <start at, epoch ms>   prints the transactions done
import { Database } from 'bun:sqlite';

const SCHEMA = [
  'PRAGMA journal_mode = WAL',
  'CREATE TABLE IF NOT EXISTS bookings (id INTEGER PRIMARY KEY AUTOINCREMENT, class_id INTEGER NOT NULL, user_id INTEGER NOT NULL, quantity INTEGER NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL)',
  'CREATE INDEX IF NOT EXISTS bookings_class_idx ON bookings (class_id, status)',
];

/** Creates the loop's table in `path` (before two processes start on it). */
export function prepareBareFile(path: string): void {
  const db = new Database(path);
  for (const statement of SCHEMA) db.exec(statement);
  db.close();
}

/** Runs the booking transaction on `path` (prepared by prepareBareFile) for `seconds`; answers how many committed. */
export function bareBookingLoop(path: string, seconds: number): number {
  const db = new Database(path);
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL');
  const taken = db.prepare("SELECT coalesce(sum(quantity), 0) AS n FROM bookings WHERE class_id = ? AND status = 'confirmed'");
  const insert = db.prepare("INSERT INTO bookings (class_id, user_id, quantity, status, created_at) VALUES (?, ?, 1, 'confirmed', ?)");
  let done = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    db.exec('BEGIN IMMEDIATE');
    const classId = done % 300;
    if ((taken.get(classId) as { n: number }).n < 1_000_000) insert.run(classId, done, Date.now());
    db.exec('COMMIT');
    done++;
  }
  db.close();
  return done;
}

if (import.meta.main) {
  const [path, seconds, startAt] = process.argv.slice(2);
  // Both processes begin together: each waits for the agreed moment.
  await Bun.sleep(Math.max(0, Number(startAt) - Date.now()));
  console.log(bareBookingLoop(path!, Number(seconds)));
}
