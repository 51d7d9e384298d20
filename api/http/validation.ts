// Validation failures as the API answers them: 400 {"message", "errors": {field: [messages]}}, the first
// message on top, an unknown field (common/schema.ts) named first since it usually explains the rest.
import type { ValidationError } from 'elysia';
import { UNKNOWN_FIELD } from '../../common/schema';

/** Standard Schema (valibot) issues carry path items as objects, which Elysia's `all` joins into
 * "[object Object]": read their keys again so field errors land under the field's name. */
function standardIssues(error: ValidationError): { path?: string; message?: string; summary?: string }[] | null {
  const validator = (error as unknown as { validator?: any }).validator;
  const standard = validator?.['~standard'] ?? validator?.schema?.['~standard'];
  if (!standard) return null;
  const result = standard.validate(error.value);
  if (!result || typeof result.then === 'function' || !Array.isArray(result.issues)) return null;
  return result.issues.map((issue: { message: string; path?: unknown[] }) => ({
    message: issue.message,
    path: (issue.path ?? [])
      .map((item) => (item !== null && typeof item === 'object' && 'key' in item ? String((item as { key: unknown }).key) : String(item)))
      .join('/'),
  }));
}

export function validationErrors(error: ValidationError): Record<string, string[]> {
  // A Map, then own properties: a field named __proto__ or constructor is just a name here.
  const errors = new Map<string, string[]>();
  type Issue = { path?: string; summary?: string; message?: string; schema?: { error?: unknown } };
  for (const issue of (standardIssues(error) as Issue[] | null) ?? (error.all as Issue[])) {
    const field = (issue.path ?? '').replace(/^\//, '').split('/')[0] || 'body';
    // A TypeBox schema's own `error` text (e.g. t.File({ error })) wins over TypeBox's generic wording.
    const custom = typeof issue.schema?.error === 'string' ? issue.schema.error : undefined;
    const message = custom ?? issue.message ?? issue.summary ?? 'Invalid value';
    // Unknown fields of the body itself: each under its own name (valibot reports them as one issue).
    const unknown = message.startsWith(UNKNOWN_FIELD) && !(issue.path ?? '').replace(/^\//, '').includes('/');
    for (const [name, text] of unknown
      ? message
          .slice(message.indexOf(': ') + 2)
          .split(', ')
          .map((n) => [n, `${UNKNOWN_FIELD}: ${n}`] as const)
      : [[field, message] as const]) {
      const list = errors.get(name) ?? [];
      if (!list.includes(text)) list.push(text);
      errors.set(name, list);
    }
  }
  return Object.fromEntries(errors);
}

/** The 400 answer of a validation failure. */
export function validationAnswer(error: ValidationError): { message: string; errors: Record<string, string[]> } {
  const errors = validationErrors(error);
  const messages = Object.values(errors).flat();
  const unknown = Object.entries(errors)
    .filter(([name, list]) => list.includes(`${UNKNOWN_FIELD}: ${name}`))
    .map(([name]) => name);
  const message =
    unknown.length > 1
      ? `${UNKNOWN_FIELD}s: ${unknown.join(', ')}`
      : (messages.find((m) => m.startsWith(UNKNOWN_FIELD)) ?? messages[0] ?? 'Invalid request.');
  return { message, errors };
}
