// Catalogue benchmark (issue 9): GET /api/classes?limit=24 under many filter combinations, one request at a
// time (so the latency is the server's time plus loopback), beside a bare Bun.serve answering the same bytes
// from memory; then the size of every public page and JSON answer against the 150 KB / 300 KB budgets.
// `bun scripts/bench/catalog.ts [rounds]` starts the product on a fresh SEED=scale database (the site must be
// built for the page sizes); `benchCatalog(base)` measures a server that is already running.
import { spawn } from 'bun';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAX_HTML = 150 * 1024;
const MAX_JSON = 300 * 1024;

/** A Pacific calendar day n days from now. */
const dayFromNow = (n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(Date.now() + n * 86_400_000));

/** Filter combinations a visitor makes: none, each filter, mixes, text of every length, deep pages. */
function combinations(categoryIds: number[]): string[] {
  const [a = 1, b = 2, c = 3] = categoryIds;
  return [
    '',
    'q=yoga',
    'q=ma',
    'q=sunset%20flow',
    'q=maya%20chen',
    'q=yoga&sort=relevance',
    `type=${a}`,
    `category=${b}&ageGroup=Kids`,
    'ageGroup=Adults&city=San%20Francisco',
    'city=oak',
    `date=${dayFromNow(3)}`,
    `q=run&type=${c}&city=francisco&date=${dayFromNow(10)}`,
    `q=park&ageGroup=Adults&type=${a}`,
    'offset=240',
    'offset=6000',
    'q=no%20such%20class%20anywhere',
  ].map((query) => `/api/classes?${query ? `${query}&` : ''}limit=24`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeOne(url: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - start;
}

export interface CatalogBench {
  p50: number;
  p99: number;
  ceilingP50: number;
  ceilingP99: number;
  oversized: string[];
}

/** Measures the catalogue of the server at `base` and prints the figures. */
export async function benchCatalog(base: string, rounds = 40): Promise<CatalogBench> {
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
  const urls = combinations(categories.map((c) => c.id));
  // The ceiling: the first answer's bytes from memory, asked the same way.
  const body = await (await fetch(base + urls[0]!)).arrayBuffer();
  const bare = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response(body, { headers: { 'content-type': 'application/json' } }) });
  const ceilingUrl = `http://127.0.0.1:${bare.port}/`;

  for (const path of urls) await timeOne(base + path); // warm-up: caches, prepared statements
  const all: number[] = [];
  const ceiling: number[] = [];
  const byPath = new Map<string, number[]>(urls.map((u) => [u, []]));
  for (let round = 0; round < rounds; round++) {
    for (const path of urls) {
      const ms = await timeOne(base + path);
      all.push(ms);
      byPath.get(path)!.push(ms);
      ceiling.push(await timeOne(ceilingUrl));
    }
  }
  bare.stop(true);
  all.sort((x, y) => x - y);
  ceiling.sort((x, y) => x - y);
  console.log(`\nCatalogue: GET /api/classes?limit=24, ${urls.length} filter combinations x ${rounds} rounds, one request at a time`);
  for (const [path, times] of byPath) {
    times.sort((x, y) => x - y);
    console.log(`  ${path.replace('/api/classes?', '').padEnd(70)} p50 ${percentile(times, 50).toFixed(2).padStart(6)} ms   max ${times.at(-1)!.toFixed(2).padStart(6)} ms`);
  }
  const result: CatalogBench = { p50: percentile(all, 50), p99: percentile(all, 99), ceilingP50: percentile(ceiling, 50), ceilingP99: percentile(ceiling, 99), oversized: [] };
  console.log(`  all: p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms (budget: p50 <= 10, p99 <= 30); bare Bun.serve, same bytes: p50 ${result.ceilingP50.toFixed(2)} ms, p99 ${result.ceilingP99.toFixed(2)} ms`);

  result.oversized = await checkSizes(base);
  return result;
}

/** Every public page and JSON answer at this scale, uncompressed, against the budgets. */
async function checkSizes(base: string): Promise<string[]> {
  const json = async <T>(path: string) => (await (await fetch(base + path)).json()) as T;
  const coaches = await json<{ id: number }[]>('/api/coaches?limit=1');
  const first = (await json<{ id: number; coachId: number }[]>('/api/classes?q=weekly&limit=1'))[0];
  const posts = await json<{ slug: string }[] | { posts: { slug: string }[] }>('/api/blog');
  const slug = (Array.isArray(posts) ? posts : posts.posts)[0]?.slug ?? 'none';
  const coachId = first?.coachId ?? coaches[0]?.id ?? 1;
  const paths = [
    '/', '/classes', '/classes?q=yoga', `/classes/${first?.id ?? 1}`, '/coaches', `/coaches/${coachId}`, `/coaches/${coaches[0]?.id ?? 1}`, '/blog', `/blog/${slug}`, '/about', '/faq', '/contact',
    '/api/classes', '/api/classes?limit=100&includeSchedules=true', '/api/classes?all=true&includeSchedules=true', '/api/classes/pins?zoom=16', '/api/classes/pins?zoom=12',
    '/api/categories', '/api/cities', '/api/coaches', `/api/coaches/${coachId}/classes`, `/api/coaches/${coachId}/classes?when=past&limit=100`, `/api/reviews/coach/${coachId}`, '/api/blog',
  ];
  const oversized: string[] = [];
  let largestPage = ['', 0] as [string, number];
  let largestJson = ['', 0] as [string, number];
  for (const path of paths) {
    const bytes = (await (await fetch(base + path)).arrayBuffer()).byteLength;
    const isJson = path.startsWith('/api/');
    if (bytes > (isJson ? MAX_JSON : MAX_HTML)) oversized.push(`${path} ${(bytes / 1024).toFixed(0)} KB`);
    if (isJson && bytes > largestJson[1]) largestJson = [path, bytes];
    if (!isJson && bytes > largestPage[1]) largestPage = [path, bytes];
  }
  console.log(`  sizes: largest page ${largestPage[0]} ${(largestPage[1] / 1024).toFixed(1)} KB (budget 150), largest JSON ${largestJson[0]} ${(largestJson[1] / 1024).toFixed(1)} KB (budget 300)${oversized.length ? `; OVER: ${oversized.join(', ')}` : '; none over'}`);
  return oversized;
}

if (import.meta.main) {
  const root = join(import.meta.dir, '../..');
  const dataDir = mkdtempSync(join(tmpdir(), 'fogline-bench-catalog-'));
  const product = spawn(['bun', 'api/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'production', DATABASE_URL: '', SEED: 'scale', WORKERS: '1' },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  let out = '';
  const reader = product.stdout.getReader();
  while (!/listening on (http:\/\/\S+)/.test(out)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the product ended:\n${out}`);
    out += new TextDecoder().decode(value);
  }
  console.log(out.trim());
  const base = out.match(/listening on (http:\/\/\S+)/)![1]!.replace('localhost', '127.0.0.1');
  try {
    await benchCatalog(base, Number(process.argv[2] ?? 40));
  } finally {
    product.kill();
    await product.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
