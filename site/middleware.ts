// Resolves the signed-in user for every page render from the same session module the API uses.
import { defineMiddleware } from 'astro:middleware';
import { readSessionToken, sessionCookieUpdate, validateSessionToken } from '../api/auth/session';
import { serverContext } from './lib/server-context';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const ctx = await serverContext(context.locals);
  context.locals.ctx = ctx;
  const token = readSessionToken(context.request.headers.get('cookie'));
  const session = await validateSessionToken(ctx.db, ctx.clock, token);
  context.locals.user = session?.user ?? null;
  const response = await next();
  // Sliding expiry: a renewed session sends its cookie again.
  const update = sessionCookieUpdate(token, session, ctx.env.production);
  if (update) {
    try {
      response.headers.append('set-cookie', update);
    } catch {
      // immutable headers (a fetched Response): the next API call renews the cookie instead
    }
  }
  return response;
});
