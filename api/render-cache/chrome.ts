// About, FAQ and contact are built once as static HTML, and the cached anonymous pages whose body is the same
// for everyone (html.ts), carry the signed-out header. A signed-in visitor gets the same bytes with their own
// header and bottom bar spliced in: both are cut from a render of the site's not-found page for them, marked
// for the page's path (locals.chromePath), so the header stays the one component, no script is added, and the
// page's body is never rendered again.

/** The two parts of the page frame that depend on who is signed in (site/components). */
const PERSONAL_PARTS = [
  { start: '<header', end: '</header>' },
  { start: '<nav aria-label="Bottom"', end: '</nav>' },
];

function partOf(html: string, part: { start: string; end: string }): [number, number] | null {
  const from = html.indexOf(part.start);
  if (from === -1) return null;
  const to = html.indexOf(part.end, from);
  return to === -1 ? null : [from, to + part.end.length];
}

/** `staticHtml` with the personal parts of `renderedHtml`; the static page as is when a part is missing. */
export function spliceChrome(staticHtml: string, renderedHtml: string): string {
  let html = staticHtml;
  for (const part of PERSONAL_PARTS) {
    const target = partOf(html, part);
    const source = partOf(renderedHtml, part);
    if (!target || !source) continue;
    html = html.slice(0, target[0]) + renderedHtml.slice(source[0], source[1]) + html.slice(target[1]);
  }
  return html;
}

/** A signed-out page for a signed-in visitor: `renderFrame` renders the not-found page for them. */
export async function personalizedPage(request: Request, staticBody: Uint8Array, renderFrame: () => Promise<Response>): Promise<Response> {
  const frame = await renderFrame();
  const html = new TextEncoder().encode(spliceChrome(new TextDecoder().decode(staticBody), await frame.text()));
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-store',
    vary: 'accept-encoding, cookie',
  });
  for (const cookie of frame.headers.getSetCookie()) headers.append('set-cookie', cookie);
  if (!(request.headers.get('accept-encoding') ?? '').includes('gzip')) return new Response(html, { headers });
  // Made for one visitor, so compressed fast (level 1 takes half the time of the default for ~40% more bytes).
  headers.set('content-encoding', 'gzip');
  return new Response(Bun.gzipSync(html, { level: 1 }), { headers });
}
