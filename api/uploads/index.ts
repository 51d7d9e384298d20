// POST /api/upload-image: a signed-in user's image (profile pictures, class images), multipart field "image".
import { Elysia, t } from 'elysia';
import * as v from 'valibot';
import { Message } from '../../common/schema';
import { authPlugin, requireUser } from '../auth/plugin';
import type { AppContext } from '../context';
import { MAX_IMAGE_LABEL } from './model';
import { storeImage } from './service';

export function uploadRoutes(ctx: AppContext) {
  return new Elysia().use(authPlugin(ctx)).post(
    '/upload-image',
    async ({ body, user, set }) => {
      const stored = await storeImage(ctx, requireUser(user), body.image);
      set.status = 201;
      return stored;
    },
    {
      auth: 'user',
      body: t.Object({ image: t.File({ error: 'Please choose an image to upload.' }) }),
      parse: 'multipart/form-data',
      response: { 201: v.object({ imageUrl: v.string() }), 400: Message, 401: Message, 413: Message, 429: Message, 507: Message },
      detail: {
        tags: ['Uploads'],
        summary: `Upload an image (JPEG, PNG, GIF or WebP, at most ${MAX_IMAGE_LABEL})`,
        description:
          'The type is read from the file content, not its name. Answers the public imageUrl (/uploads/<random name> or the bucket URL). Per user at most 60 images an hour and 50 MB a day (429 with Retry-After); 507 while the server is low on disk space. Images no profile, class or post uses are removed a day after upload.',
      },
    },
  );
}
