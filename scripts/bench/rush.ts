// `npm run bench -- --rush`: the class drop of issue 23. N signed-in customers book free classes all at once
// (half of them at one class of 20 spots), then one after another for a few seconds (after a few seconds of the same
// load unmeasured; wrk plays the customers when installed, this process's fetch otherwise), against the production
// server on the embedded file with 1 and 2 workers and on a local sqld the bench starts; each figure beside
// its ceiling measured in the same run (bare bun:sqlite doing BEGIN IMMEDIATE / sum the spots taken / insert on
// a WAL file; for sqld, @libsql/client with one interactive write transaction per booking), then the cost of
// each phase of one booking, measured in this process on the same code (api/), one phase at a time.
//   bun scripts/bench.ts --rush [seconds] [customers...]     (default: 8 s, 200 and 1000 customers)
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { spawn } from 'bun';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { createSessions, SESSION_COOKIE, validateSessionToken } from '../../api/auth/session';
import { FreeBookingBody } from '../../api/bookings/model';
import { createContext } from '../../api/context';
import { envForDataDir } from '../../api/env';
import { systemClock } from '../../api/lib/clock';
import { buildIcs } from '../../api/lib/ics';
import { bookingConfirmation } from '../../api/notices/booking-emails';
import { bookingEvent } from '../../api/notices/calendar-event';
import { TagWatcher } from '../../api/render-cache/tag-watcher';
import { bookFree } from '../../api/spots/book';
import { toBookingJson } from '../../api/spots/shape';
import { type Db, openDb, type Tx, whileLocked } from '../../db/client';
import { classes, users } from '../../db/schema';
import { isBusy } from '../../db/connections';
import { launchSqld, sqldBinary } from '../lib/sqld';
import { bareBookingLoop, prepareBareFile } from './bare-sqlite';
import { type Budget, root, waitForLine, wrk } from './harness';

/** Spots of the one class half of the first burst goes for. */
const HOT_CAPACITY = 20;

interface Setup {
  name: string;
  databaseUrl: (dataDir: string) => string;
  workers: number;
  kind: 'file' | 'sqld';
}

interface RushResult {
  setup: Setup;
  customers: number;
  burstMs: number;
  burstP99: number;
  burstHotConfirmed: number;
  burstHotStored: number;
  burstOther201: number;
  burst5xx: number;
  bookingsPerSecond: number;
  p50: number;
  p99: number;
  sustained5xx: number;
  /** Requests the client got no answer to at all (the connection failed or was reset: a saturated machine). */
  unanswered: number;
  ceilingPerSecond: number;
}

