// Image storage: files under DATA_DIR/uploads (served by api/server.ts at /uploads/<name>), or an
// S3-compatible bucket through Bun's built-in S3 client when S3_BUCKET is set. Callers pass only names we
// generated (random, [a-z0-9] plus an extension), never anything a user typed.
import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface StorageProvider {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under `name` and returns the public URL to show them. */
  put(name: string, data: Uint8Array, contentType: string): Promise<string>;
  /** Deletes a stored file; a name that is already gone is fine (the cleanup may run twice). */
  remove(name: string): Promise<void>;
  /** Bytes still free where files are stored (a bucket: unlimited), so uploads stop before the disk is full. */
  freeBytes(): Promise<number>;
}

export interface S3Settings {
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  endpoint?: string;
  region?: string;
  /** The bucket's public base URL (objects are read at <publicUrl>/uploads/<name>), e.g. https://cdn.example.com */
  publicUrl: string;
}

const SAFE_NAME = /^[a-z0-9]+\.(png|jpg|gif|webp)$/;

export function createStorageProvider(options: { uploadsDir: string; s3?: S3Settings | null }): StorageProvider {
  if (options.s3) {
    const s3 = options.s3;
    const client = new Bun.S3Client({
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      endpoint: s3.endpoint,
      region: s3.region,
    });
    return {
      kind: 's3',
      async put(name, data, contentType) {
        if (!SAFE_NAME.test(name)) throw new Error(`refusing to store an unexpected name: ${name}`);
        await client.write(`uploads/${name}`, data, { type: contentType });
        return `${s3.publicUrl.replace(/\/$/, '')}/uploads/${name}`;
      },
      async remove(name) {
        if (SAFE_NAME.test(name)) await client.delete(`uploads/${name}`);
      },
      freeBytes: async () => Number.POSITIVE_INFINITY,
    };
  }
  return {
    kind: 'local',
    async put(name, data) {
      if (!SAFE_NAME.test(name)) throw new Error(`refusing to store an unexpected name: ${name}`);
      await mkdir(options.uploadsDir, { recursive: true });
      await writeFile(join(options.uploadsDir, name), data, { flag: 'wx' });
      return `/uploads/${name}`;
    },
    async remove(name) {
      if (SAFE_NAME.test(name)) await rm(join(options.uploadsDir, name), { force: true });
    },
    async freeBytes() {
      // The uploads folder may not exist yet: its parent (the data folder) is on the same volume.
      const stats = await statfs(options.uploadsDir).catch(() => statfs(dirname(options.uploadsDir)));
      return stats.bavail * stats.bsize;
    },
  };
}
