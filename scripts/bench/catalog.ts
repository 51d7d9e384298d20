// Catalogue benchmark (issue 9): GET /api/classes?limit=24 under many filter combinations, one request at a
// time (so the latency is the server's time plus loopback), beside a bare Bun.serve answering the same bytes
// from memory; then the size of every public page and JSON answer against the 150 KB / 300 KB budgets.
// Part of `npm run bench -- --scale`; alone, `bun scripts/bench/catalog.ts [rounds]` starts the product on a
// fresh SEED=scale database (build the site first for the page sizes).
import { type Budget, startProduct } from './harness';

const MAX_HTML = 150 * 1024;
const MAX_JSON = 300 * 1024;

/** A Pacific calendar day n days from now. */
const dayFromNow = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(Date.now() + n * 86_400_000));

/** The nearest sort from a shared location (issue 22): distance measured in SQL over every match. */
const NEAREST = [
  'lat=37.7694&lng=-122.4862&sort=nearest',
  `lat=37.8024&lng=-122.4058&sort=nearest&ageGroup=Adults`,
  'lat=37.7594&lng=-122.5107&sort=nearest&offset=240',
];
const NEAREST_P50_MS = 10;

/** Filter combinations a visitor makes: none, each filter, mixes, text of every length (1 and 2 characters,
 * common and rare, count at most 1,000), deep pages. */
function combinations(categoryIds: number[]): string[] {
  const [a = 1, b = 2, c = 3] = categoryIds;
  return [
    '',
    'q=yoga',
    'q=ma',
    'q=a',
    'q=qz',
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
    ...NEAREST,
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

const P50_MS = 10;
const P99_MS = 30;

/** Measures the catalogue of the server at `base`, prints the figures and answers them as budgets. */
export async function benchCatalog(base: string, rounds = 40): Promise<Budget[]> {
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
  const urls = combinations(categories.map((c) => c.id));
  // The ceiling: the first answer's bytes from memory, asked the same way.
  const body = await (await fetch(base + urls[0]!)).arrayBuffer();
  const bare = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => new Response(body, { headers: { 'content-type': 'application/json' } }),
  });
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
    console.log(
      `  ${path.replace('/api/classes?', '').padEnd(70)} p50 ${percentile(times, 50).toFixed(2).padStart(6)} ms   max ${times.at(-1)!.toFixed(2).padStart(6)} ms`,
    );
  }
  const [p50, p99] = [percentile(all, 50), percentile(all, 99)];
  const bareNote = `bare Bun.serve, same bytes: p50 ${percentile(ceiling, 50).toFixed(2)} ms, p99 ${percentile(ceiling, 99).toFixed(2)} ms`;
  console.log(`  all: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (budget: p50 <= ${P50_MS}, p99 <= ${P99_MS}); ${bareNote}`);
  const nearest = [...byPath]
    .filter(([path]) => path.includes('sort=nearest'))
    .flatMap(([, times]) => times)
    .sort((x, y) => x - y);
  const nearestP50 = percentile(nearest, 50);
  console.log(
    `  nearest first (sort=nearest with lat/lng, ${NEAREST.length} combinations): p50 ${nearestP50.toFixed(2)} ms (budget: p50 <= ${NEAREST_P50_MS})`,
  );
  const oversized = await checkSizes(base);
  return [
    {
      name: 'GET /api/classes?limit=24&sort=nearest (lat/lng), p50',
      measured: `${nearestP50.toFixed(2)} ms`,
      limit: `<= ${NEAREST_P50_MS} ms`,
      pass: nearestP50 <= NEAREST_P50_MS,
    },
    {
      name: 'GET /api/classes?limit=24, any filters, p50',
      measured: `${p50.toFixed(2)} ms`,
      limit: `<= ${P50_MS} ms`,
      pass: p50 <= P50_MS,
    },
    {
      name: 'GET /api/classes?limit=24, any filters, p99',
      measured: `${p99.toFixed(2)} ms`,
      limit: `<= ${P99_MS} ms`,
      pass: p99 <= P99_MS,
    },
    {
      name: 'public pages and JSON answers over 150/300 KB',
      measured: oversized.length ? oversized.join(', ') : 'none',
      limit: 'none',
      pass: oversized.length === 0,
    },
  ];
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
    '/',
    '/classes',
    '/classes?q=yoga',
    `/classes/${first?.id ?? 1}`,
    '/coaches',
    `/coaches/${coachId}`,
    `/coaches/${coaches[0]?.id ?? 1}`,
    '/blog',
    `/blog/${slug}`,
    '/about',
    '/faq',
    '/contact',
    '/api/classes',
    '/api/classes?limit=100&includeSchedules=true',
    '/api/classes?all=true&includeSchedules=true',
    '/api/classes/pins?zoom=16',
    '/api/classes/pins?zoom=12',
    '/api/categories',
    '/api/cities',
    '/api/coaches',
    `/api/coaches/${coachId}/classes`,
    `/api/coaches/${coachId}/classes?when=past&limit=100`,
    `/api/reviews/coach/${coachId}`,
    '/api/blog',
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
  console.log(
    `  sizes: largest page ${largestPage[0]} ${(largestPage[1] / 1024).toFixed(1)} KB (budget 150), largest JSON ${largestJson[0]} ${(largestJson[1] / 1024).toFixed(1)} KB (budget 300)${oversized.length ? `; OVER: ${oversized.join(', ')}` : '; none over'}`,
  );
  return oversized;
}

if (import.meta.main) {
  const product = await startProduct('scale');
  try {
    for (const b of await benchCatalog(product.base, Number(process.argv[2] ?? 40)))
      console.log(`${b.pass ? 'PASS' : 'FAIL'}  ${b.name}: ${b.measured} (${b.limit})`);
  } finally {
    await product.stop();
  }
}
