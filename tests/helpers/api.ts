// API test harness: a real Bun HTTP server on a fresh libSQL file (one per test file), and a small client
// that keeps cookies like a browser and sends the site's Origin on writes. TEST_DATABASE=sqld puts each
// server's database on one local sqld instead (a namespace each): `npm run test:api:sqld`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppContext, type ContextOptions, createContext } from '../../api/context';
import { type Env, envForDataDir } from '../../api/env';
import { FakeClock } from '../../api/lib/clock';
import { loadSite, startServer } from '../../api/server';
import { seedIfEmpty } from '../../api/seed';
import { checkAnswerAgainstDocs } from './openapi';
import { sharedSqld, testOnSqld } from './sqld';
import { testNow } from './today';

export interface TestServer {
  url: string;
  ctx: AppContext;
  clock: FakeClock;
  dataDir: string;
  /** A client with its own cookie jar (a separate browser). */
  client(): TestClient;
  stop(): Promise<void>;
}

export type TestServerOptions = Omit<ContextOptions, 'env'> & { seed?: boolean; env?: Partial<Env>; site?: boolean };

/** Test servers act as if behind an appending proxy (TRUST_PROXY=xff-last), so a test picks each client's address
 * with X-Forwarded-For; `env` overrides that and any other setting. `site: true` serves the built site too (needs a
 * build in DIST_DIR), with its render cache. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogline-test-'));
  const clock = options.clock instanceof FakeClock ? options.clock : new FakeClock(new Date(testNow()));
  const database = testOnSqld ? { databaseUrl: await (await sharedSqld()).newDatabase() } : {};
  const env = { trustProxy: 'xff-last' as const, ...envForDataDir(dataDir), ...database, ...options.env };
  const ctx = await createContext({ ...options, env, clock });
  if (options.seed) await seedIfEmpty(ctx);
  const site = options.site ? await loadSite() : null;
  if (options.site && !site) throw new Error('No built site: run `bun --bun astro build` first.');
  const running = startServer({ ctx, port: 0, hostname: '127.0.0.1', site });
  const url = running.url.replace('localhost', '127.0.0.1');
  ctx.env.publicUrl = url;
  return {
    url,
    ctx,
    clock,
    dataDir,
    client: () => new TestClient(url),
    async stop() {
      running.stop();
      ctx.db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; raw?: BodyInit } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (method !== 'GET' && method !== 'HEAD' && !('origin' in headers)) headers.origin = this.baseUrl;
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    let payload: BodyInit | undefined = init.raw;
    if (body !== undefined && payload === undefined) {
      headers['content-type'] ??= 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || value.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    // Every JSON answer is what the OpenAPI document says this operation returns with this status.
    await checkAnswerAgainstDocs(this.baseUrl, method, path, response.status, response.headers.get('content-type'), parsed);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body: unknown = {}) {
    return this.request<T>('POST', path, body);
  }
  put<T = any>(path: string, body: unknown = {}) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}
