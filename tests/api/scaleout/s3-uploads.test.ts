// Several machines on one libSQL server keep uploads in an S3-compatible bucket: with S3_BUCKET set (and no
// UPLOADS=local) two Fogline processes on one sqld start, and an image uploaded through either goes into the
// bucket under uploads/<name> (signed with the configured key), is linked as S3_PUBLIC_URL/uploads/<name>, and
// nothing is written to a machine's own DATA_DIR/uploads. The bucket is a small S3 stand-in served by this
// test (Bun's S3 client, the product's, talks to it over HTTP as it would to R2, Tigris or MinIO).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDb } from '../../../db/client';
import { TestClient } from '../../helpers/api';
import { type FoglineProcess, spawnFogline } from '../../helpers/processes';
import { sharedSqld, sqldBinary } from '../../helpers/sqld';
import { imageForm, PNG_1X1 } from '../accounts/helpers';
import { createUser } from '../../helpers/fixtures';
import { fixturesOn } from './fixtures';

interface StoredObject {
  body: Uint8Array<ArrayBuffer>;
  type: string | null;
  authorization: string;
}

/** PUT, GET and DELETE of objects at /<bucket>/<key> (path-style, as with S3_ENDPOINT). */
function startBucketStandIn() {
  const objects = new Map<string, StoredObject>();
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const path = decodeURIComponent(new URL(request.url).pathname);
      if (request.method === 'PUT') {
        const body = new Uint8Array(await request.arrayBuffer());
        objects.set(path, { body, type: request.headers.get('content-type'), authorization: request.headers.get('authorization') ?? '' });
        return new Response(null, { status: 200, headers: { etag: '"stand-in"' } });
      }
      if (request.method === 'DELETE') {
        objects.delete(path);
        return new Response(null, { status: 204 });
      }
      const found = objects.get(path);
      return found
        ? new Response(found.body, { headers: { 'content-type': found.type ?? 'application/octet-stream' } })
        : new Response(null, { status: 404 });
    },
  });
  return { objects, url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

describe.skipIf(!sqldBinary())('two processes on one sqld with uploads in a bucket', () => {
  let bucket: ReturnType<typeof startBucketStandIn>;
  const dataDirs = [mkdtempSync(join(tmpdir(), 'fogline-s3-a-')), mkdtempSync(join(tmpdir(), 'fogline-s3-b-'))];
  const processes: FoglineProcess[] = [];
  let db: Db;

  beforeAll(async () => {
    bucket = startBucketStandIn();
    const databaseUrl = await (await sharedSqld()).newDatabase();
    const settings = {
      DATABASE_URL: databaseUrl,
      SEED: 'none',
      UPLOADS: '',
      S3_BUCKET: 'fogline-uploads',
      S3_ENDPOINT: bucket.url,
      S3_ACCESS_KEY_ID: 'fogline-key',
      S3_SECRET_ACCESS_KEY: 'fogline-secret',
      S3_REGION: 'auto',
      S3_PUBLIC_URL: 'https://cdn.fogline.test',
    };
    // Two machines: each its own DATA_DIR, so nothing may depend on a shared disk.
    for (const dataDir of dataDirs) processes.push(await spawnFogline({ ...settings, DATA_DIR: dataDir }));
    db = await openDb(databaseUrl);
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    db?.close();
    bucket?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  test('an image uploaded through either process lands in the bucket, linked at S3_PUBLIC_URL; no local copy', async () => {
    const world = fixturesOn(db, processes[0]!.url);
    const coach = await createUser(world, 'coach');
    for (const fogline of processes) {
      const client = new TestClient(fogline.url);
      for (const [name, value] of coach.client.cookies) client.cookies.set(name, value);
      const res = await client.request('POST', '/api/upload-image', undefined, { raw: imageForm(PNG_1X1, 'studio.png', 'image/png') });
      expect(res.status).toBe(201);
      expect(res.body.imageUrl).toMatch(/^https:\/\/cdn\.fogline\.test\/uploads\/[a-z0-9]{26}\.png$/);
      const name = res.body.imageUrl.split('/').pop();
      const stored = bucket.objects.get(`/fogline-uploads/uploads/${name}`);
      expect(stored?.body).toEqual(PNG_1X1);
      expect(stored?.type).toBe('image/png');
      expect(stored?.authorization).toStartWith('AWS4-HMAC-SHA256 Credential=fogline-key/');
    }
    expect(bucket.objects.size).toBe(2);
    for (const dataDir of dataDirs) expect(existsSync(join(dataDir, 'uploads'))).toBe(false);
  });
});
