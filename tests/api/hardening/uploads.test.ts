// Issue 11 rows 4 and 5: uploads are limited like a series even when sent at once (60 an hour per user), at most
// 10 MB per image and 50 MB a day per user, refused while the disk is nearly full (bookings keep working), and
// removed a day after upload when no profile, class or post refers to them. Row 4's password-change burst too.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from '../../../api/uploads/model';
import { LOW_DISK_MESSAGE } from '../../../api/uploads/service';
import { startBackgroundJobs } from '../../../api/background';
import { removeUnusedUploads } from '../../../api/uploads/cleanup';
import { classes, uploads } from '../../../db/schema';
import { startTestServer, type TestClient, type TestServer } from '../../helpers/api';
import { imageForm, PASSWORD, PNG_1X1, register } from '../accounts/helpers';
import { createClass, createUser } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

const MB = 1024 * 1024;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** A PNG of `bytes` bytes: the real 1x1 image followed by padding (the type is read from the first bytes). */
function pngOf(bytes: number): Uint8Array {
  const data = new Uint8Array(bytes);
  data.set(PNG_1X1);
  return data;
}
const send = (client: TestClient, data: Uint8Array = PNG_1X1) =>
  client.request('POST', '/api/upload-image', undefined, { raw: imageForm(data, 'photo.png', 'image/png') });

describe('row 4: bursts', () => {
  test('90 simultaneous uploads by one customer: exactly 60 stored, 30 answered 429', async () => {
    const customer = await register(server);
    const answers = await Promise.all(Array.from({ length: 90 }, () => send(customer.client)));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(60);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(30);
    expect(refused[0]!.body.message).toContain('60 images an hour');
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await server.ctx.db.select().from(uploads).where(eq(uploads.userId, customer.id));
    expect(rows).toHaveLength(60);
  });

  test('20 simultaneous password changes with wrong current passwords: 5 checked (400), 15 answered 429', async () => {
    const person = await register(server);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        person.client.put(`/api/users/${person.id}/password`, { currentPassword: `wrong-${i}-pass`, newPassword: 'another-pass-9' }),
      ),
    );
    expect(answers.filter((res) => res.status === 400)).toHaveLength(5);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(15);
    // The right password waits too while the limit holds, so guessing cannot continue behind it.
    expect(
      (await person.client.put(`/api/users/${person.id}/password`, { currentPassword: PASSWORD, newPassword: 'another-pass-9' })).status,
    ).toBe(429);
  });
});

describe('row 5: sizes and quotas', () => {
  test('three 39 MB images: each refused with 413, nothing stored', async () => {
    const customer = await register(server);
    const answers = await Promise.all([0, 1, 2].map(() => send(customer.client, pngOf(39 * MB))));
    expect(answers.map((res) => res.status)).toEqual([413, 413, 413]);
    expect(await server.ctx.db.select().from(uploads).where(eq(uploads.userId, customer.id))).toHaveLength(0);
  });

  test('an image one byte over the limit: 413 with the limit stated from the one constant ("10 MB")', async () => {
    const customer = await register(server);
    const res = await send(customer.client, pngOf(MAX_IMAGE_BYTES + 1));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(IMAGE_TOO_LARGE_MESSAGE);
    expect(IMAGE_TOO_LARGE_MESSAGE).toBe('The image is too large: the limit is 10 MB.');
  });

  test('50 MB a day per user: five 9.5 MB images are stored, the sixth waits until the day is over', async () => {
    const customer = await register(server);
    for (let i = 0; i < 5; i++) expect((await send(customer.client, pngOf(9.5 * MB))).status).toBe(201);
    const refused = await send(customer.client, pngOf(9.5 * MB));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain('50 MB a day');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect((await send(customer.client)).status).toBe(201); // a small one still fits
    server.clock.advance(24 * 3600_000 + 1000);
    expect((await send(customer.client, pngOf(9.5 * MB))).status).toBe(201);
  });

  test('a refused file gives its share of the quota back', async () => {
    const customer = await register(server);
    const notAnImage = new TextEncoder().encode('plain text '.repeat(1000));
    for (let i = 0; i < 70; i++)
      expect(
        (await customer.client.request('POST', '/api/upload-image', undefined, { raw: imageForm(notAnImage, 'a.png', 'image/png') }))
          .status,
      ).toBe(400);
    expect((await send(customer.client)).status).toBe(201);
  });
});

