// Server entry of the built site: renders one page for a standard Request, with our locals (context, user).
import { createApp } from 'astro/app/entrypoint';

const app = createApp();

export function renderPage(request, locals, clientAddress) {
  const routeData = app.match(request);
  return app.render(request, { routeData, locals, clientAddress, addCookieHeader: true });
}
