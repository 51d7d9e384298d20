// Production entry: open the database (migrate, seed), load the built site and serve on PORT.
import { createContext } from './context';
import { loadSite, startServer } from './server';

const startedAt = performance.now();
const ctx = await createContext();
console.log(`[fogline] database ready in ${Math.round(performance.now() - startedAt)} ms (migrations applied${ctx.env.seed ? ', demo data seeded if empty' : ''})`);
const site = await loadSite();
if (!site) console.warn('[fogline] dist/ not found: run `bun run build` first. Serving the API only.');
const { url } = startServer({ ctx, site });
// With PORT=0 the port is known only now: links in emails use it unless PUBLIC_URL names the public origin.
if (!process.env.PUBLIC_URL?.trim()) ctx.env.publicUrl = url;
console.log(`[fogline] listening on ${url} (database: ${ctx.env.databaseUrl.startsWith('file:') ? 'embedded libSQL' : 'libSQL server'})`);