/** A port nobody listens on now (the OS picks it). */
function freePort(): number {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Customers with live sessions and the classes they book, written straight into the product's database. */
export async function populate(db: Db, customers: number, loopClasses: number) {
  const start = new Date(Date.now() + 7 * 24 * 3_600_000);
  const classRow = (title: string, capacity: number, coachId: number, i: number) => ({
    title,
    description: 'A class of the drop.',
    priceCents: 0,
    capacity,
    coachId,
    location: 'Crissy Field',
    address: '1199 E Beach, San Francisco, CA 94129',
    startTime: new Date(start.getTime() + i * 3_600_000),
    endTime: new Date(start.getTime() + i * 3_600_000 + 60 * 60_000),
  });
  const stamp = Math.random().toString(36).slice(2, 8);
  // On sqld the server just started may hold the write lock (its jobs' first runs) past sqld's own wait: a write
  // refused so wrote nothing, and is sent again.
  const setUp = <T>(fn: (tx: Tx) => Promise<T>) => whileLocked(() => db.write(fn));
  const [coach] = await setUp((tx) =>
    tx
      .insert(users)
      .values({ email: `rush-coach-${stamp}@fogline.test`, firstName: 'Dana', lastName: 'Drop', role: 'coach', isApproved: true })
      .returning(),
  );
  const [hot] = await setUp((tx) =>
    tx
      .insert(classes)
      .values(classRow('The Drop: Saturday Sunrise', HOT_CAPACITY, coach!.id, 0))
      .returning(),
  );
  // Classes with room for everyone: the other half of the burst, then one after another in the loop.
  const roomy = await setUp((tx) =>
    tx
      .insert(classes)
      .values(Array.from({ length: loopClasses + 1 }, (_, i) => classRow(`Open Session ${i + 1}`, customers, coach!.id, i + 1)))
      .returning({ id: classes.id }),
  );
  const people = await setUp((tx) =>
    tx
      .insert(users)
      .values(
        Array.from({ length: customers }, (_, i) => ({
          email: `rush-${stamp}-${i}@fogline.test`,
          firstName: 'Casey',
          lastName: `Customer ${i}`,
          role: 'customer' as const,
          isApproved: true,
        })),
      )
      .returning({ id: users.id }),
  );
  const sessions = await whileLocked(() =>
    createSessions(
      db,
      systemClock,
      people.map((person) => person.id),
    ),
  );
  const cookies = sessions.map((session) => `${SESSION_COOKIE}=${session.token}`);
  return { hotId: hot!.id, burstOtherId: roomy[0]!.id, loopIds: roomy.slice(1).map((row) => row.id), cookies };
}

/** Every booking accepts the platform waiver (a fresh database's id 1, version 1) with an emergency contact, as
 * the class page sends it (api/spots/waivers.ts): the bench measures the booking as customers make it. */
const WAIVER_ACCEPTANCE = {
  waivers: [{ id: 1, version: 1 }],
  emergencyContact: { name: 'Robin Bench', phone: '+1 415 555 0100' },
  attendees: [{ position: 0, accepted: true }],
};

export async function book(base: string, cookie: string, classId: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/bookings/free`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ classId, quantity: 1, waiverAcceptance: WAIVER_ACCEPTANCE }),
  }).catch(() => null);
  if (res) await res.arrayBuffer();
  return { status: res?.status ?? 0, ms: performance.now() - started };
}

async function startServer(setup: Setup, dataDir: string, databaseUrl: string, profileDir: string | null) {
  // --profile: Bun's sampling profiler on the server, written (.cpuprofile and a markdown summary) when it exits.
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-md', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(['bun', ...profile, 'api/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      WEATHER: 'sample', // production reads NWS: a bench never leaves the machine
      SEED: 'none',
      UPLOADS: 'local',
      WORKERS: String(setup.workers),
    },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const base = (await waitForLine(child, /listening on (http:\/\/\S+)/)).replace('localhost', '127.0.0.1');
  return { base, child };
}

/** The ceiling for a file: one process, bare bun:sqlite, the booking's transaction in a loop on a WAL file. */
function fileCeiling(seconds: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'fogline-rush-ceiling-'));
  try {
    const file = join(dir, 'ceiling.db');
    prepareBareFile(file);
    return bareBookingLoop(file, seconds) / seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same loop in two processes on one file at once: the database's own two-process figure (transactions/s). */
async function sharedFileCeiling(seconds: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'fogline-rush-ceiling-'));
  try {
    const file = join(dir, 'ceiling.db');
    prepareBareFile(file);
    const startAt = String(Date.now() + 500);
    const counts = await Promise.all(
      [0, 1].map(async () => {
        const child = spawn(['bun', join(root, 'scripts/bench/bare-sqlite.ts'), file, String(seconds), startAt], { stdout: 'pipe' });
        const out = (await new Response(child.stdout).text()).trim();
        if ((await child.exited) !== 0 || !/^\d+$/.test(out)) throw new Error(`bare SQLite in a second process failed: ${out}`);
        return Number(out);
      }),
    );
    return (counts[0]! + counts[1]!) / seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The ceiling for sqld: one interactive write transaction per booking through @libsql/client, `parallel` at a time.
 * One at a time is sqld's best (3 s on a fresh sqld: 1 at a time 633/s, 4 462/s, 64 487/s; 16 once kept sqld's
 * threads spinning for minutes, its transactions waiting on each other's lock), so that is the ceiling's. */
async function sqldCeiling(url: string, seconds: number, parallel = 1): Promise<number> {
  const client = createClient({ url });
  await client.execute(
    'CREATE TABLE IF NOT EXISTS rush_ceiling (id INTEGER PRIMARY KEY AUTOINCREMENT, class_id INTEGER NOT NULL, user_id INTEGER NOT NULL, quantity INTEGER NOT NULL, status TEXT NOT NULL)',
  );
  await client.execute('CREATE INDEX IF NOT EXISTS rush_ceiling_class_idx ON rush_ceiling (class_id, status)');
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: parallel }, async (_, lane) => {
      while (performance.now() < until) {
        // A transaction refused as locked past sqld's wait (another lane, or a server of an earlier run still
        // finishing) is tried again, uncounted.
        const tx = await client.transaction('write').catch((error: unknown) => {
          if (isBusy(error)) return null;
          throw error;
        });
        if (!tx) continue;
        try {
          const classId = (done + lane) % 300;
          const taken = await tx.execute({
            sql: "SELECT coalesce(sum(quantity), 0) AS n FROM rush_ceiling WHERE class_id = ? AND status = 'confirmed'",
            args: [classId],
          });
          if (Number(taken.rows[0]?.n ?? 0) < 1_000_000)
            await tx.execute({
              sql: "INSERT INTO rush_ceiling (class_id, user_id, quantity, status) VALUES (?, ?, 1, 'confirmed')",
              args: [classId, lane],
            });
          await tx.commit();
          done++;
        } catch (error) {
          if (!isBusy(error)) throw error;
        } finally {
          tx.close();
        }
      }
    }),
  );
  client.close();
  return done / seconds;
}

/** Seconds of the sustained load before it is measured (the same load, on classes of its own). */
const WARM_UP_SECONDS = 3;

type World = Awaited<ReturnType<typeof populate>>;
interface Sustained {
  booked: number;
  seconds: number;
  p50: number;
  p99: number;
  serverErrors: number;
  /** Requests that got no answer at all (a connection failed or timed out). */
  unanswered: number;
}

/** The customers one after another, as wrk connections (one per customer, each sending its next booking when the last
 * answer came): wrk costs the shared machine far less per request than a JS client, so the servers are measured (as
 * for the pages, harness.ts `load`). The script hands out (customer, class) pairs in order, each once: the warm-up
 * takes the first classes, the measured run the next ones. */
async function sustainedWithWrk(base: string, world: World, seconds: number): Promise<Sustained> {
  const dir = mkdtempSync(join(tmpdir(), 'fogline-rush-wrk-'));
  try {
    const customers = world.cookies.length;
    const warmClasses = Math.ceil(world.loopIds.length * (WARM_UP_SECONDS / (WARM_UP_SECONDS + seconds)));
    const body = (classId: string) =>
      `'{"classId":' .. ${classId} .. ',"quantity":1,"waiverAcceptance":${JSON.stringify(WAIVER_ACCEPTANCE).replace(/'/g, "\\'")}}'`;
    const script = (firstClass: number) => `
local cookies = {${world.cookies.map((cookie) => JSON.stringify(cookie)).join(', ')}}
local classes = {${world.loopIds.join(', ')}}
local turn = ${firstClass * customers}
created = 0
failed = 0
wrk.method = "POST"
wrk.headers["content-type"] = "application/json"
wrk.headers["origin"] = "${base}"
request = function()
  local k = math.min(math.floor(turn / ${customers}) + 1, #classes)
  wrk.headers["cookie"] = cookies[(turn % ${customers}) + 1]
  turn = turn + 1
  return wrk.format(nil, "/api/bookings/free", nil, ${body('classes[k]')})
end
response = function(status)
  if status == 201 then created = created + 1 elseif status >= 500 then failed = failed + 1 end
end
local threads = {}
setup = function(thread) table.insert(threads, thread) end
done = function(summary, latency)
  local c, f = 0, 0
  for _, thread in ipairs(threads) do c = c + thread:get("created"); f = f + thread:get("failed") end
  local e = summary.errors
  io.write(string.format("FOGLINE %d %d %d %d %f %f\\n", c, f, e.connect + e.read + e.write + e.timeout, summary.duration,
    latency:percentile(50), latency:percentile(99)))
end
`;
    const run = async (firstClass: number, duration: number) => {
      const file = join(dir, `rush-${firstClass}.lua`);
      writeFileSync(file, script(firstClass));
      const args = [wrk!, '-t1', `-c${customers}`, `-d${duration}s`, '--timeout', '10s', '-s', file, `${base}/`];
      const out = await new Response(spawn(args, { stdout: 'pipe' }).stdout).text();
      const m = out.match(/FOGLINE (\d+) (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+)/);
      if (!m) throw new Error(`wrk printed no result:\n${out}`);
      const [created, failed, unanswered, micros, p50, p99] = m.slice(1).map(Number) as [number, number, number, number, number, number];
      return { booked: created, seconds: micros / 1e6, p50: p50 / 1000, p99: p99 / 1000, serverErrors: failed, unanswered };
    };
    await run(0, WARM_UP_SECONDS);
    return await run(warmClasses, seconds);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same with this process's fetch as the customers (no wrk installed). */
