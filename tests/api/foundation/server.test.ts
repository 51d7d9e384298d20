// Foundation: health, the error contract, docs, body limits and security headers against the real server.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestServer, type TestServer } from '../../helpers/api';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('health', () => {
  test('GET /api/health answers 200 {"ok":true} when the database answers', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('error contract', () => {
  test('an unknown /api path is a 404 with a JSON message', async () => {
    const res = await server.client().get('/api/x');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({ message: 'Not found.' });
  });

  test('an unknown method on a known path is a 404 JSON, not a 500', async () => {
    const res = await server.client().request('DELETE', '/api/health');
    expect(res.status).toBe(404);
    expect(typeof res.body.message).toBe('string');
  });

  test('malformed JSON is a 400 with a message, never a stack trace', async () => {
    const res = await server.client().request('POST', '/api/contact', undefined, {
      headers: { 'content-type': 'application/json' },
      raw: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(JSON.stringify(res.body)).not.toContain(' at ');
  });

  test('a body over the JSON limit is refused with 413 JSON', async () => {
    const res = await server.client().request('POST', '/api/login', undefined, {
      headers: { 'content-type': 'application/json' },
      raw: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('too large');
  });

  test('a write with a foreign Origin is refused with 403', async () => {
    const res = await server
      .client()
      .request('POST', '/api/login', { email: 'a@b.co', password: 'x' }, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('API docs', () => {
  test('/api/docs renders Swagger UI from our own server', async () => {
    const res = await fetch(server.url + '/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(html).not.toMatch(/unpkg|jsdelivr|cdnjs/);
    // Nothing inline: its policy allows no inline script.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect((await fetch(server.url + '/api/docs/assets/swagger-ui-init.js')).status).toBe(200);
    const asset = await fetch(server.url + '/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
  });

  test('/api/docs/json lists the routes with their schemas', async () => {
    const res = await server.client().get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.paths['/api/health'].get.responses['200']).toBeDefined();
  });
});

describe('API docs cover every route', () => {
  // Calls that take no body by design: logout (here or everywhere), approve, cancel, onboarding (empty JSON), the raw-body webhook, answering a waitlist offer, feed reset.
  const NO_BODY = new Set([
    'POST /api/logout',
    'POST /api/logout/everywhere',
    'PUT /api/admin/coaches/{id}/approve',
    'POST /api/payment/webhook',
    'POST /api/coaches/{id}/stripe-onboarding',
    'POST /api/waitlist/{id}/accept',
    'POST /api/waitlist/{id}/decline',
    'POST /api/calendar/reset',
    'POST /api/bookings/{id}/move-to-offered-session',
    'POST /api/wallet/{purchaseId}/confirm',
    'POST /api/wallet/{purchaseId}/cancel',
    'POST /api/wallet/{purchaseId}/update-card',
    'POST /api/wallet/{purchaseId}/resume',
  ]);

  test('every write documents its body, every path its parameters, every call a success answer', async () => {
    const doc = (await server.client().get('/api/docs/json')).body as { paths: Record<string, Record<string, any>> };
    const problems: string[] = [];
    let operations = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        operations++;
        const name = `${method.toUpperCase()} ${path}`;
        if (['post', 'put', 'patch'].includes(method) && !op.requestBody && !NO_BODY.has(name)) problems.push(`${name}: no body schema`);
        if (path.includes('{') && !(op.parameters ?? []).some((p: { in: string }) => p.in === 'path'))
          problems.push(`${name}: no path parameters`);
        if (!Object.keys(op.responses ?? {}).some((code) => /^[23]/.test(code))) problems.push(`${name}: no success answer`);
      }
    }
    expect(problems).toEqual([]);
    expect(operations).toBeGreaterThan(40);
  });
});

describe('security headers', () => {
  test('API responses carry nosniff and a referrer policy', async () => {
    const res = await fetch(server.url + '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
