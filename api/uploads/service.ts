// Image uploads: the bytes decide the type (JPEG, PNG, GIF or WebP), never the file name or the declared
// content type; files get random names, so nothing a user sends reaches a path.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, DomainError } from '../errors';
import { MAX_IMAGE_BYTES } from './model';

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

/** Stores one image for `user`. The upload and its bytes are counted before the file is read or stored (so a
 * burst is limited like a series) and handed back when the file is refused or cannot be stored. */
export async function storeImage(ctx: AppContext, user: SessionUser, file: Blob): Promise<{ imageUrl: string }> {
  if (file.size > MAX_IMAGE_BYTES) throw new DomainError(413, 'The image is too large: the limit is 10 MB.');
  if (file.size === 0) throw badRequest(NOT_AN_IMAGE_MESSAGE, { image: [NOT_AN_IMAGE_MESSAGE] });
  const reservation = await ctx.rateLimits.reserve(
    'You have uploaded many images in a short time. Please wait a while and try again.',
    ['uploadsPerUser', String(user.id)],
    ['uploadBytesPerUser', String(user.id), file.size],
  );
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = sniffImage(bytes);
    if (!kind) throw badRequest(NOT_AN_IMAGE_MESSAGE, { image: [NOT_AN_IMAGE_MESSAGE] });
    const imageUrl = await ctx.storage.put(randomName(kind.ext), bytes, kind.type);
    return { imageUrl };
  } catch (error) {
    await reservation.release();
    throw error;
  }
}
