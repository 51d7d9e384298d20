// Browser test harness: the built product as its own process on a fresh data folder (demo data seeded),
// and Debian's Chromium driven by playwright-core. Requests that would leave the machine are recorded and
// aborted, so a test can assert that none happened.
import { type Subprocess, spawn } from 'bun';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = resolve(import.meta.dir, '../..');

export interface ProductServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts `bun api/main.ts` (the production entry) on a free port with its own data folder. */
export async function startProduct(env: Record<string, string> = {}): Promise<ProductServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogline-e2e-'));
  const child: Subprocess<'ignore', 'pipe', 'pipe'> = spawn(['bun', 'api/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', WORKERS: '1', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const reader = child.stdout.getReader();
  let output = '';
  const deadline = Date.now() + 60_000;
  let url = '';
  while (!url) {
    if (Date.now() > deadline) throw new Error(`product did not start:\n${output}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`product exited:\n${output}\n${await new Response(child.stderr).text()}`);
    output += new TextDecoder().decode(value);
    url = output.match(/listening on (http:\/\/\S+)/)?.[1] ?? '';
  }
  reader.releaseLock();
  // keep draining stdout so the child never blocks on a full pipe
  void child.stdout.pipeTo(new WritableStream()).catch(() => {});
  void child.stderr.pipeTo(new WritableStream({ write: (chunk) => void process.stderr.write(chunk) })).catch(() => {});
  return {
    url: url.replace('localhost', '127.0.0.1'),
    dataDir,
    async stop() {
      child.kill();
      await child.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface GuardedContext {
  context: BrowserContext;
  /** URLs the page tried to load from anywhere but this machine. */
  offMachine: string[];
  page(): Promise<Page>;
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export async function newContext(browser: Browser, viewport = DESKTOP): Promise<GuardedContext> {
  const context = await browser.newContext({ viewport, timezoneId: 'America/Los_Angeles', locale: 'en-US' });
  const offMachine: string[] = [];
  await context.route('**/*', (route) => {
    const { hostname, protocol } = new URL(route.request().url());
    if (protocol === 'data:' || protocol === 'blob:' || hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    offMachine.push(route.request().url());
    return route.abort();
  });
  return { context, offMachine, page: () => context.newPage() };
}

/** Signs in through the API from inside the page's context, so the cookie lands in the browser. */
export async function signIn(page: Page, baseUrl: string, email: string, password = 'demo-password'): Promise<void> {
  const res = await page.request.post(`${baseUrl}/api/login`, { data: { email, password }, headers: { origin: baseUrl } });
  if (res.status() !== 200) throw new Error(`sign-in failed for ${email}: ${res.status()} ${await res.text()}`);
}
