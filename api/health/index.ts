// GET /api/health: 200 {"ok":true} when the database answers.
import { Elysia, t } from 'elysia';
import type { AppContext } from '../context';
import { DomainError } from '../errors';

const PROBE_TTL_MS = 250;

export function healthRoutes(ctx: AppContext) {
  // A probe answer is reused for PROBE_TTL_MS, and checks arriving while a probe is in flight share it: a burst
  // of health checks costs one database round trip, while a monitor polling every few seconds always gets a
  // fresh one. A failed probe is never reused.
  let inflight: Promise<unknown> | null = null;
  let lastOkAt = 0;
  const probe = async () => {
    if (performance.now() - lastOkAt < PROBE_TTL_MS) return;
    inflight ??= ctx.db.client
      .execute('select 1')
      .then(() => (lastOkAt = performance.now()))
      .finally(() => (inflight = null));
    await inflight;
  };
  return new Elysia().get(
    '/health',
    async () => {
      try {
        await probe();
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
