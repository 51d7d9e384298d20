// The app context for server-rendered pages: handed in by our Bun server through locals; under `astro dev`
// (no Bun server in front) one context is created lazily and kept for the dev process.
import type { AppContext } from '../../api/context';

const DEV_KEY = Symbol.for('fogline.dev-context');

export async function serverContext(locals: Partial<App.Locals>): Promise<AppContext> {
  if (locals.ctx) return locals.ctx;
  const store = globalThis as unknown as Record<symbol, Promise<AppContext> | undefined>;
  store[DEV_KEY] ??= (async () => {
    const [{ createContext }, { seedIfEmpty }] = await Promise.all([import('../../api/context'), import('../../api/seed')]);
    const ctx = await createContext();
    if (ctx.env.seed) await seedIfEmpty(ctx);
    return ctx;
  })();
  return store[DEV_KEY]!;
}
