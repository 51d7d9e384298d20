// POST /api/contact (validation, storage, support email, rate limit) and the public blog reads.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contactMessages } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { addPost, addUser, DAY } from './fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const valid = {
  name: 'Casey Morgan',
  email: 'casey@example.test',
  subject: 'Question about classes',
  message: 'Do you run classes in the rain?',
};

describe('POST /api/contact', () => {
  test('each field is validated with the spec messages', async () => {
    const res = await server.client().post('/api/contact', { name: 'C', email: 'nope', subject: 'Hey', message: 'Short' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: ['Name must be at least 2 characters'],
      email: ['Please enter a valid email address'],
      subject: ['Subject must be at least 5 characters'],
      message: ['Message must be at least 10 characters'],
    });
  });

  test('a missing field is a 400, never a 500', async () => {
    const res = await server.client().post('/api/contact', { name: 'Casey' });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toEqual(['Please enter a valid email address']);
  });

  test('a valid message is stored and emailed to support', async () => {
    const res = await server.client().post('/api/contact', { ...valid, message: 'Do you run classes <b>in the rain</b>?' });
    expect(res.status).toBe(201);
    expect(typeof res.body.message).toBe('string');
    const rows = await server.ctx.db.select().from(contactMessages);
    expect(rows.at(-1)).toMatchObject({ name: 'Casey Morgan', email: 'casey@example.test', subject: 'Question about classes' });
    const outbox = join(server.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((f) => readFileSync(join(outbox, f), 'utf8').replace(/=\n/g, ''))
      .find((m) => m.includes('Question about classes'));
    expect(mail).toBeDefined();
    expect(mail).toContain('To: support@fogline.test');
    expect(mail).toContain('&lt;b&gt;in the rain&lt;/b&gt;');
  });

  test('is rate-limited: the sixth message within 10 minutes from one address is a 429', async () => {
    const client = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/contact', valid)).status);
    // One message was already sent by the test above from the same address.
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    const limited = await client.post('/api/contact', valid);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(typeof limited.body.message).toBe('string');
    server.clock.advance(11 * 60_000);
    expect((await client.post('/api/contact', valid)).status).toBe(201);
  });
});

describe('public blog', () => {
  beforeAll(async () => {
    const ctx = server.ctx;
    const now = ctx.clock.now().getTime();
    await addPost(ctx, { slug: 'older', title: 'Older post', tags: ['Running'], publishedAt: new Date(now - 2 * DAY) });
    await addPost(ctx, {
      slug: 'newer',
      title: 'Newer post',
      tags: ['Yoga', 'Running'],
      publishedAt: new Date(now - DAY),
      content: 'Line one\nLine two<script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">link</a>',
    });
    await addPost(ctx, { slug: 'draft', title: 'Draft post', status: 'draft', publishedAt: null });
    await addPost(ctx, { slug: 'archived', title: 'Archived post', status: 'archived' });
  });

  test('GET /api/blog lists only published posts, newest first', async () => {
    const res = await server.client().get('/api/blog');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { slug: string }) => p.slug)).toEqual(['newer', 'older']);
    expect(res.body[0]).toMatchObject({ title: 'Newer post', tags: ['Yoga', 'Running'], status: 'published', readTime: 1 });
  });

  test('GET /api/blog answers one page, X-Total-Count gives every published post', async () => {
    const res = await server.client().get('/api/blog?limit=1&offset=1');
    expect(res.body.map((p: { slug: string }) => p.slug)).toEqual(['older']);
    expect(res.headers.get('x-total-count')).toBe('2');
  });

  test('GET /api/blog?tag= keeps the posts with that tag', async () => {
    expect((await server.client().get('/api/blog?tag=Yoga')).body.map((p: { slug: string }) => p.slug)).toEqual(['newer']);
  });

  test('GET /api/blog/{slug} serves sanitized HTML with line breaks as breaks', async () => {
    const res = await server.client().get('/api/blog/newer');
    expect(res.status).toBe(200);
    expect(res.body.content).toBe('<p>Line one<br />Line two<a>link</a></p>');
  });

  test('a draft or archived post is not found in public', async () => {
    for (const slug of ['draft', 'archived', 'nope', '%ff']) {
      const res = await server.client().get(`/api/blog/${slug}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Post not found.' });
    }
  });

  test('an admin may open a draft by its slug', async () => {
    const passwordHash = await Bun.password.hash('admin-password', { algorithm: 'argon2id' });
    await addUser(server.ctx, { email: 'blog-admin@example.test', role: 'admin', passwordHash, isApproved: true });
    const { createSession } = await import('../../../api/auth/session');
    const admin = server.client();
    const users = await server.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'blog-admin@example.test') });
    const { token } = await createSession(server.ctx.db, server.ctx.clock, users!.id);
    admin.cookies.set('fogline_session', token);
    const res = await admin.get('/api/blog/draft');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('draft');
  });
});
