// Strict writes (issue 18): every JSON body refuses a field the API does not know with 400 naming it, as Stripe
// answers an unknown parameter, and the API document says so (`additionalProperties: false` on every object).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CLASS_EXAMPLE } from '../../../api/classes/model';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/api';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let coach: TestClient;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  coach = server.client();
  expect((await coach.post('/api/login', { email: 'coach@fogline.test', password: 'demo-password' })).status).toBe(200);
});
afterAll(() => server.stop());

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
};

describe('the API document', () => {
  test('every JSON request body, and every object inside one, is additionalProperties: false', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>>;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    const resolve = (schema: JsonSchema): JsonSchema => (schema.$ref ? doc.components!.schemas![schema.$ref.split('/').pop()!]! : schema);
    const loose: string[] = [];
    let bodies = 0;
    const walk = (raw: JsonSchema, where: string) => {
      const schema = resolve(raw);
      if (schema.properties || schema.type === 'object') {
        if (schema.additionalProperties !== false) loose.push(where);
        for (const [name, inner] of Object.entries(schema.properties ?? {})) walk(inner, `${where}.${name}`);
      }
      if (schema.items) walk(schema.items, `${where}[]`);
      for (const inner of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(inner, where);
    };
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const json = op.requestBody?.content?.['application/json'];
        // Stripe's events carry far more than the id the webhook reads: their shape is Stripe's, not ours to refuse.
        if (!json || path === '/api/payment/webhook') continue;
        bodies++;
        walk(json.schema, `${method.toUpperCase()} ${path}`);
      }
    }
    expect(bodies).toBeGreaterThan(15);
    expect(loose).toEqual([]);
  });

  test('a class write knows every field a class is read with (they are ignored), so a class read posts back', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, any>>;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    const names = (raw: JsonSchema | undefined): string[] => {
      const schema = raw?.$ref ? doc.components!.schemas![raw.$ref.split('/').pop()!]! : raw;
      if (!schema) return [];
      if (schema.items) return names(schema.items);
      return [...Object.keys(schema.properties ?? {}), ...(schema.anyOf ?? []).flatMap(names), ...(schema.allOf ?? []).flatMap(names)];
    };
    const answer = (path: string, method = 'get') =>
      names((doc.paths[path]![method].responses['200'] ?? doc.paths[path]![method].responses['201']).content['application/json'].schema);
    const read = new Set([
      ...answer('/api/classes/{id}'),
      ...answer('/api/classes'),
      ...answer('/api/classes/managed'),
      ...answer('/api/classes', 'post'),
    ]);
    for (const [path, method] of [
      ['/api/classes', 'post'],
      ['/api/classes/{id}', 'patch'],
    ] as const) {
      const known = new Set(names(doc.paths[path]![method].requestBody.content['application/json'].schema));
      expect({ path, method, unknown: [...read].filter((name) => !known.has(name)) }).toEqual({ path, method, unknown: [] });
    }
  });
});

describe('unknown fields are refused, by name', () => {
  test("a class posted with the spec entity's flat recurrenceType and recurrenceInterval is a 400 naming them, and nothing is created", async () => {
    const before = (await coach.get('/api/classes/managed?limit=100')).body.length;
    const { recurrence: _, ...flat } = CLASS_EXAMPLE;
    const res = await coach.post('/api/classes', { ...flat, recurrenceType: 'weekly', recurrenceInterval: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Unknown fields: recurrenceType, recurrenceInterval',
      errors: { recurrenceType: ['Unknown field: recurrenceType'], recurrenceInterval: ['Unknown field: recurrenceInterval'] },
    });
    expect((await coach.get('/api/classes/managed?limit=100')).body.length).toBe(before);
  });

  test('one unknown field: {"message": "Unknown field: recurrenceType", "errors": {"recurrenceType": [...]}}', async () => {
    const { recurrence: _, ...oneTime } = CLASS_EXAMPLE;
    const res = await coach.post('/api/classes', { ...oneTime, recurrenceType: 'weekly' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Unknown field: recurrenceType', errors: { recurrenceType: ['Unknown field: recurrenceType'] } });
  });

  test('the unknown field is named even beside other mistakes', async () => {
    const res = await coach.post('/api/classes', { ...CLASS_EXAMPLE, title: '', colour: 'blue' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown field: colour');
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['title', 'colour']));
  });

  test('inside a nested object: the recurrence, an attendee', async () => {
    const series = await coach.post('/api/classes', { ...CLASS_EXAMPLE, recurrence: { ...CLASS_EXAMPLE.recurrence, every: 2 } });
    expect(series.status).toBe(400);
    expect(series.body).toEqual({ message: 'Unknown field: every', errors: { recurrence: ['Unknown field: every'] } });
    const customer = server.client();
    await customer.post('/api/login', { email: 'customer@fogline.test', password: 'demo-password' });
    const booking = await customer.post(
      '/api/bookings/free',
      withWaivers({
        classId: 1,
        quantity: 1,
        attendees: [{ name: 'Maya Lee', nickname: 'M' }],
      }),
    );
    expect(booking.status).toBe(400);
    expect(booking.body).toEqual({ message: 'Unknown field: nickname', errors: { attendees: ['Unknown field: nickname'] } });
  });

  test('a change with a field the class does not have is refused; the read class itself still posts back', async () => {
    const [own] = (await coach.get('/api/classes/managed?limit=1')).body;
    const res = await coach.request('PATCH', `/api/classes/${own.id}`, { title: 'Sunrise Yoga by the Bay', colour: 'blue' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Unknown field: colour', errors: { colour: ['Unknown field: colour'] } });
    const read = (await coach.get(`/api/classes/${own.id}`)).body;
    expect((await coach.request('PATCH', `/api/classes/${own.id}`, read)).status).toBe(200);
  });

  test('the flat recurrence fields are taken only as the echo of a nested recurrence, as a series reads', async () => {
    const series = await coach.post('/api/classes', CLASS_EXAMPLE);
    expect(series.status).toBe(201);
    const read = (await coach.get(`/api/classes/${series.body.id}`)).body;
    expect(read.recurrenceType).toBe('weekly');
    const copy = await coach.post('/api/classes', read);
    expect(copy.status).toBe(201);
    expect(copy.body.sessionCount).toBe(series.body.sessionCount);
    const { recurrence: _, ...flat } = read;
    const alone = await coach.post('/api/classes', flat);
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe(
      'Unknown fields: recurrenceType, recurrenceInterval, recurrenceDaysOfWeek, recurrenceEndType, recurrenceEndCount',
    );
  });

  test('sign-in and contact bodies too', async () => {
    const visitor = server.client();
    const login = await visitor.post('/api/login', { email: 'customer@fogline.test', password: 'demo-password', rememberMe: true });
    expect(login).toMatchObject({ status: 400, body: { message: 'Unknown field: rememberMe' } });
    const contact = await visitor.post('/api/contact', {
      name: 'Riley Park',
      email: 'riley@example.com',
      subject: 'Private session',
      message: 'Could we book a private session?',
      phone: '+1',
    });
    expect(contact).toMatchObject({ status: 400, body: { message: 'Unknown field: phone' } });
  });

  test('the registration payload the spec lists (with termsAccepted) is still accepted', async () => {
    const res = await server.client().post('/api/register', {
      firstName: 'Riley',
      lastName: 'Park',
      email: 'strict.riley@example.com',
      phone: '+14155550123',
      password: 'harbor-lights-2027',
      role: 'customer',
      termsAccepted: true,
    });
    expect(res.status).toBe(201);
  });
});
