// Only for `astro dev`: production sends /api to Elysia before Astro sees the request (api/server.ts).
import type { APIRoute } from 'astro';
import { createApi, guardApiRequest } from '../../../api/app';
import { serverContext } from '../../lib/server-context';

let api: ReturnType<typeof createApi> | undefined;

export const ALL: APIRoute = async ({ request, locals }) => {
  const ctx = await serverContext(locals);
  api ??= createApi(ctx);
  const admitted = await guardApiRequest(request, ctx);
  return admitted instanceof Response ? admitted : api.handle(admitted);
};
