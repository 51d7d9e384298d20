// Robustness harness: reads the OpenAPI document into a list of operations, makes a plausible body for each from
// its JSON schema, builds batteries of bad inputs (path, query, body, content type), and judges every answer
// against the error contract: never a 5xx, a JSON message on every refusal, no stack trace, no private field.

export interface Operation {
  method: string;
  /** The documented path, e.g. /api/classes/{id}. */
  path: string;
  name: string;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
  /** The JSON body schema, when the operation documents one. */
  body: JsonSchema | null;
  /** The operation documents a multipart body only (the upload). */
  multipart: boolean;
}

export type JsonSchema = Record<string, any>;

export function listOperations(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters: { in: string; name: string; schema?: JsonSchema }[] = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        name: `${method.toUpperCase()} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: content['application/json']?.schema ?? null,
        multipart: !content['application/json'] && !!content['multipart/form-data'],
      });
    }
  }
  return operations;
}

export const isWrite = (op: Operation) => op.method !== 'GET';

// ---------------------------------------------------------------------------------------------------------------
// A plausible value for a JSON schema: what a well-behaved client would send, so that mutating one field at a time
// reaches the service code behind the validation.

const PATTERN_CANDIDATES = [
  'Fuzzy morning yoga',
  '09:00',
  '/images/fuzz.png',
  '/uploads/fuzz.png',
  'fuzz-slug',
  '4242424242424242',
  '12/34',
  '123',
  'acct_test_0123456789abcdef',
  '+1 415 555 0100',
  '',
];

function stringSample(schema: JsonSchema): string {
  const fits = (value: string) =>
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(value));
  if (schema.format === 'email') return 'fuzz.person@example.com';
  if (schema.format === 'date') return '2031-06-15';
  if (schema.format === 'date-time') return '2031-06-15T16:00:00Z';
  if (typeof schema.default === 'string' && fits(schema.default) && schema.default !== '') return schema.default;
  for (const candidate of PATTERN_CANDIDATES) {
    if (fits(candidate)) return candidate;
    const long = candidate.padEnd(schema.minLength ?? 0, 'x');
    if (fits(long)) return long;
  }
  return 'x'.repeat(Math.max(schema.minLength ?? 0, 1));
}

export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    // Prefer a non-null, non-empty alternative (`'' | date | null` should give a date).
    const useful = alternatives.find((alt: JsonSchema) => alt.type !== 'null' && alt.const !== '') ?? alternatives[0];
    return sampleOf(useful);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringSample(schema);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return typeof schema.default === 'boolean' ? schema.default : true;
    case 'array':
      return [];
    case 'object':
    default: {
      if (!schema.properties) return {};
      const body: Record<string, unknown> = {};
      for (const [key, value] of Object.entries<JsonSchema>(schema.properties)) body[key] = sampleOf(value);
      return body;
    }
  }
}

/** The properties of a body schema (for a oneOf of objects, the union of all of them). */
export function bodyFields(schema: JsonSchema | null): string[] {
  if (!schema) return [];
  const parts: JsonSchema[] = schema.oneOf ?? schema.anyOf ?? [schema];
  return [...new Set(parts.flatMap((part) => Object.keys(part.properties ?? {})))];
}

// ---------------------------------------------------------------------------------------------------------------
// The batteries of bad input.

export interface Probe {
  label: string;
  path: string;
  query?: string;
  /** A raw body with its content type; `json` is serialised with application/json. */
  json?: unknown;
  raw?: BodyInit;
  contentType?: string;
}

const HUGE = 'x'.repeat(100 * 1024);
const nested = (depth: number): unknown => {
  let value: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** Bad path parameter values (already URL-encoded where they must be). */
export const BAD_PATH_VALUES: [string, string][] = [
  ['not a number', 'abc'],
  ['negative', '-1'],
  ['zero', '0'],
  ['1e20', '1e20'],
  ['beyond 64 bits', '99999999999999999999'],
  ['a fraction', '1.5'],
  ['hex', '0x10'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['padded', '%201%20'],
  ['a NUL byte', '%00'],
  ['unicode', encodeURIComponent('класс-🧘‍♀️-ß')],
  ['path traversal', encodeURIComponent('../../etc/passwd')],
  ['a huge string', 'z'.repeat(4000)],
  ['SQL', encodeURIComponent("1' OR '1'='1")],
];

/** Bad query values, given per parameter. */
export const BAD_QUERY_VALUES: [string, string][] = [
  ['empty', ''],
  ['not a number', 'abc'],
  ['negative', '-1'],
  ['1e20', '1e20'],
  ['beyond 64 bits', '99999999999999999999'],
  ['NaN', 'NaN'],
  ['not a date', '2024-13-45'],
  ['unicode', encodeURIComponent('🧘‍♀️ß\u202e')],
  ['a NUL byte', '%00'],
  ['a huge string', 'q'.repeat(4000)],
  ['an object', encodeURIComponent('[object Object]')],
  ['path traversal', encodeURIComponent('../../etc/passwd')],
];

/** Whole-body probes: every write gets these whatever its schema says. */
export function bodyProbes(path: string, base: unknown): Probe[] {
  const form = new FormData();
  form.set('title', 'Fuzz');
  form.set('classId', 'abc');
  form.set('image', new Blob(['not an image'], { type: 'text/plain' }), 'x.txt');
  const object = base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  return [
    { label: 'no body', path },
    { label: 'no body but a JSON content type', path, raw: '', contentType: 'application/json' },
    { label: 'the plausible body', path, json: base },
    { label: '{}', path, json: {} },
    { label: '[]', path, json: [] },
    { label: 'null', path, json: null },
    { label: 'a JSON string', path, json: 'hello' },
    { label: 'a JSON number', path, json: 42 },
    { label: 'a JSON boolean', path, json: true },
    { label: 'an array of bodies', path, json: [base, base] },
    { label: 'deeply nested JSON', path, json: { ...object, deep: nested(2000) } },
    { label: 'nesting beyond the parser', path, raw: '['.repeat(200_000) + ']'.repeat(200_000), contentType: 'application/json' },
    { label: 'malformed JSON', path, raw: '{"title": "x", ', contentType: 'application/json' },
    { label: 'JSON with a BOM and trailing garbage', path, raw: '\ufeff{"a":1}}}', contentType: 'application/json' },
    {
      label: 'prototype pollution (__proto__)',
      path,
      raw: JSON.stringify(object).replace(/^\{/, '{"__proto__":{"role":"admin","isApproved":true,"isAdmin":true},').replace(',}', '}'),
      contentType: 'application/json',
    },
    {
      label: 'prototype pollution (constructor)',
      path,
      json: { ...object, constructor: { prototype: { role: 'admin', isAdmin: true } }, prototype: { polluted: true } },
    },
    { label: 'text/plain', path, raw: JSON.stringify(base), contentType: 'text/plain' },
    {
      label: 'form-urlencoded',
      path,
      raw: 'title=Fuzz&classId=abc&__proto__%5Brole%5D=admin&quantity[]=1',
      contentType: 'application/x-www-form-urlencoded',
    },
    { label: 'multipart', path, raw: form },
    { label: 'an unknown content type', path, raw: '<xml/>', contentType: 'application/xml' },
    {
      label: 'a lying content type (JSON declared, binary sent)',
      path,
      raw: new Uint8Array([0xff, 0xfe, 0x00, 0x01, 0x80]),
      contentType: 'application/json',
    },
  ];
}

/** One field of the plausible body at a time replaced by a wrong type, a very long string or dropped. */
export function fieldProbes(path: string, base: unknown, fields: string[]): Probe[] {
  const object = base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  const wrong: [string, unknown][] = [
    ['a string', 'abc'],
    ['a number', 12345],
    ['a negative number', -1],
    ['1e20', 1e20],
    ['an object', { nested: { value: 1 } }],
    ['an array', ['a', 1, null]],
    ['null', null],
    ['a boolean', false],
    ['100 KB of text', HUGE],
    ['unicode', '🧘‍♀️\u0000\u202eß'],
  ];
  const probes: Probe[] = [];
  for (const field of fields) {
    for (const [label, value] of wrong) probes.push({ label: `${field} as ${label}`, path, json: { ...object, [field]: value } });
    const { [field]: _dropped, ...rest } = object;
    probes.push({ label: `${field} missing`, path, json: rest });
  }
  return probes;
}

// ---------------------------------------------------------------------------------------------------------------
// Judging an answer.

/** A stack frame ("\n    at fn (file:1:2)"), a source location, a dependency path, a file-system error or path. */
const STACK_TRACE =
  /(^|\n|\\n)\s*at\s+\S|\bat\s+\S+\s+\(\S+:\d+:\d+\)|\.(ts|tsx|js|mjs):\d+|node_modules|file:\/\/|\b(ENOENT|EACCES|EISDIR)\b|\/(home|work|root|tmp|var|usr)\/[\w.-]+\//;
/** Columns and keys that must never leave the server. */
const PRIVATE_FIELD = /password_?hash|secret_?hash|google_?sub|token_?hash|client_?secret_?hash/i;

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

export async function answerOf(res: Response): Promise<Answer> {
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** Everything wrong with one answer under the error contract (empty when it is fine). */
export function contractProblems(answer: Answer, options: { redirectOk?: boolean } = {}): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (STACK_TRACE.test(answer.text)) problems.push(`a stack trace: ${excerpt(answer.text, STACK_TRACE)}`);
  if (PRIVATE_FIELD.test(answer.text)) problems.push(`a private field: ${excerpt(answer.text, PRIVATE_FIELD)}`);
  if (answer.status >= 300 && answer.status < 400 && options.redirectOk) return problems;
  if (answer.status >= 400) {
    let body: any;
    try {
      body = JSON.parse(answer.text);
    } catch {
      problems.push(`a ${answer.status} that is not JSON: ${answer.text.slice(0, 120)}`);
      return problems;
    }
    if (typeof body?.message !== 'string' || !body.message)
      problems.push(`a ${answer.status} without a message: ${answer.text.slice(0, 120)}`);
    if (!answer.contentType.includes('application/json')) problems.push(`a ${answer.status} served as ${answer.contentType}`);
  }
  return problems;
}

function excerpt(text: string, pattern: RegExp): string {
  const at = text.search(pattern);
  return JSON.stringify(text.slice(Math.max(0, at - 60), at + 80));
}

/** Runs tasks with at most `limit` in flight. */
export async function inPool<T>(tasks: (() => Promise<T>)[], limit = 8): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** Stack frames and source paths as a server error page would print them (stricter than for JSON: page copy may
 * well say "at the park"). */
const PAGE_STACK_TRACE =
  /\n\s+at\s+(\S+\s+\(|file:|\/|async\s)|\.(ts|tsx|mjs|astro):\d+:\d+|node_modules\/|\b(ENOENT|EACCES|EISDIR)\b|\/(home|work|root|tmp|var|usr)\/[\w.-]+\/[\w.-]+\.(ts|js|mjs|astro)\b|Error: .*\n\s+at /;

/** Everything wrong with a page's answer: a 5xx, a stack trace, a private field, or a reflected `marker`. */
export function pageProblems(status: number, html: string, options: { reflected?: string } = {}): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}: ${html.slice(0, 160)}`);
  if (PAGE_STACK_TRACE.test(html)) problems.push(`a stack trace: ${excerpt(html, PAGE_STACK_TRACE)}`);
  if (PRIVATE_FIELD.test(html)) problems.push(`a private field: ${excerpt(html, PRIVATE_FIELD)}`);
  if (options.reflected && html.includes(options.reflected)) problems.push('the query is reflected as raw HTML');
  return problems;
}