async function sustainedWithFetch(base: string, world: World, seconds: number): Promise<Sustained> {
  const warmClasses = Math.ceil(world.loopIds.length * (WARM_UP_SECONDS / (WARM_UP_SECONDS + seconds)));
  const loop = async (from: number, to: number, duration: number) => {
    const latencies: number[] = [];
    let booked = 0;
    let serverErrors = 0;
    let unanswered = 0;
    const until = performance.now() + duration * 1000;
    const started = performance.now();
    await Promise.all(
      world.cookies.map(async (cookie) => {
        for (let next = from; performance.now() < until && next < to; next++) {
          const answer = await book(base, cookie, world.loopIds[next]!);
          latencies.push(answer.ms);
          if (answer.status === 201) booked++;
          else if (answer.status === 0) unanswered++;
          else if (answer.status >= 500) serverErrors++;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const elapsed = (performance.now() - started) / 1000;
    return { booked, seconds: elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), serverErrors, unanswered };
  };
  await loop(0, warmClasses, WARM_UP_SECONDS);
  return loop(warmClasses, world.loopIds.length, seconds);
}

async function rush(
  setup: Setup,
  customers: number,
  seconds: number,
  sqldUrl: string | null,
  profileDir: string | null = null,
): Promise<RushResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogline-rush-'));
  const databaseUrl = setup.kind === 'sqld' ? sqldUrl! : `file:${join(dataDir, 'fogline.db')}`;
  // The ceiling first, on a quiet machine: measured after the rush, it ran beside the servers sending the rush's
  // confirmation emails (bare SQLite 17,000/s beside one server, 12,800/s beside two, 21,000-23,000/s quiet; sqld's
  // 190/s, 450-720/s quiet), which flattered the ratios.
  const ceilingPerSecond = setup.kind === 'file' ? fileCeiling(3) : await sqldCeiling(sqldUrl!, 3);
  const server = await startServer(setup, dataDir, databaseUrl, profileDir);
  const db = await openDb(databaseUrl);
  try {
    // Enough classes for every customer to book one after another at 15,000 bookings/s, warm-up included.
    const loopClasses = Math.ceil((15_000 * (WARM_UP_SECONDS + seconds)) / customers) + 1;
    const world = await populate(db, customers, loopClasses);
    // The burst: everyone at once, the first half at the class of 20.
    const burstStarted = performance.now();
    const burst = await Promise.all(
      world.cookies.map((cookie, i) =>
        book(server.base, cookie, i < customers / 2 ? world.hotId : world.burstOtherId).then((r) => ({ ...r, hot: i < customers / 2 })),
      ),
    );
    const burstMs = performance.now() - burstStarted;
    const stored = await db.get<{ n: number }>(
      sql`select coalesce(sum(quantity), 0) as n from bookings where class_id = ${world.hotId} and status = 'confirmed'`,
    );
    // Then one after another: each customer books the next class as soon as the last answer came, first for
    // WARM_UP_SECONDS (unmeasured: the servers' JIT compiles the booking path, as in any server running before a
    // drop), then for `seconds`, measured.
    const sustained = wrk ? await sustainedWithWrk(server.base, world, seconds) : await sustainedWithFetch(server.base, world, seconds);
    return {
      setup,
      customers,
      burstMs,
      burstP99: percentile(
        burst.map((r) => r.ms).sort((a, b) => a - b),
        99,
      ),
      burstHotConfirmed: burst.filter((r) => r.hot && r.status === 201).length,
      burstHotStored: Number(stored?.n ?? 0),
      burstOther201: burst.filter((r) => !r.hot && r.status === 201).length,
      burst5xx: burst.filter((r) => r.status >= 500).length,
      bookingsPerSecond: sustained.booked / sustained.seconds,
      p50: sustained.p50,
      p99: sustained.p99,
      sustained5xx: sustained.serverErrors,
      unanswered: sustained.unanswered + burst.filter((r) => r.status === 0).length,
      ceilingPerSecond,
    };
  } finally {
    db.close();
    // SIGINT: the server exits through its handler, so the profiler writes its files.
    server.child.kill(profileDir ? 'SIGINT' : 'SIGTERM');
    await server.child.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Item 1 of the issue: where a booking's time goes, one phase at a time, on the product's own code and a fresh
 * embedded file, `rounds` bookings each (microseconds per booking). */
async function phaseTimings(rounds: number): Promise<{ phase: string; us: number }[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogline-rush-phases-'));
  const ctx = await createContext({ env: { ...envForDataDir(dataDir), seed: false }, clock: systemClock });
  try {
    const world = await populate(ctx.db, rounds, 1);
    const tokens = world.cookies.map((cookie) => cookie.slice(SESSION_COOKIE.length + 1));
    const watcher = new TagWatcher(ctx.db.client);
    await watcher.poll();
    const timings: { phase: string; us: number }[] = [];
    const time = async (phase: string, run: (i: number) => unknown) => {
      const started = performance.now();
      for (let i = 0; i < rounds; i++) await run(i);
      timings.push({ phase, us: ((performance.now() - started) * 1000) / rounds });
    };
    const sessions = await Promise.all(tokens.map((token) => validateSessionToken(ctx.db, systemClock, token)));
    await time('session (cookie -> user, read only)', (i) => validateSessionToken(ctx.db, systemClock, tokens[i]!));
    await time('validation (body schema)', () =>
      v.parse(FreeBookingBody, { classId: world.burstOtherId, quantity: 1, waiverAcceptance: WAIVER_ACCEPTANCE }),
    );
    const created: Awaited<ReturnType<typeof bookFree>>[] = [];
    await time('the transaction, one at a time (BEGIN IMMEDIATE .. COMMIT)', async (i) =>
      created.push(
        await bookFree(ctx, sessions[i]!.user, { classId: world.burstOtherId, quantity: 1, waiverAcceptance: WAIVER_ACCEPTANCE }),
      ),
    );
    // The same bookings all at once: the group commit shares one transaction among up to 64 (µs per booking).
    const groupStarted = performance.now();
    await Promise.all(
      sessions.map((session) =>
        bookFree(ctx, session!.user, { classId: world.loopIds[0]!, quantity: 1, waiverAcceptance: WAIVER_ACCEPTANCE }),
      ),
    );
    timings.push({ phase: `the transaction, ${rounds} at once (group commit)`, us: ((performance.now() - groupStarted) * 1000) / rounds });
    await time('cache invalidation (read own tag bumps)', () => watcher.poll());
    await time('mail (confirmation rendered, now after the answer)', (i) =>
      bookingConfirmation(ctx, created[i]!.booking, created[i]!.cls, sessions[i]!.user),
    );
    await time('calendar attachment (.ics, now after the answer)', (i) =>
      buildIcs(
        bookingEvent(ctx, created[i]!.booking, { ...created[i]!.cls, startTime: created[i]!.cls.startTime! }, '', {
          cancelled: false,
          stamp: new Date(),
        }),
      ),
    );
    await time('response (answer shaped and serialised)', (i) =>
      JSON.stringify(toBookingJson(created[i]!.booking, created[i]!.cls, new Date(), created[i]!.attendees)),
    );
    return timings;
  } finally {
    ctx.db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchRush(options: {
  seconds: number;
  customers: number[];
  profileDir?: string;
  setups?: string[];
}): Promise<Budget[]> {
  const wanted = (name: string) => !options.setups || options.setups.includes(name);
  const setups: Setup[] = [
    { name: 'embedded file, 1 process', kind: 'file' as const, workers: 1, databaseUrl: () => '', key: 'file-1' },
    { name: 'embedded file, 2 processes', kind: 'file' as const, workers: 2, databaseUrl: () => '', key: 'file-2' },
  ].filter((setup) => wanted(setup.key));
  let sqld: Awaited<ReturnType<typeof launchSqld>> | null = null;
  const sqldDir = mkdtempSync(join(tmpdir(), 'fogline-rush-sqld-'));
  if (!wanted('sqld')) {
    // not asked for
  } else if (sqldBinary()) {
    sqld = await launchSqld({ dir: sqldDir, port: freePort() });
    setups.push({ name: 'sqld, 2 processes', kind: 'sqld', workers: 2, databaseUrl: () => sqld!.url });
  } else {
    console.log('sqld is not installed: its rows are skipped.');
  }
  const results: RushResult[] = [];
  const unfinished: string[] = [];
  try {
    for (const customers of options.customers) {
      for (const setup of setups) {
        // One sqld database per run: a fresh namespace is not available without an admin port, so sqld runs
        // share the database (the data of each run is its own: new customers and classes).
        // The profile covers the first run on one process and the file (its burst and its sustained bookings).
        const profileHere =
          options.profileDir && setup.kind === 'file' && setup.workers === 1 && customers === options.customers[0]
            ? options.profileDir
            : null;
        let r: RushResult;
        try {
          r = await rush(setup, customers, options.seconds, sqld?.url ?? null, profileHere);
        } catch (error) {
          // One run that could not finish (the machine or sqld too busy to set it up) fails its line, not the bench.
          console.log(`${String(customers).padStart(5)}  ${setup.name.padEnd(28)} did not finish: ${(error as Error).message}`);
          unfinished.push(`${setup.name}, ${customers}`);
          continue;
        }
        results.push(r);
        console.log(
          `${String(customers).padStart(5)}  ${setup.name.padEnd(28)} ${r.bookingsPerSecond.toFixed(0).padStart(7)}/s ${r.p50.toFixed(0).padStart(6)} ms ${r.p99.toFixed(0).padStart(6)} ms   burst ${r.burstMs.toFixed(0).padStart(5)} ms (p99 ${r.burstP99.toFixed(0)} ms), ${r.burstHotConfirmed} of ${HOT_CAPACITY} (${r.burstHotStored} stored)${r.burst5xx + r.sustained5xx ? `, ${r.burst5xx + r.sustained5xx} 5xx` : ''}${r.unanswered ? `, ${r.unanswered} unanswered` : ''}   ceiling ${r.ceilingPerSecond.toFixed(0)}/s, ratio ${(r.bookingsPerSecond / r.ceilingPerSecond).toFixed(3)}`,
        );
        if (profileHere) console.log(`       (CPU profile of that server: ${profileHere}/*.cpuprofile, summary in *.md)`);
      }
    }
  } finally {
    if (sqld) {
      sqld.child.kill();
      await sqld.child.exited;
    }
    rmSync(sqldDir, { recursive: true, force: true });
  }

  // What two processes sharing one file give the database itself, beside the product's two-process ratio.
  let bare: { one: number; two: number } | null = null;
  if (wanted('file-1') && wanted('file-2')) {
    try {
      bare = { one: fileCeiling(3), two: await sharedFileCeiling(3) };
    } catch (error) {
      console.log(`\nBare bun:sqlite in two processes did not finish: ${(error as Error).message}`);
    }
  }
  if (bare) {
    console.log(
      `\nBare bun:sqlite on one file (the ceiling's loop): 1 process ${bare.one.toFixed(0)}/s, 2 processes at once ${bare.two.toFixed(0)}/s (${(bare.two / bare.one).toFixed(2)}x): what sharing the file does to the database itself`,
    );
  }

  console.log("\nWhere one booking's time goes (this process, one phase at a time, 200 bookings, µs per booking):");
  for (const { phase, us } of await phaseTimings(200)) console.log(`  ${phase.padEnd(56)} ${us.toFixed(0).padStart(7)} µs`);

  const budgets: Budget[] = unfinished.map((label) => ({ name: `${label}: finished`, measured: 'error', limit: 'ran', pass: false }));
  const find = (kind: 'file' | 'sqld', workers: number, customers: number) =>
    results.find((r) => r.setup.kind === kind && r.setup.workers === workers && r.customers === customers);
  for (const r of results) {
    const label = `${r.setup.name}, ${r.customers}`;
    const exact =
      r.burstHotConfirmed === HOT_CAPACITY && r.burstHotStored === HOT_CAPACITY && r.burst5xx + r.sustained5xx + r.unanswered === 0;
    budgets.push({
      name: `${label}: burst exact, every request answered, no 5xx`,
      measured: `${r.burstHotConfirmed}/${r.burstHotStored}${r.burst5xx + r.sustained5xx + r.unanswered ? ` (${r.burst5xx + r.sustained5xx}+${r.unanswered})` : ''}`,
      limit: `${HOT_CAPACITY}/${HOT_CAPACITY}`,
      pass: exact,
    });
    if (r.setup.kind === 'file' && r.customers === 200) {
      budgets.push({
        name: `${label}: bookings/s`,
        measured: r.bookingsPerSecond.toFixed(0),
        limit: '>= 2000',
        pass: r.bookingsPerSecond >= 2000,
      });
      budgets.push({
        name: `${label}: share of bare SQLite`,
        measured: (r.bookingsPerSecond / r.ceilingPerSecond).toFixed(3),
        limit: '>= 0.15',
        pass: r.bookingsPerSecond / r.ceilingPerSecond >= 0.15,
      });
      budgets.push({ name: `${label}: p99`, measured: `${r.p99.toFixed(0)} ms`, limit: '<= 100 ms', pass: r.p99 <= 100 });
    }
    if (r.setup.kind === 'file' && r.customers === 1000)
      budgets.push({ name: `${label}: burst p99`, measured: `${r.burstP99.toFixed(0)} ms`, limit: '<= 500 ms', pass: r.burstP99 <= 500 });
    if (r.setup.kind === 'sqld' && r.customers === 200) {
      budgets.push({
        name: `${label}: x one-transaction ceiling`,
        measured: (r.bookingsPerSecond / r.ceilingPerSecond).toFixed(2),
        limit: '>= 3',
        pass: r.bookingsPerSecond / r.ceilingPerSecond >= 3,
      });
      budgets.push({ name: `${label}: p99`, measured: `${r.p99.toFixed(0)} ms`, limit: '<= 250 ms', pass: r.p99 <= 250 });
    }
  }
  for (const customers of options.customers) {
    const one = find('file', 1, customers);
    const two = find('file', 2, customers);
    if (one && two && customers === 200)
      budgets.push({
        name: `embedded file, 2 processes / 1, ${customers}${bare ? ` (bare SQLite ${(bare.two / bare.one).toFixed(2)}x)` : ''}`,
        measured: `${(two.bookingsPerSecond / one.bookingsPerSecond).toFixed(2)}x`,
        limit: '>= 1.3x',
        pass: two.bookingsPerSecond / one.bookingsPerSecond >= 1.3,
      });
  }
  return budgets;
}
