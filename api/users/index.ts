// PUT /api/users/{id} (profile), PUT /api/users/{id}/password and DELETE /api/users/me: the signed-in owner only.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { CurrentUserSchema, PasswordChangeBody, ProfileBody } from '../auth/model';
import { Message, pathId } from '../../common/schema';
import { authPlugin, requireUser } from '../auth/plugin';
import { toCurrentUser } from '../auth/public-user';
import { clearedSessionCookie } from '../auth/session';
import type { AppContext } from '../context';
import { deleteOwnAccount } from './delete-account';
import { DeleteAccountBody } from './model';
import { assertOwnAccount, changePassword, parseUserId, updateProfile } from './service';

const tags = ['Accounts'];
/** The example is the demo customer (customer@fogline.test). */
const IdParams = v.object({ id: pathId(15) });

export function userRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .put(
      '/users/:id',
      async ({ params, body, user }) => {
        const me = requireUser(user);
        assertOwnAccount(me, parseUserId(params.id));
        return toCurrentUser(await updateProfile(ctx, me, body));
      },
      {
        auth: 'self',
        params: IdParams,
        body: ProfileBody,
        response: { 200: CurrentUserSchema, 400: Message, 401: Message, 403: Message, 404: Message },
        detail: {
          tags,
          summary: 'Update your profile',
          description:
            'First and last name are required. bio, certifications and areasOfExpertise (category ids) are kept for coaches only.',
        },
      },
    )
    .put(
      '/users/:id/password',
      async ({ params, body, user, session }) => {
        const me = requireUser(user);
        assertOwnAccount(me, parseUserId(params.id));
        await changePassword(ctx, me, session!.id, body);
        return { message: 'Your password has been changed.' };
      },
      {
        auth: 'self',
        params: IdParams,
        body: PasswordChangeBody,
        response: { 200: Message, 400: Message, 401: Message, 403: Message, 404: Message, 429: Message },
        detail: {
          tags,
          summary: 'Change your password',
          description: 'Needs the current password; signs out every other session of the account.',
        },
      },
    )
    .delete(
      '/users/me',
      async ({ body, user, set }) => {
        await deleteOwnAccount(ctx, requireUser(user), body?.password);
        set.headers['set-cookie'] = clearedSessionCookie(ctx.env.production);
        return { message: 'Your account has been deleted.' };
      },
      {
        auth: 'user',
        body: DeleteAccountBody,
        response: { 200: Message, 400: Message, 401: Message, 403: Message, 409: Message, 429: Message },
        detail: {
          tags,
          summary: 'Delete your account (customers)',
          description:
            'Needs the password (accounts that sign in only with Google send none). Refused (409) while the customer holds bookings or waitlist offers for classes to come, or a membership that renews (cancel it first). ' +
            "Name, email, phone, photo, sign-in methods, sessions, calendar feed and the names given for booked spots are erased; the anonymised account keeps its past bookings, payments and refunds, so coaches' totals and the books still add up. Nobody can sign in to it again. Coaches and admins are closed by the team (403).",
        },
      },
    );
}
