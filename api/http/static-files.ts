// Files served as they are: the built site (dist/client), loaded into memory once, compressed once at start (or,
// for Brotli, by the build: name.br beside name, site/adapter) and answered from Responses built once per encoding
// (a request clones one: no headers are built per request), and uploaded images from DATA_DIR/uploads.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AppContext } from '../context';
import { brotliInBackground, COMPRESSIBLE, gzipWorthIt } from '../lib/compress';

export interface StaticFile {
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer> | null;
  /** Brotli (about 15% smaller than gzip for the React runtime): made in the background after start. */
  br?: Uint8Array<ArrayBuffer>;
  type: string;
  cacheControl: string;
  /** The answers, built once per encoding with every header (Brotli's once it is made); served by `clone()`. */
  answers: { identity: Response; gzip: Response | null; br: Response | null };
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  webmanifest: 'application/manifest+json',
  woff2: 'font/woff2',
};

function typeOf(path: string): string {
  return TYPES[path.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/** One encoding's answer for `file`: an HTML page carries the page security headers. */
function answerOf(
  file: Pick<StaticFile, 'type' | 'cacheControl'>,
  body: Uint8Array<ArrayBuffer>,
  encoding: 'gzip' | 'br' | null,
  security: Record<string, string>,
) {
  const headers: Record<string, string> = { 'content-type': file.type, 'cache-control': file.cacheControl, vary: 'accept-encoding' };
  if (file.type.startsWith('text/html')) Object.assign(headers, security);
  if (encoding) headers['content-encoding'] = encoding;
  return new Response(body, { headers });
}

/** Loads dist/client into memory (it is small), gzipped once, keyed by URL path; `notice` (the test-payments
 * banner) goes at the top of every prerendered page's body, which carries `securityHeaders`. */
export function loadStaticFiles(
  clientDir: string,
  notice: string | null,
  securityHeaders: Record<string, string>,
): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(clientDir)) return files;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      // name.br: the build's Brotli of name (site/adapter), taken with it below, never a file of its own.
      if (name.endsWith('.br')) continue;
      const rel = '/' + relative(clientDir, full).split('\\').join('/');
      const type = typeOf(full);
      const raw = readFileSync(full);
      const body = new Uint8Array(
        notice && type.startsWith('text/html') ? Buffer.from(raw.toString('utf8').replace(/<body[^>]*>/, (tag) => tag + notice)) : raw,
      );
      const gzip = COMPRESSIBLE.test(type) ? gzipWorthIt(body) : null;
      // Hashed build assets never change; everything else is revalidated.
      const cacheControl = rel.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300, must-revalidate';
      const file: StaticFile = {
        body,
        type,
        gzip,
        cacheControl,
        answers: {
          identity: answerOf({ type, cacheControl }, body, null, securityHeaders),
          gzip: gzip && answerOf({ type, cacheControl }, gzip, 'gzip', securityHeaders),
          br: null,
        },
      };
      // Pages may carry the notice added above: only other files use the build's Brotli.
      if (gzip && !type.startsWith('text/html') && existsSync(`${full}.br`)) {
        file.br = new Uint8Array(readFileSync(`${full}.br`));
        file.answers.br = answerOf(file, file.br, 'br', securityHeaders);
      }
      files.set(rel, file);
      if (rel.endsWith('/index.html')) {
        const route = rel.slice(0, -'/index.html'.length) || '/';
        files.set(route, file);
        if (route !== '/') files.set(route + '/', file);
      } else if (rel.endsWith('.html')) files.set(rel.slice(0, -'.html'.length), file);
    }
  };
  walk(clientDir);
  // What the build did not compress (pages; a dist/ built before it did): largest first, since with a few
  // hundred assets in the queue walk order left the React runtime for last (first visits were served gzip).
  brotliInBackground(
    [...new Set(files.values())].filter((file) => file.gzip && !file.br).sort((a, b) => b.body.byteLength - a.body.byteLength),
    (file, br) => {
      file.br = br;
      file.answers.br = answerOf(file, br, 'br', securityHeaders);
    },
  );
  return files;
}

/** The file in the best encoding the client accepts (Brotli, gzip, as is). Bun sends no body for HEAD, with the
 * length the GET would get. */
export function serveStatic(file: StaticFile, headers: Headers): Response {
  const { answers } = file;
  if (answers.gzip) {
    const accepted = headers.get('accept-encoding');
    if (accepted !== null) {
      if (answers.br && accepted.includes('br')) return answers.br.clone();
      if (accepted.includes('gzip')) return answers.gzip.clone();
    }
  }
  return answers.identity.clone();
}

/** Uploaded files are stored under random names; only [A-Za-z0-9._-] names are looked up, so no user path
 * ever reaches the file system. */
export async function serveUpload(ctx: AppContext, path: string): Promise<Response> {
  const name = path.slice('/uploads/'.length);
  if (!/^[A-Za-z0-9_-]+\.(png|jpg|gif|webp)$/.test(name)) return Response.json({ message: 'Not found.' }, { status: 404 });
  const file = Bun.file(join(ctx.env.uploadsDir, name));
  if (!(await file.exists())) return Response.json({ message: 'Not found.' }, { status: 404 });
  return new Response(file, {
    headers: { 'content-type': typeOf(name), 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' },
  });
}
