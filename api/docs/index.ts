// API docs: Swagger UI at /api/docs and OpenAPI JSON at /api/docs/json, served with no CDN.
import { openapi } from '@elysiajs/openapi';
import { toJsonSchema } from '@valibot/to-json-schema';
import { Elysia } from 'elysia';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { exampleOf } from '../../common/schema';

const require = createRequire(import.meta.url);
const swaggerDir = join(require.resolve('swagger-ui-dist/package.json'), '..');
const assets: Record<string, { body: Buffer; type: string }> = {
  'swagger-ui-bundle.js': { body: readFileSync(join(swaggerDir, 'swagger-ui-bundle.js')), type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { body: readFileSync(join(swaggerDir, 'swagger-ui.css')), type: 'text/css; charset=utf-8' },
  'swagger-ui-init.js': {
    body: Buffer.from("window.ui = SwaggerUIBundle({ dom_id: '#swagger-ui', url: '/api/docs/json' });\n"),
    type: 'text/javascript; charset=utf-8',
  },
};

/** Swagger UI's page: its files and its start-up script all from /api/docs/assets, nothing inline, so the API's
 * Content-Security-Policy allows no inline script (the plugin's own page starts Swagger UI inline). */
const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Fogline API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/swagger-ui-init.js"></script>
</body>
</html>
`;

const messageSchema = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };
const json = (description: string, schema: object) => ({ description, content: { 'application/json': { schema } } });
/** The answers the front door and the global error handler give for any operation (api/app.ts). */
const SHARED_ANSWERS = {
  validation: json('Invalid path, query or body: the first message, and the messages per field', {
    type: 'object',
    properties: {
      message: { type: 'string' },
      errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
    required: ['message'],
  }),
  crossSite: json(
    'A state-changing request from another site (its Origin), or without one while carrying the session cookie',
    messageSchema,
  ),
  tooLarge: json('The request body is larger than the limit (1 MB of JSON, or the image upload limit)', messageSchema),
  serverError: json('Something unexpected went wrong; nothing is revealed', messageSchema),
};
type Operation = { parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> };

/** The generator folds a nullable choice ({anyOf: [{enum}, {type: null}]}) into {enum, type: [.., "null"]},
 * whose enum then refuses the null it allows: null goes back into the enum. */
function allowNullInEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(allowNullInEnums);
  if (node === null || typeof node !== 'object') return;
  const schema = node as { enum?: unknown[]; type?: unknown };
  // A new array: the generator hands over the valibot picklist's own options, which validation still reads.
  if (Array.isArray(schema.enum) && Array.isArray(schema.type) && schema.type.includes('null') && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
  Object.values(node).forEach(allowNullInEnums);
}

/** The header of a paged list's answer (common/pagination.ts `paged`). */
const TOTAL_COUNT_HEADER = {
  'X-Total-Count': { description: 'The number of rows before paging', schema: { type: 'string', pattern: '^\\d+$' } },
};

/** Adds to each operation the answers every operation of its kind may give, where it does not name them itself:
 * 400 for one that reads parameters or a body, 403 and 413 for writes, 500 for all; and to a paged list's
 * answer (one that takes `offset`) its X-Total-Count header. */
function withSharedAnswers<T extends { paths?: Record<string, Record<string, Operation>> }>(doc: T): T {
  allowNullInEnums(doc.paths);
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const responses = (op.responses ??= {});
      const write = method !== 'get' && method !== 'head';
      if (op.parameters?.length || op.requestBody) responses['400'] ??= SHARED_ANSWERS.validation;
      if (write) responses['403'] ??= SHARED_ANSWERS.crossSite;
      if (write && op.requestBody) responses['413'] ??= SHARED_ANSWERS.tooLarge;
      responses['500'] ??= SHARED_ANSWERS.serverError;
      const ok = responses['200'] as { headers?: object } | undefined;
      if (ok && op.parameters?.some((p) => (p as { name?: string }).name === 'offset'))
        ok.headers = { ...ok.headers, ...TOTAL_COUNT_HEADER };
    }
  }
  return doc;
}

/** Routes whose path ends in a fixed suffix the router cannot split from a parameter: the parameter takes the
 * whole segment (the feed's "<token>.ics"), while the document shows the path as clients write it. */
const DOCUMENTED_PATHS: Record<string, string> = { '/api/calendar/{token}': '/api/calendar/{token}.ics' };

function withDocumentedPaths<T extends { paths?: Record<string, unknown> }>(doc: T): T {
  if (!doc.paths) return doc;
  doc.paths = Object.fromEntries(Object.entries(doc.paths).map(([path, methods]) => [DOCUMENTED_PATHS[path] ?? path, methods]));
  return doc;
}

type ValibotSchema = Parameters<typeof toJsonSchema>[0];
/** A valibot schema as JSON Schema, with the examples given beside it (common/schema.ts withExample). typeMode input:
 * what a client may send, so a check after a transform (the card number's spaces removed, then 16 digits) is left
 * out rather than shown as a rule of the raw value. errorMode ignore: transforms like trim() have no JSON Schema
 * form and are simply left out. */
const jsonSchemaOf = (schema: ValibotSchema) =>
  toJsonSchema(schema, {
    typeMode: 'input',
    errorMode: 'ignore',
    overrideSchema: ({ valibotSchema, jsonSchema }) => {
      const example = exampleOf(valibotSchema);
      return example === undefined ? undefined : { ...jsonSchema, examples: [example as never] };
    },
  });

export function docsRoutes() {
  const plugin = openapi({
    path: '/docs',
    // The generated document is served at /docs/json with the shared answers added (below).
    specPath: '/docs/generated.json',
    // Our own page (DOCS_PAGE, below) instead of the plugin's, which starts Swagger UI with an inline script.
    provider: null,
    documentation: {
      info: {
        title: 'Fogline API',
        version: '1.0.0',
        description:
          'Book outdoor fitness and creative classes in San Francisco. Errors are JSON {"message": "..."}; validation errors add {"errors": {field: [messages]}}. Sign in with POST /api/login: the session cookie authenticates every other call. State-changing calls from a browser must come from this origin. Operations that need a session say so (security) and name who may call in x-access: user (anyone signed in), self (the account in the path), coachSelf (the coach in the path, or an admin), coach (a coach or an admin), approvedCoach (an approved coach or an admin), admin. Each request body and each path or required query parameter carries an example; x-example-role names the kind of account an example is written for where x-access allows more than that one.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'fogline_session',
            description: 'Set by POST /api/login, POST /api/register and Google sign-in.',
          },
        },
      },
    },
    // Valibot schemas (shared with the site's forms) become JSON Schema in the document.
    mapJsonSchema: { valibot: jsonSchemaOf },
    // staticFile: false, or a route with a dot in its path (the roster's .csv) would be left out of the document.
    exclude: { paths: [/^\/api\/docs/], staticFile: false },
  });
  const generated = plugin.routes.find((route) => route.path.endsWith('/docs/generated.json'))!.handler as () => Record<string, unknown>;
  /** The generator leaves a body's content empty when the route has a parse hook of its own (the auth macro
   * checks access before the body is read): the JSON body schema goes back in from the route itself. */
  const restoreBodies = (doc: { paths?: Record<string, Record<string, Operation>> }) => {
    // Every route of the app, as the generator reads them (a protected method, so the cast).
    const routes = (plugin as unknown as { getGlobalRoutes(): { method: string; path: string; hooks?: unknown }[] }).getGlobalRoutes();
    for (const route of routes) {
      const op = doc.paths?.[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] as
        | (Operation & { requestBody?: { content?: Record<string, unknown> } })
        | undefined;
      const body = (route.hooks as { body?: unknown } | undefined)?.body;
      if (!op?.requestBody?.content || Object.keys(op.requestBody.content).length || !body || !('~standard' in (body as object))) continue;
      op.requestBody.content['application/json'] = { schema: jsonSchemaOf(body as ValibotSchema) };
    }
    return doc;
  };
  return new Elysia()
    .use(plugin)
    .get('/docs', () => new Response(DOCS_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } }), { detail: { hide: true } })
    .get('/docs/json', () => withDocumentedPaths(withSharedAnswers(restoreBodies(generated()))), { detail: { hide: true } })
    .get(
      '/docs/assets/:file',
      ({ params, set, status }) => {
        const asset = assets[params.file];
        if (!asset) return status(404, { message: 'Not found.' });
        set.headers['content-type'] = asset.type;
        set.headers['cache-control'] = 'public, max-age=86400';
        return new Response(asset.body as unknown as BodyInit, {
          headers: { 'content-type': asset.type, 'cache-control': 'public, max-age=86400' },
        });
      },
      { detail: { hide: true } },
    );
}
