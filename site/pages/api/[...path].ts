// Only for `astro dev`: production sends /api to Elysia before Astro sees the request (api/server.ts).
import type { APIRoute } from 'astro';
import { createApi } from '../../../api/app';
import { serverContext } from '../../lib/server-context';

let api: ReturnType<typeof createApi> | undefined;

export const ALL: APIRoute = async ({ request, locals }) => {
  api ??= createApi(await serverContext(locals));
  return api.handle(request);
};
