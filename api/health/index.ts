// GET /api/health: 200 {"ok":true} when the database answers.
import { Elysia, t } from 'elysia';
import type { AppContext } from '../context';
import { DomainError } from '../errors';

export function healthRoutes(ctx: AppContext) {
  return new Elysia().get(
    '/health',
    async () => {
      try {
        await ctx.db.client.execute('select 1');
      } catch {
        throw new DomainError(503, 'The database is not answering.');
      }
      return { ok: true as const };
    },
    {
      response: t.Object({ ok: t.Literal(true) }),
      detail: { tags: ['System'], summary: 'Health check: 200 when the database answers' },
    },
  );
}
