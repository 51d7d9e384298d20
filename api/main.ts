// Production entry: open the database (migrate, seed), load the built site and serve on PORT. With
// WORKERS=N (default: every core in production), this primary process then starts N-1 workers of the same
// entry on the same port (api/workers.ts); they skip migrations and seeding, which happened here once.
import { removeStartGuard } from './start-guard';
import { startBackgroundJobs } from './background';
import { seedIfEmpty } from './seed';
import { createContext } from './context';
import { loadSite, startServer } from './server';
import { exitWithPrimary, startWorkers, workerNumber } from './workers';

const worker = workerNumber();
if (worker) exitWithPrimary();
const startedAt = performance.now();
const ctx = await createContext({ migrate: !worker });
if (!worker && ctx.env.seed) await seedIfEmpty(ctx);
// A seed or a process stopped without closing can leave a write-ahead log as large as the data (63 MB after
// SEED=scale): folded in now, not by the first write's automatic checkpoint while requests wait (140 ms here).
if (!worker) await ctx.db.checkpoint();
if (!worker)
  console.log(
    `[fogline] database ready in ${Math.round(performance.now() - startedAt)} ms (migrations applied${ctx.env.seed ? ', demo data seeded if empty' : ''})`,
  );
const site = await loadSite();
if (!site && !worker) console.warn('[fogline] dist/ not found: run `bun run build` first. Serving the API only.');
const workers = ctx.env.workers;
const { url, server } = startServer({ ctx, site, reusePort: workers > 1 });
// With PORT=0 the port is known only now: links in emails use it unless PUBLIC_URL names the public origin.
if (!process.env.PUBLIC_URL?.trim()) ctx.env.publicUrl = url;
removeStartGuard();
// Every process schedules the timed jobs; the database lets exactly one of them run each (api/lib/jobs.ts).
startBackgroundJobs(ctx);

if (worker) {
  console.log(`[fogline] worker ${worker} serving on ${url}`);
} else {
  const pool = workers > 1 ? await startWorkers(workers, Number(server.port)) : null;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void (pool?.stop() ?? Promise.resolve()).then(() => process.exit(0)));
  }
  const database = ctx.env.databaseUrl.startsWith('file:') ? 'embedded libSQL' : 'libSQL server';
  console.log(`[fogline] listening on ${url} (database: ${database}; ${workers} ${workers === 1 ? 'process' : 'processes'})`);
}
