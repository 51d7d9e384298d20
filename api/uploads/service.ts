// Image uploads: the bytes decide the type (JPEG, PNG, GIF or WebP), never the file name or the declared
// content type; files get random names, so nothing a user sends reaches a path.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { uploads } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, DomainError } from '../errors';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from './model';

export { MAX_IMAGE_BYTES };
export const NOT_AN_IMAGE_MESSAGE = 'Please upload a JPEG, PNG, GIF or WebP image.';

export type ImageKind = { ext: 'jpg' | 'png' | 'gif' | 'webp'; type: string };

const startsWith = (bytes: Uint8Array, signature: (number | null)[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => b === null || bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type from the file's first bytes (its "magic number"), or null when it is not one we accept. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', type: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', type: 'image/png' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { ext: 'gif', type: 'image/gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { ext: 'webp', type: 'image/webp' };
  return null;
}

function randomName(ext: string): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `${encodeBase32LowerCaseNoPadding(bytes)}.${ext}`;
}

export const LOW_DISK_MESSAGE =
  'Image uploads are paused because the server is low on disk space. Please try again later; everything else keeps working.';

/** The 429 message names both limits, so people know what they ran into. */
function uploadLimitMessage(ctx: AppContext): string {
  const { uploadsPerUser, uploadBytesPerUser } = ctx.rateLimits.rules;
  return `You have reached the upload limit (${uploadsPerUser.max} images an hour and ${Math.round(uploadBytesPerUser.max / 1024 / 1024)} MB a day). Please try again later.`;
}

/** Stores one image for `user`. Refused while the disk is nearly full (507); the upload and its bytes are
 * counted before the file is read or stored (so a burst is limited like a series) and handed back when the
 * file is refused or cannot be stored. Each stored file gets a row in uploads, written before the file so the
 * cleanup (./cleanup.ts) always knows about it. */
export async function storeImage(ctx: AppContext, user: SessionUser, file: Blob): Promise<{ imageUrl: string }> {
  if (file.size > MAX_IMAGE_BYTES) throw new DomainError(413, IMAGE_TOO_LARGE_MESSAGE);
  if (file.size === 0) throw badRequest(NOT_AN_IMAGE_MESSAGE, { image: [NOT_AN_IMAGE_MESSAGE] });
  if ((await ctx.storage.freeBytes()) - file.size < ctx.env.uploadMinFreeBytes) throw new DomainError(507, LOW_DISK_MESSAGE);
  const reservation = await ctx.rateLimits.reserve(
    uploadLimitMessage(ctx),
    ['uploadsPerUser', String(user.id)],
    ['uploadBytesPerUser', String(user.id), file.size],
  );
  let recorded: string | null = null;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = sniffImage(bytes);
    if (!kind) throw badRequest(NOT_AN_IMAGE_MESSAGE, { image: [NOT_AN_IMAGE_MESSAGE] });
    const name = randomName(kind.ext);
    await ctx.db.write((tx) => tx.insert(uploads).values({ name, userId: user.id, bytes: bytes.length, createdAt: ctx.clock.now() }));
    recorded = name;
    return { imageUrl: await ctx.storage.put(name, bytes, kind.type) };
  } catch (error) {
    await reservation.release();
    if (recorded) await ctx.db.write((tx) => tx.delete(uploads).where(eq(uploads.name, recorded!)));
    throw error;
  }
}
