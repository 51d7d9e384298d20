// Every JSON answer the API tests receive is checked against the OpenAPI document the server publishes
// (/api/docs/json): the operation is found by method and path template, the answer's status must be
// documented for it, and the body must match that status's schema (JSON Schema, checked with Ajv).
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  /** Literal segments: /api/classes/managed wins over /api/classes/{id}. */
  literals: number;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const documents = new Map<string, Promise<Operation[]>>();
const validators = new Map<string, ValidateFunction>();

async function operationsOf(baseUrl: string): Promise<Operation[]> {
  const doc = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, Operation['responses'] | any>>;
  };
  return Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const segments = template.split('/');
      const source = segments.map((s) => (s.startsWith('{') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
      return {
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${source}$`),
        literals: segments.filter((s) => !s.startsWith('{')).length,
        responses: op.responses ?? {},
      };
    }),
  );
}

/** The documented operation a request went to, or null for a path the document does not describe. */
async function operationFor(baseUrl: string, method: string, path: string): Promise<Operation | null> {
  if (!documents.has(baseUrl)) documents.set(baseUrl, operationsOf(baseUrl));
  const pathname = new URL(path, baseUrl).pathname;
  const matches = (await documents.get(baseUrl)!).filter((op) => op.method === method && op.pattern.test(pathname));
  return matches.sort((a, b) => b.literals - a.literals)[0] ?? null;
}

/** Throws, naming the operation and what differs, when a JSON answer is not what the document says. */
export async function checkAnswerAgainstDocs(
  baseUrl: string,
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
): Promise<void> {
  if (!path.startsWith('/api/') || path.startsWith('/api/docs') || !contentType?.includes('application/json')) return;
  const op = await operationFor(baseUrl, method, path);
  if (!op) return; // an undocumented path: the 404 of the global handler
  const where = `${method} ${op.template} answered ${status}`;
  const documented = op.responses[String(status)];
  if (!documented)
    throw new Error(
      `${where}, a status its OpenAPI operation does not document (${Object.keys(op.responses).join(', ')}): ${JSON.stringify(body).slice(0, 300)}`,
    );
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return;
  const key = `${baseUrl} ${method} ${op.template} ${status}`;
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = ajv.compile(schema)));
  if (!validate(body)) {
    const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
    throw new Error(`${where}, which does not match its documented schema: ${problems.join('; ')}`);
  }
}
