// A minimal Astro adapter for Bun: the build exports a fetch-style `renderPage` that our own Bun server
// calls for every non-/api request, so /api never pays for Astro's routing (see api/server.ts). The build also
// writes each built script, style and SVG in Brotli beside it (name.br), once, so no server process spends its
// first seconds compressing them (api/http/static-files.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

/** What api/http/static-files.ts serves in Brotli when it finds name.br (HTML pages are compressed by the server:
 * it may add the test-payments banner to them). */
const PRECOMPRESSED = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

function writeBrotli(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      writeBrotli(full);
      continue;
    }
    if (!PRECOMPRESSED.test(name)) continue;
    const body = readFileSync(full);
    if (body.byteLength <= MIN_BYTES) continue;
    writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

export default function bunAdapter() {
  let clientDir = null;
  return {
    name: 'fogline-bun-adapter',
    hooks: {
      'astro:build:done': () => {
        if (clientDir) writeBrotli(clientDir);
      },
      'astro:config:done': ({ setAdapter, config }) => {
        clientDir = fileURLToPath(config.build.client);
        setAdapter({
          name: 'fogline-bun-adapter',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./entry.mjs', import.meta.url),
          supportedAstroFeatures: {
            staticOutput: 'stable',
            hybridOutput: 'stable',
            serverOutput: 'stable',
            sharpImageService: 'unsupported',
          },
        });
      },
    },
  };
}
