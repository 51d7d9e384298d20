// The render cache against the built site (issue 9): anonymous pages come from memory (ETag, 304, query
// strings kept apart, errors never kept), every kind of write shows at once in the writing process and within
// a second in another process on the same database, a payment hold running out shows without any write, and
// signed-in visitors and anonymous ones alternating on the same URLs each see only their own header.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { type Subprocess, spawn } from 'bun';
import { eq } from 'drizzle-orm';
import { join } from 'node:path';
import { HOLD_MINUTES } from '../../api/spots/policy';
import { MAX_AGE_MS } from '../../api/render-cache';
import { blogPosts, classes, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../helpers/api';
import { createClass, createUser, pageTotal, type SignedIn } from '../helpers/fixtures';
import { withWaivers } from '../helpers/waivers';

setDefaultTimeout(30_000);

let server: TestServer;
let coach: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  server = await startTestServer({ site: true });
  coach = await createUser(server, 'coach', 'Maya');
  admin = await createUser(server, 'admin', 'Avery');
});
afterAll(() => server?.stop());

async function page(path: string, as?: SignedIn, base = server.url) {
  const response = await fetch(base + path, { headers: as ? { cookie: as.client.cookieHeader() } : {}, redirect: 'manual' });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Spots left as the class page's booking card is given them. */
const spotsOn = (html: string) => Number(html.match(/spotsLeft&quot;:\[0,(\d+)\]/)?.[1] ?? Number.NaN);

/** Visits a page twice, so the next visit would come from the cache if nothing invalidated it. */
async function warm(...paths: string[]) {
  for (const path of paths) {
    await page(path);
    expect((await page(path)).headers.get('etag')).toBeTruthy();
  }
}

describe('anonymous pages from memory', () => {
  test('a second visit is the same cached page with an ETag, and If-None-Match answers 304', async () => {
    const cls = await createClass(server, { coachId: coach.id });
    const first = await page(`/classes/${cls.id}`);
    const second = await page(`/classes/${cls.id}`);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag')!);
    expect(second.headers.get('cache-control')).toBe('public, no-cache');
    expect(second.headers.get('vary')).toContain('cookie');
    const revalidated = await fetch(`${server.url}/classes/${cls.id}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
  });

  test('query strings are part of the key: each search keeps its own page', async () => {
    await createClass(server, { coachId: coach.id, title: 'Quokka Kayaking' });
    await createClass(server, { coachId: coach.id, title: 'Zebra Drawing' });
    for (let round = 0; round < 2; round++) {
      const kayak = await page('/classes?q=Quokka');
      const drawing = await page('/classes?q=Zebra');
      expect(kayak.html).toContain('Quokka Kayaking');
      expect(kayak.html).not.toContain('Zebra Drawing');
      expect(drawing.html).toContain('Zebra Drawing');
      expect(drawing.html).not.toContain('Quokka Kayaking');
    }
  });

  test('/blog is paged 24 posts at a time, each page under its own key', async () => {
    const at = server.clock.now().getTime();
    await server.ctx.db.write((tx) =>
      tx.insert(blogPosts).values(
        Array.from({ length: 30 }, (_, i) => ({
          slug: `paging-${i}`,
          title: `Paging post ${i}`,
          content: '<p>Text.</p>',
          status: 'published' as const,
          publishedAt: new Date(at - i * 60_000),
        })),
      ),
    );
    for (let round = 0; round < 2; round++) {
      const first = await page('/blog');
      const second = await page('/blog?page=2');
      expect(first.html.match(/Read More/g)?.length).toBe(24);
      expect(first.html).toContain('Page 1 of 2');
      expect(first.html).toContain('href="/blog?page=2"');
      expect(second.html).toContain('Page 2 of 2');
      expect(second.html).toContain('Paging post 29');
      expect(first.html).not.toContain('Paging post 29');
    }
  });

  test('not-found pages and redirects are never kept', async () => {
    for (let round = 0; round < 2; round++) {
      const missing = await page('/classes/999999');
      expect(missing.status).toBe(404);
      expect(missing.headers.get('etag')).toBeNull();
      const redirect = await page('/classes/not-a-number');
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('etag')).toBeNull();
    }
  });
});

describe('fresh after each kind of write', () => {
  test('a booking and its cancellation change spots left on the class page at once', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 10 });
    await warm(`/classes/${cls.id}`);
    expect(spotsOn((await page(`/classes/${cls.id}`)).html)).toBe(10);
    const customer = await createUser(server);
    const booking = await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 3 }));
    expect(booking.status).toBe(201);
    expect(spotsOn((await page(`/classes/${cls.id}`)).html)).toBe(7);
    await warm(`/classes/${cls.id}`);
    expect((await customer.client.put(`/api/bookings/${booking.body.id}/cancel`)).status).toBe(200);
    expect(spotsOn((await page(`/classes/${cls.id}`)).html)).toBe(10);
  });

  test("the home page's featured classes follow a booking, its cancellation, a class edit and its deletion at once", async () => {
    // Starting in 6 minutes: the first of the featured classes.
    const cls = await createClass(server, { coachId: coach.id, title: 'Puffin Parkour', priceCents: 0, capacity: 7, startsInHours: 0.1 });
    await warm('/');
    const home = async () => (await page('/')).html;
    expect(await home()).toContain('Puffin Parkour');
    expect(await home()).toContain('7/7 spots left');
    const customer = await createUser(server);
    const booking = await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 2 }));
    expect(booking.status).toBe(201);
    expect(await home()).toContain('5/7 spots left');
    await warm('/');
    expect((await customer.client.put(`/api/bookings/${booking.body.id}/cancel`)).status).toBe(200);
    expect(await home()).toContain('7/7 spots left');
    await warm('/');
    await server.ctx.db.write((tx) => tx.update(classes).set({ title: 'Puffin Freerunning' }).where(eq(classes.id, cls.id)));
    expect(await home()).toContain('Puffin Freerunning');
    expect(await home()).not.toContain('Puffin Parkour');
    await warm('/');
    expect((await coach.client.request('DELETE', `/api/classes/${cls.id}`)).status).toBe(200);
    expect(await home()).not.toContain('Puffin Freerunning');
  });

  test('a payment hold that runs out gives its spots back with no write (fake clock)', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000, capacity: 10 });
    const customer = await createUser(server);
    const hold = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 2, amount: pageTotal(2000, 2) }),
    );
    expect(hold.status).toBe(200);
    const holdEnds = server.clock.now().getTime() + HOLD_MINUTES * 60_000;
    // Cache the page a few seconds before the hold ends, well inside the cache's own maximum age.
    server.clock.set(new Date(holdEnds - 5_000));
    await warm(`/classes/${cls.id}`);
    expect(spotsOn((await page(`/classes/${cls.id}`)).html)).toBe(8);
    server.clock.advance(6_000);
    expect(6_000).toBeLessThan(MAX_AGE_MS);
    expect(spotsOn((await page(`/classes/${cls.id}`)).html)).toBe(10);
  });

  test('a class created, edited and deleted shows on its page, the browse list and the coach page', async () => {
    await warm('/classes', `/coaches/${coach.id}`);
    const cls = await createClass(server, { coachId: coach.id, title: 'Walrus Watercolours', startsInHours: 2 });
    expect((await page('/classes')).html).toContain('Walrus Watercolours');
    expect((await page('/classes', coach)).html).toContain('Walrus Watercolours');
    expect((await page(`/coaches/${coach.id}`)).html).toContain('Walrus Watercolours');
    await warm(`/classes/${cls.id}`, '/classes', `/coaches/${coach.id}`);
    await server.ctx.db.write((tx) => tx.update(classes).set({ title: 'Walrus Oil Painting' }).where(eq(classes.id, cls.id)));
    for (const path of [`/classes/${cls.id}`, '/classes', `/coaches/${coach.id}`]) {
      const { html } = await page(path);
      expect(html).toContain('Walrus Oil Painting');
      expect(html).not.toContain('Walrus Watercolours');
    }
    await warm(`/classes/${cls.id}`, '/classes', `/coaches/${coach.id}`);
    expect((await coach.client.request('DELETE', `/api/classes/${cls.id}`)).status).toBe(200);
    expect((await page(`/classes/${cls.id}`)).status).toBe(404);
    expect((await page('/classes')).html).not.toContain('Walrus Oil Painting');
    expect((await page(`/coaches/${coach.id}`)).html).not.toContain('Walrus Oil Painting');
  });

  test('a review shows on the coach page and the class pages of that coach', async () => {
    const reviewed = await createUser(server, 'coach', 'Rowan');
    const later = await createClass(server, { coachId: reviewed.id, startsInHours: 24 });
    const cls = await createClass(server, { coachId: reviewed.id, priceCents: 0, startsInHours: 1 });
    const customer = await createUser(server);
    const booking = (await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id }))).body;
    server.clock.advance(2 * 3_600_000);
    try {
      await warm(`/coaches/${reviewed.id}`, `/classes/${later.id}`);
      const res = await customer.client.post('/api/reviews', {
        classId: cls.id,
        bookingId: booking.id,
        rating: 4,
        comment: 'Narwhal-level enthusiasm',
      });
      expect(res.status).toBe(201);
      expect((await page(`/coaches/${reviewed.id}`)).html).toContain('Narwhal-level enthusiasm');
      expect((await page(`/classes/${later.id}`)).html).toContain('Narwhal-level enthusiasm');
    } finally {
      server.clock.advance(-2 * 3_600_000);
    }
  });

  test("a coach's approval adds them to the coaches page", async () => {
    const pending = await createUser(server, 'coach', 'Quillon');
    await server.ctx.db.write((tx) => tx.update(users).set({ isApproved: false }).where(eq(users.id, pending.id)));
    await warm('/coaches');
    expect((await page('/coaches')).html).not.toContain('Quillon');
    expect((await admin.client.put(`/api/admin/coaches/${pending.id}/approve`)).status).toBe(200);
    expect((await page('/coaches')).html).toContain('Quillon');
  });

  test('a blog post published and edited shows on /blog and its own page', async () => {
    await warm('/blog');
    const created = await admin.client.post('/api/blog', {
      title: 'Otters of the Bay',
      content: '<p>Otters.</p>',
      status: 'published',
      tags: ['Nature'],
    });
    expect(created.status).toBe(201);
    expect((await page('/blog')).html).toContain('Otters of the Bay');
    await warm('/blog', `/blog/${created.body.slug}`);
    const edited = await admin.client.put(`/api/blog/${created.body.id}`, {
      title: 'Sea Otters of the Bay',
      content: '<p>Otters.</p>',
      status: 'published',
      tags: ['Nature'],
    });
    expect(edited.status).toBe(200);
    expect((await page('/blog')).html).toContain('Sea Otters of the Bay');
    expect((await page(`/blog/${created.body.slug}`)).html).toContain('Sea Otters of the Bay');
  });
});

describe('no cross-user leakage', () => {
  test('two customers and a visitor alternating on the same URLs each see only their own header', async () => {
    const alice = await createUser(server, 'customer', 'Alicia');
    const bob = await createUser(server, 'customer', 'Bartholomew');
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0 });
    const post = await admin.client.post('/api/blog', { title: 'Pelican Pilates', content: '<p>Flap.</p>', status: 'published' });
    const paths = [
      '/',
      '/classes',
      `/classes/${cls.id}`,
      '/coaches',
      `/coaches/${coach.id}`,
      '/blog',
      `/blog/${post.body.slug}`,
      '/about',
      '/faq',
      '/contact',
    ];
    const people = [
      { as: alice, name: 'Alicia', email: alice.email },
      { as: undefined, name: null, email: null },
      { as: bob, name: 'Bartholomew', email: bob.email },
    ];
    for (let round = 0; round < 2; round++) {
      for (const path of paths) {
        for (const person of people) {
          const { status, html, headers } = await page(path, person.as);
          expect(status).toBe(200);
          for (const other of people) {
            if (other !== person && other.name) {
              expect(html).not.toContain(`${other.name}, Account menu`);
              expect(html).not.toContain(other.email!);
            }
          }
          if (person.name) {
            expect(html).toContain(`${person.name}, Account menu`);
            expect(html).toContain(person.email!);
            expect(headers.get('cache-control')).toBe('private, no-store');
            expect(headers.get('etag')).toBeNull();
            // A header spliced into a shared page still marks that page's link.
            if (path === '/classes') expect(html).toMatch(/href="\/classes" class="rounded-full[^"]*bg-brand-50/);
          } else {
            expect(html).toContain('>Sign In<');
            expect(html).not.toContain(', Account menu');
          }
        }
      }
    }
  });
});

describe('across processes', () => {
  let other: Subprocess<'ignore', 'pipe', 'inherit'> | null = null;
  afterAll(async () => {
    other?.kill();
    await other?.exited;
  });

  test('a booking in one process shows on a cached page of another within one second', async () => {
    other = spawn(['bun', 'api/main.ts'], {
      cwd: join(import.meta.dir, '../..'),
      env: { ...process.env, DATA_DIR: server.dataDir, PORT: '0', DATABASE_URL: '', SEED: 'none' },
      stdout: 'pipe',
      stderr: 'inherit',
    });
    let output = '';
    const reader = other.stdout.getReader();
    while (!/listening on (http:\/\/\S+)/.test(output)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`second process ended:\n${output}`);
      output += new TextDecoder().decode(value);
    }
    reader.releaseLock();
    void other.stdout.pipeTo(new WritableStream()).catch(() => {});
    const otherUrl = output.match(/listening on (http:\/\/\S+)/)![1]!.replace('localhost', '127.0.0.1');

    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 10 });
    for (let i = 0; i < 2; i++) expect(spotsOn((await page(`/classes/${cls.id}`, undefined, otherUrl)).html)).toBe(10);
    const customer = await createUser(server);
    expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 4 }))).status).toBe(201);
    const booked = Date.now();
    let spots = 10;
    while (spots === 10 && Date.now() - booked < 3_000) {
      spots = spotsOn((await page(`/classes/${cls.id}`, undefined, otherUrl)).html);
      if (spots === 10) await Bun.sleep(25);
    }
    expect(spots).toBe(6);
    expect(Date.now() - booked).toBeLessThan(1_000);
  });
});
