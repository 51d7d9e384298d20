// Resolves the signed-in user for every page render from the same session module the API uses.
import { defineMiddleware } from 'astro:middleware';
import { readSessionToken, validateSessionToken } from '../api/auth/session';
import { serverContext } from './lib/server-context';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const ctx = await serverContext(context.locals);
  context.locals.ctx = ctx;
  const session = await validateSessionToken(ctx.db, ctx.clock, readSessionToken(context.request.headers.get('cookie')));
  context.locals.user = session?.user ?? null;
  return next();
});
