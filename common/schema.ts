// Schema pieces every feature's model.ts shares (valibot only, so the site's forms import them too): the
// error answers, "at least N characters once trimmed", image links, calendar days and the API
// document's examples.
import * as v from 'valibot';

/** Every error answer: {"message": "..."}. */
export const Message = v.object({ message: v.string() });
/** A validation failure: the message plus the messages per field. */
export const ValidationFailure = v.object({ message: v.string(), errors: v.optional(v.record(v.string(), v.array(v.string()))) });

/** What a request body with a field the API does not know gets, as Stripe answers an unknown parameter: a client
 * that posts the spec's flat `recurrenceType` (not `recurrence`) learns it at once instead of getting a class
 * without its series. Every body schema is strict (`fields`, `strictFields`): documented as
 * `additionalProperties: false`. */
export const UNKNOWN_FIELD = 'Unknown field';

type ObjectIssue = v.StrictObjectIssue;

/** The unknown fields' message, for the issue valibot raises on the first one (all of them are named). */
function unknownFields(issue: ObjectIssue, entries: v.ObjectEntries): string | undefined {
  if (issue.kind !== 'schema' || issue.expected !== 'never') return undefined;
  const input = issue.path?.[0]?.input;
  const names = input && typeof input === 'object' ? Object.keys(input).filter((key) => !Object.hasOwn(entries, key)) : [];
  const unknown = names.length ? names : [String(issue.input)];
  return `${UNKNOWN_FIELD}${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
}

/** A strict object: unknown fields are refused by name; any other problem with it gets `message`. */
export function strictFields<T extends v.ObjectEntries>(
  entries: T,
  message: string | ((issue: ObjectIssue) => string) = 'Please send the fields as a JSON object.',
) {
  return v.strictObject(entries, (issue) => unknownFields(issue, entries) ?? (typeof message === 'function' ? message(issue) : message));
}

/** A request body: a strict object whose missing fields get the field's own first message (e.g. "Password is
 * required") rather than valibot's generic "Invalid key". */
export function fields<T extends v.ObjectEntries>(entries: T) {
  return strictFields(entries, (issue) => {
    const key = issue.path?.[0]?.key;
    const message = typeof key === 'string' ? (entries[key] as { message?: unknown } | undefined)?.message : undefined;
    return typeof message === 'string' ? message : 'Please send the form fields as a JSON object.';
  });
}

/** At least `min` characters once the surrounding spaces are trimmed (a regex, so it appears in the API docs;
 * the service stores the trimmed text). */
export const trimmedMin = (min: number) => (min <= 1 ? /\S/ : new RegExp(`^\\s*\\S[\\s\\S]{${min - 2},}\\S\\s*$`));

/** An uploaded image (/uploads/...) or an https URL; the class is saved without one when the upload failed. */
export const imageUrl = v.optional(
  v.nullable(
    v.pipe(v.string(), v.maxLength(1000), v.regex(/^(|\/[^/\\].*|https:\/\/.+)$/, 'The image must be an uploaded image or an https URL')),
  ),
);

/** A day that exists on the calendar: isoDate alone lets "2027-02-30" through (it would roll into March). */
export const isCalendarDay = (value: string) => {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};

/** The years an instant or a day sent to the API may fall in. Wider values are mistakes (or probes), and past
 * 9999 a Date no longer prints as RFC 3339 ("+010036-01-17T10:00:00.000Z"). */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;
/** Does this RFC 3339 text (or YYYY-MM-DD day) fall in FIRST_YEAR..LAST_YEAR? Read from its own digits, so an
 * offset cannot carry 2100-12-31T23:00:00-08:00 out of range. */
export const inSupportedYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
};

/** The API document's example of each schema that has one (api/docs adds it as JSON Schema `examples`). Kept
 * beside the schema rather than in its pipe, so an object schema stays an object schema (forms extend its
 * `entries`); typed by the schema's input, so an example that no longer fits fails to compile. */
const EXAMPLES = new WeakMap<object, unknown>();

export function withExample<T extends v.GenericSchema>(schema: T, example: v.InferInput<T>): T {
  // A pipe is converted action by action and never looked up as a whole: the example joins its actions instead.
  if ('pipe' in schema && Array.isArray(schema.pipe)) schema.pipe.push(v.metadata({ examples: [example] }));
  else EXAMPLES.set(schema, example);
  return schema;
}

export const exampleOf = (schema: object): unknown => EXAMPLES.get(schema);

/** A numeric id in the path, as the route receives it (a string), with the example the document shows. */
export const pathId = (example: number) => withExample(v.string(), String(example));

/** The class id of /classes/{id}/... paths (the example is a demo class). */
export const ClassIdParams = v.object({ id: pathId(12) });
