// Server entry of the built site: renders one page for a standard Request, with our locals (context, user).
import { createApp } from 'astro/app/entrypoint';
import islandScriptDev from 'astro/runtime/server/astro-island.prebuilt-dev.js';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { INLINE_SCRIPTS } from '../lib/inline-scripts';

const app = createApp();

export function renderPage(request, locals, clientAddress) {
  const routeData = app.match(request);
  return app.render(request, { routeData, locals, clientAddress, addCookieHeader: true });
}

/** Every script a page may carry inline, for the Content-Security-Policy's hashes (api/lib/page-headers.ts): the
 * site's own, Astro's island element and its client:* directive loaders, and the small page scripts Astro inlines. */
export const inlineScripts = [
  ...Object.values(INLINE_SCRIPTS),
  islandScript,
  islandScriptDev,
  ...app.manifest.clientDirectives.values(),
  ...app.manifest.inlinedScripts.values(),
];