describe('the upload body limit: chosen by the parsed path, for signed-in callers', () => {
  test('a 2 MB image sent to /api/upload-image?from=profile gets the upload limit, not the 1 MB JSON one', async () => {
    const customer = await register(server);
    const res = await customer.client.request('POST', '/api/upload-image?from=profile', undefined, {
      raw: imageForm(pngOf(2 * MB), 'photo.png', 'image/png'),
    });
    expect(res.status).toBe(201);
  });

  test('a signed-in chunked upload (no Content-Length) is read within the upload limit and stored', async () => {
    const customer = await register(server);
    const form = new Response(imageForm(pngOf(2 * MB), 'photo.png', 'image/png'));
    const contentType = form.headers.get('content-type')!;
    const bytes = new Uint8Array(await form.arrayBuffer());
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    const res = await customer.client.request('POST', '/api/upload-image', undefined, {
      headers: { 'content-type': contentType },
      raw: chunked,
    });
    expect(res.status).toBe(201);
  });
});

describe('free-disk reserve', () => {
  test('below the reserve uploads are refused with a clear message (507) and bookings keep working', async () => {
    const customer = await createUser(server);
    const coach = await createUser(server, 'coach');
    const freeClass = await createClass(server, { coachId: coach.id, priceCents: 0 });
    const reserve = server.ctx.env.uploadMinFreeBytes;
    server.ctx.env.uploadMinFreeBytes = Number.MAX_SAFE_INTEGER;
    try {
      const refused = await send(customer.client);
      expect(refused.status).toBe(507);
      expect(refused.body.message).toBe(LOW_DISK_MESSAGE);
      expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: freeClass.id, quantity: 1 }))).status).toBe(201);
    } finally {
      server.ctx.env.uploadMinFreeBytes = reserve;
    }
    expect((await send(customer.client)).status).toBe(201);
  });
});

describe('unused uploads', () => {
  test('a day after upload, files no profile, class or post uses are removed; used ones stay', async () => {
    await removeUnusedUploads(server.ctx); // the earlier tests' files
    const coach = await createUser(server, 'coach');
    const stored: string[] = [];
    for (let i = 0; i < 3; i++) stored.push((await send(coach.client)).body.imageUrl);
    const [profileImage, classImage, unused] = stored as [string, string, string];
    expect((await coach.client.put(`/api/users/${coach.id}`, { firstName: 'Casey', lastName: 'Tester', profileImage })).status).toBe(200);
    const cls = await createClass(server, { coachId: coach.id });
    await server.ctx.db.write((tx) => tx.update(classes).set({ image: classImage }).where(eq(classes.id, cls.id)));
    const onDisk = (url: string) => existsSync(join(server.ctx.env.uploadsDir, url.split('/').pop()!));

    expect(await removeUnusedUploads(server.ctx)).toBe(0); // nothing is a day old yet
    server.clock.advance(24 * 3600_000 + 1000);
    // Two runs at once (as two processes might): each file goes once, no error.
    await Promise.all([removeUnusedUploads(server.ctx), removeUnusedUploads(server.ctx)]);
    expect(onDisk(unused)).toBe(false);
    expect(onDisk(profileImage)).toBe(true);
    expect(onDisk(classImage)).toBe(true);
    expect((await server.client().get(unused)).status).toBe(404);
    const names = (await server.ctx.db.select({ name: uploads.name }).from(uploads)).map((row) => row.name);
    expect(names).not.toContain(unused.split('/').pop()!);
    expect(names).toContain(profileImage.split('/').pop()!);
  });

  test('the background jobs every server process schedules include the removal', async () => {
    const customer = await createUser(server);
    const unused = (await send(customer.client)).body.imageUrl as string;
    server.clock.advance(24 * 3600_000 + 1000);
    const background = startBackgroundJobs(server.ctx);
    try {
      for (const job of background.jobs) await job.tick();
    } finally {
      background.stop();
    }
    expect((await server.client().get(unused)).status).toBe(404);
  });
});
