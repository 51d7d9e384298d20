// Blog management API: admin only; slug from the title and unique; content sanitized; read time from the
// words; publishedAt set when first published; the public blog shows published posts only.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { slugify } from '../../../api/blog/admin/service';
import { readTimeOf } from '../../../api/lib/read-time';
import type { TestServer } from '../../helpers/api';
import { type Cast, startWithCast } from '../classes/helpers';

let server: TestServer;
let cast: Cast;
beforeAll(async () => ({ server, cast } = await startWithCast('2027-04-01T18:00:00Z')));
afterAll(() => server.stop());

const post = (extra: Record<string, unknown> = {}) => ({
  title: 'Five Drills for Trail Runners',
  excerpt: 'Get faster on the hills of the Presidio.',
  content: '<p>Warm up with strides.</p>\n<p>Then run the stairs.</p>',
  tags: ['running', 'drills'],
  status: 'draft',
  ...extra,
});

describe('who manages the blog', () => {
  test('visitors get 401; customers and coaches get 403 on every management call', async () => {
    expect((await cast.visitor.get('/api/blog/admin')).status).toBe(401);
    for (const client of [cast.customer, cast.coach]) {
      expect((await client.get('/api/blog/admin')).status).toBe(403);
      expect((await client.post('/api/blog', post())).status).toBe(403);
      expect((await client.put('/api/blog/1', post())).status).toBe(403);
      expect((await client.delete('/api/blog/1')).status).toBe(403);
    }
  });
});

describe('writing posts', () => {
  test('an admin creates a draft: slug from the title, read time computed, not published yet', async () => {
    const res = await cast.admin.post('/api/blog', post());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug: 'five-drills-for-trail-runners',
      status: 'draft',
      publishedAt: null,
      readTime: 1,
      tags: ['running', 'drills'],
    });
    const publicList = await cast.visitor.get('/api/blog');
    expect(publicList.body.some((p: any) => p.id === res.body.id)).toBe(false);
    expect((await cast.visitor.get(`/api/blog/${res.body.slug}`)).status).toBe(404);
  });

  test('slugs are unique: the same title gets -2, -3', async () => {
    const a = await cast.admin.post('/api/blog', post({ title: 'Same Title' }));
    const b = await cast.admin.post('/api/blog', post({ title: 'Same Title' }));
    const c = await cast.admin.post('/api/blog', post({ title: 'Same Title!' }));
    expect([a.body.slug, b.body.slug, c.body.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);
  });

  test('a post can never take the slug "admin"', async () => {
    const res = await cast.admin.post('/api/blog', post({ title: 'Admin' }));
    expect(res.body.slug).toBe('admin-2');
  });

  test('content is sanitized: no scripts, no event handlers, no javascript: links', async () => {
    const res = await cast.admin.post(
      '/api/blog',
      post({
        title: 'Sanitized',
        content:
          '<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://example.com/a.jpg" onerror="x()"></p>',
      }),
    );
    expect(res.body.content).not.toContain('<script');
    expect(res.body.content).not.toContain('onclick');
    expect(res.body.content).not.toContain('onerror');
    expect(res.body.content).not.toContain('javascript:');
    expect(res.body.content).toContain('Hello');
  });

  test('read time counts the words at 200 a minute', async () => {
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(' ');
    const res = await cast.admin.post('/api/blog', post({ title: 'Long Read', content: `<p>${words}</p>` }));
    expect(res.body.readTime).toBe(3);
  });

  test('the form rules and messages', async () => {
    const res = await cast.admin.post('/api/blog', { title: 'ab', content: ' ', status: 'live', tags: ['x'.repeat(31)] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      title: ['Title must be at least 3 characters'],
      content: ['Content is required'],
      status: ['Status must be draft, published or archived'],
    });
    expect(res.body.errors.tags).toBeDefined();
  });
});

describe('publishing', () => {
  test('publishedAt is set when first published and kept after', async () => {
    const draft = await cast.admin.post('/api/blog', post({ title: 'Publish Me' }));
    server.clock.set('2027-04-02T18:00:00Z');
    const published = await cast.admin.put(`/api/blog/${draft.body.id}`, post({ title: 'Publish Me', status: 'published' }));
    expect(published.body.publishedAt).toBe('2027-04-02T18:00:00.000Z');
    server.clock.set('2027-04-05T18:00:00Z');
    const archived = await cast.admin.put(`/api/blog/${draft.body.id}`, post({ title: 'Publish Me', status: 'archived' }));
    expect(archived.body.publishedAt).toBe('2027-04-02T18:00:00.000Z');
    const again = await cast.admin.put(`/api/blog/${draft.body.id}`, post({ title: 'Publish Me Again', status: 'published' }));
    expect(again.body.publishedAt).toBe('2027-04-02T18:00:00.000Z');
    expect(again.body.slug).toBe('publish-me');
  });

  test('a published post appears on the public blog; a deleted one is gone', async () => {
    const created = await cast.admin.post('/api/blog', post({ title: 'Public Post', status: 'published' }));
    expect((await cast.visitor.get('/api/blog')).body.some((p: any) => p.slug === 'public-post')).toBe(true);
    expect((await cast.visitor.get('/api/blog/public-post')).status).toBe(200);
    const del = await cast.admin.delete(`/api/blog/${created.body.id}`);
    expect(del.body).toEqual({ message: 'Blog post deleted successfully' });
    expect((await cast.visitor.get('/api/blog/public-post')).status).toBe(404);
    expect((await cast.admin.delete(`/api/blog/${created.body.id}`)).status).toBe(404);
  });

  test('the admin list has every post, drafts and archived included, with the content as stored', async () => {
    await cast.admin.post('/api/blog', post({ title: 'Old News', status: 'archived', content: 'Line one\nLine two' }));
    const res = await cast.admin.get('/api/blog/admin');
    expect(res.status).toBe(200);
    expect(new Set(res.body.map((p: any) => p.status))).toEqual(new Set(['draft', 'published', 'archived']));
    expect(res.body.find((p: any) => p.title === 'Old News').content).toBe('Line one\nLine two');
    const one = await cast.admin.get(`/api/blog/admin/${res.body[0].id}`);
    expect(one.body.id).toBe(res.body[0].id);
    expect((await cast.admin.get('/api/blog/admin/999999')).status).toBe(404);
  });
});

describe('helpers', () => {
  test('slugify drops accents and punctuation', () => {
    expect(slugify('Café & Crêpes: Sunday Yoga!')).toBe('cafe-and-crepes-sunday-yoga');
    expect(slugify('!!!')).toBe('post');
  });
  test('readTimeOf ignores markup and is at least 1', () => {
    expect(readTimeOf('<p></p>')).toBe(1);
    expect(readTimeOf(`<h2>T</h2>${'<p>one two</p>'.repeat(150)}`)).toBe(2);
  });
});
