// API docs: Swagger UI at /api/docs and OpenAPI JSON at /api/docs/json, served with no CDN.
import { openapi } from '@elysiajs/openapi';
import { toJsonSchema } from '@valibot/to-json-schema';
import { Elysia } from 'elysia';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const swaggerDir = join(require.resolve('swagger-ui-dist/package.json'), '..');
const assets: Record<string, { body: Buffer; type: string }> = {
  'swagger-ui-bundle.js': { body: readFileSync(join(swaggerDir, 'swagger-ui-bundle.js')), type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { body: readFileSync(join(swaggerDir, 'swagger-ui.css')), type: 'text/css; charset=utf-8' },
};

export function docsRoutes() {
  return new Elysia()
    .use(
      openapi({
        path: '/docs',
        provider: 'swagger-ui',
        documentation: {
          info: {
            title: 'Fogline API',
            version: '1.0.0',
            description:
              'Book outdoor fitness and creative classes in San Francisco. Errors are JSON {"message": "..."}; validation errors add {"errors": {field: [messages]}}. Sign in with POST /api/login: the session cookie authenticates every other call. State-changing calls from a browser must come from this origin.',
          },
        },
        swagger: {
          cdn: '/api/docs/assets/swagger-ui-bundle.js',
          theme: '/api/docs/assets/swagger-ui.css',
          autoDarkMode: false,
        },
        // Valibot schemas (shared with the site's forms) become JSON Schema in the document.
        // errorMode ignore: transforms like trim() have no JSON Schema form and are simply left out.
        mapJsonSchema: { valibot: (schema: Parameters<typeof toJsonSchema>[0]) => toJsonSchema(schema, { errorMode: 'ignore' }) },
        exclude: { paths: [/^\/api\/docs/] },
      }),
    )
    .get('/docs/assets/:file', ({ params, set, status }) => {
      const asset = assets[params.file];
      if (!asset) return status(404, { message: 'Not found.' });
      set.headers['content-type'] = asset.type;
      set.headers['cache-control'] = 'public, max-age=86400';
      return new Response(asset.body as unknown as BodyInit, { headers: { 'content-type': asset.type, 'cache-control': 'public, max-age=86400' } });
    }, { detail: { hide: true } });
}
