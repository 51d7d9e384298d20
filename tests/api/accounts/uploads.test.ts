// POST /api/upload-image (issue 3, coach-admin-areas §5 Images): real images only, checked by content; at
// most 10 MB; random names under DATA_DIR/uploads, served back with the right type and long caching.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { sniffImage } from '../../../api/uploads/service';
import { startTestServer, type TestServer } from '../../helpers/api';
import { imageForm, PNG_1X1, register, type Person } from './helpers';

let server: TestServer;
let person: Person;
beforeAll(async () => {
  server = await startTestServer();
  person = await register(server);
}, 30_000);
afterAll(() => server.stop());

const upload = (form: FormData, client = person.client) => client.request('POST', '/api/upload-image', undefined, { raw: form });

describe('upload-image', () => {
  test('a real PNG is stored under a random name and served back as image/png with long caching', async () => {
    const res = await upload(imageForm(PNG_1X1, '../../etc/passwd.png', 'image/png'));
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toMatch(/^\/uploads\/[a-z0-9]{26}\.png$/);
    const name = res.body.imageUrl.split('/').pop();
    expect(readdirSync(server.ctx.env.uploadsDir)).toContain(name);
    const served = await fetch(server.url + res.body.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_1X1);
  });

  test('the type comes from the content: a PNG named photo.jpg is stored as .png', async () => {
    const res = await upload(imageForm(PNG_1X1, 'photo.jpg', 'image/jpeg'));
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toEndWith('.png');
  });

  test('a text file renamed to .png is refused with 400', async () => {
    const text = new TextEncoder().encode('just some text, not an image at all');
    const res = await upload(imageForm(text, 'holiday.png', 'image/png'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please upload a JPEG, PNG, GIF or WebP image.');
  });

  test('an SVG (which can carry scripts) is refused', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(imageForm(svg, 'logo.svg', 'image/svg+xml'))).status).toBe(400);
  });

  test('an image over 10 MB is refused with a 413 JSON message before it is stored', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 100 * 1024);
    big.set(PNG_1X1);
    const res = await upload(imageForm(big, 'huge.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('at most 10 MB');
  });

  test('a 41 MB body is refused with our JSON 413 (on its declared length, before reading it)', async () => {
    const big = new Uint8Array(41 * 1024 * 1024);
    big.set(PNG_1X1);
    const res = await upload(imageForm(big, 'huge.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('at most 10 MB');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('a request without an image is a 400 "Please choose an image to upload."', async () => {
    const res = await upload(new FormData());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Please choose an image to upload.', errors: { image: ['Please choose an image to upload.'] } });
  });

  test('an image field that is text, not a file, gets the same message', async () => {
    const form = new FormData();
    form.set('image', 'not a file');
    const res = await upload(form);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please choose an image to upload.');
  });

  test('visitors get 401', async () => {
    const res = await upload(imageForm(PNG_1X1, 'a.png', 'image/png'), server.client());
    expect(res.status).toBe(401);
  });

  test('no user path reaches the file system when serving uploads', async () => {
    for (const path of ['/uploads/..%2Ffogline.db', '/uploads/../fogline.db', '/uploads/%2e%2e/fogline.db', '/uploads/x.png']) {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(404);
    }
  });
});

describe('sniffImage', () => {
  const bytes = (...parts: (number[] | string)[]) =>
    Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
  test('recognizes JPEG, PNG, GIF87a, GIF89a and WebP by their first bytes', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))?.type).toBe('image/jpeg');
    expect(sniffImage(PNG_1X1)?.type).toBe('image/png');
    expect(sniffImage(bytes('GIF87a'))?.type).toBe('image/gif');
    expect(sniffImage(bytes('GIF89a'))?.type).toBe('image/gif');
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))?.type).toBe('image/webp');
  });
  test('refuses anything else, including RIFF files that are not WebP', () => {
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffImage(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe('upload limit per user', () => {
  test('past the hourly upload limit a user gets 429 with Retry-After, and others are unaffected', async () => {
    const limited = await startTestServer({ rateLimits: { uploadsPerUser: { max: 2, windowMs: 60 * 60_000 } } });
    try {
      const uploader = await register(limited);
      const other = await register(limited);
      const send = (who: Person) =>
        who.client.request('POST', '/api/upload-image', undefined, { raw: imageForm(PNG_1X1, 'a.png', 'image/png') });
      expect((await send(uploader)).status).toBe(201);
      expect((await send(uploader)).status).toBe(201);
      const refused = await send(uploader);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.message).toContain('2 images an hour');
      expect((await send(other)).status).toBe(201);
      limited.clock.advance(61 * 60_000);
      expect((await send(uploader)).status).toBe(201);
    } finally {
      await limited.stop();
    }
  });
});
