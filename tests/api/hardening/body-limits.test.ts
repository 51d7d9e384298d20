// Issue 11 row 1: body limits count the bytes actually received. Six clients stream 60 MB each with
// Transfer-Encoding: chunked (no Content-Length) to POST /api/contact, signed out: each gets 413, and the
// server process's peak memory stays near where it started (it read at most 1 MB of each). The upload route's
// larger limit is chosen by the parsed path, and only for a signed-in caller: a signed-out upload is answered
// 401 before its body is read. Bun's own limit is lifted, so a body of any declared size, to /api or to a page,
// gets our JSON 413 with the security headers before any of it is read.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';

const MB = 1024 * 1024;
let child: Subprocess<'ignore', 'pipe', 'inherit'>;
let url: string;
const dataDir = mkdtempSync(join(tmpdir(), 'fogline-body-'));

beforeAll(async () => {
  child = Bun.spawn(['bun', join(import.meta.dir, '../../helpers/server-process.ts'), dataDir], { stdout: 'pipe', stderr: 'inherit' });
  const reader = child.stdout.getReader();
  let text = '';
  while (!text.includes('\n')) text += new TextDecoder().decode((await reader.read()).value);
  url = JSON.parse(text).url;
}, 30_000);
afterAll(() => {
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Peak resident memory of the server process so far (Linux: VmHWM), in bytes. */
function peakMemory(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** Sends `total` bytes to `path` as a chunked body over a raw socket; resolves with the answer's status and body.
 * With `total` 0 only the request head is sent and the body never starts, so only an answer that does not wait
 * for the body arrives. */
function streamChunked(path: string, total: number): Promise<{ status: number; body: string; sent: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunk = Buffer.concat([Buffer.from(`${(64 * 1024).toString(16)}\r\n`), Buffer.alloc(64 * 1024, 'a'), Buffer.from('\r\n')]);
    let answer = '';
    let sent = 0;
    let done = false;
    const finish = () => {
      const head = /^HTTP\/1\.1 (\d{3})[^]*?\r\n\r\n([^]*)$/.exec(answer);
      if (!head || done) return;
      done = true;
      socket.destroy();
      resolve({ status: Number(head[1]), body: head[2]!, sent });
    };
    socket.on('data', (data) => {
      answer += data.toString();
      if (/\}\s*$/.test(answer) || /\r\n0\r\n\r\n$/.test(answer)) finish();
    });
    socket.on('close', () => (answer ? finish() : !done && reject(new Error(`closed without an answer after ${sent} bytes`))));
    socket.on('error', () => {}); // writes after the server has answered and closed
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    if (total === 0) return;
    socket.write('9\r\n{"name":"\r\n');
    const pump = () => {
      while (!done && sent < total) {
        sent += 64 * 1024;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      if (!done) socket.write('0\r\n\r\n');
    };
    pump();
  });
}

test('six simultaneous 60 MB chunked bodies to POST /api/contact: 413 each, server memory bounded', async () => {
  // Warm up: the first request loads the route code, which is not what is measured.
  expect((await fetch(`${url}/api/health`)).status).toBe(200);
  const before = peakMemory(child.pid);
  const answers = await Promise.all(Array.from({ length: 6 }, () => streamChunked('/api/contact', 60 * MB)));
  for (const answer of answers) {
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('too large');
  }
  const grown = peakMemory(child.pid) - before;
  console.log(
    `server peak memory grew by ${(grown / MB).toFixed(1)} MB; bytes sent before the answer: ${answers.map((a) => (a.sent / MB).toFixed(1)).join(', ')} MB`,
  );
  expect(grown).toBeLessThan(64 * MB);
}, 60_000);

test('a chunked JSON body within 1 MB is read and handled as usual', async () => {
  const body = JSON.stringify({ name: 'Riley', email: 'riley@example.test', subject: 'Hello', message: 'A question about classes.' });
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(body.slice(0, 20)));
      controller.enqueue(new TextEncoder().encode(body.slice(20)));
      controller.close();
    },
  });
  const res = await fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream });
  expect(res.status).toBe(201);
});

test('a JSON route whose query ends in /api/upload-image keeps the 1 MB limit: 2 MB chunked to POST /api/contact?next=/api/upload-image is 413', async () => {
  const answer = await streamChunked('/api/contact?next=/api/upload-image', 2 * MB);
  expect(answer.status).toBe(413);
  expect(answer.body).toContain('at most 1 MB');
});

test('a signed-out chunked upload is answered 401 before a byte of its body arrives', async () => {
  const answer = await Promise.race([streamChunked('/api/upload-image', 0), Bun.sleep(5_000).then(() => null)]);
  expect(answer?.status).toBe(401);
  expect(answer?.body).toContain('Please sign in to continue.');
});

test('six simultaneous signed-out 60 MB chunked uploads: 401 each, server memory bounded', async () => {
  const before = peakMemory(child.pid);
  const answers = await Promise.all(Array.from({ length: 6 }, () => streamChunked('/api/upload-image', 60 * MB)));
  expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401]);
  const grown = peakMemory(child.pid) - before;
  console.log(`signed-out uploads: server peak memory grew by ${(grown / MB).toFixed(1)} MB`);
  // Buffering each body up to the 10 MB upload limit, as before, would take 60 MB.
  expect(grown).toBeLessThan(24 * MB);
}, 60_000);

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends only a request head declaring a `length`-byte body; resolves with the whole answer once it has arrived. */
function declareLength(path: string, length: number): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (data) => {
      answer += data.toString();
      const parts = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n([^]*?)\r\n\r\n([^]*)$/.exec(answer);
      if (!parts) return;
      const headers = Object.fromEntries(
        parts[2]!.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      if (Buffer.byteLength(parts[3]!) < Number(headers['content-length'] ?? 0)) return;
      socket.destroy();
      resolve({ status: Number(parts[1]), headers, body: parts[3]! });
    });
    socket.on('error', reject);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
    );
  });
}

/** Our 413: JSON with a message and the API's security headers (never Bun's bare one). */
function expectJson413(answer: RawAnswer | string, limit: string): void {
  expect(typeof answer === 'string' ? answer : answer.status).toBe(413);
  const { headers, body } = answer as RawAnswer;
  expect(headers['content-type']).toContain('application/json');
  expect(JSON.parse(body)).toEqual({ message: `The request body is too large (at most ${limit}).` });
  expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'cache-control': 'private, no-store' });
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
}

for (const [size, label] of [
  [2 * MB, '2 MB'],
  [8 * MB, '8 MB'],
  [12 * MB, '12 MB'],
  [60 * MB, '60 MB'],
  [5 * 1024 * MB, '5 GB'],
] as const) {
  test(`a declared ${label} JSON body to /api gets our JSON 413 with the security headers, before any of it is sent`, async () => {
    expectJson413(await Promise.race([declareLength('/api/contact', size), Bun.sleep(5_000).then(() => 'no answer')]), '1 MB');
  });
}

test('a declared 20 MB body to a page (outside /api) gets the same JSON 413 before any of it is sent', async () => {
  expectJson413(await Promise.race([declareLength('/classes', 20 * MB), Bun.sleep(5_000).then(() => 'no answer')]), '1 MB');
});

test('a 12 MB JSON body actually sent with fetch gets the JSON 413, not a dropped connection', async () => {
  const res = await fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name: 'x'.repeat(12 * MB) }),
  });
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({ message: 'The request body is too large (at most 1 MB).' });
  expect(res.headers.get('x-frame-options')).toBe('DENY');
});
