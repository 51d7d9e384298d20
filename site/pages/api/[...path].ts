// Only for `astro dev`: production sends /api to Elysia before Astro sees the request (api/server.ts).
import type { APIRoute } from 'astro';
import { createApi } from '../../../api/app';
import { guardApiRequest } from '../../../api/http/guards';
import { CLIENT_IP_HEADER, resolveClientAddress } from '../../../api/lib/client-address';
import { serverContext } from '../../lib/server-context';

let api: ReturnType<typeof createApi> | undefined;

export const ALL: APIRoute = async ({ request, locals, clientAddress }) => {
  const ctx = await serverContext(locals);
  api ??= createApi(ctx);
  // As api/server.ts does: the address TRUST_PROXY believes, never a value the client sent.
  request.headers.set(CLIENT_IP_HEADER, resolveClientAddress(request.headers, clientAddress, ctx.env.trustProxy));
  const admitted = await guardApiRequest(request, ctx);
  return admitted instanceof Response ? admitted : api.handle(admitted);
};
