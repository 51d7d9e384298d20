// GET /api/admin/users and PUT /api/admin/coaches/{id}/approve: admins only.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { Message } from '../auth/model';
import { authPlugin, requireRole } from '../auth/plugin';
import type { AppContext } from '../context';
import { parseUserId } from '../users/service';
import { AdminUser, CoachIdParams } from './model';
import { approveCoach, listUsers } from './service';

const tags = ['Admin'];

export function adminRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get(
      '/admin/users',
      ({ user }) => {
        requireRole(user, 'admin');
        return listUsers(ctx);
      },
      {
        auth: 'admin',
        response: { 200: v.array(AdminUser), 401: Message, 403: Message },
        detail: { tags, summary: 'Every user, newest first (admin)' },
      },
    )
    .put(
      '/admin/coaches/:id/approve',
      ({ params, user }) => {
        requireRole(user, 'admin');
        return approveCoach(ctx, parseUserId(params.id));
      },
      {
        auth: 'admin',
        params: CoachIdParams,
        response: { 200: AdminUser, 401: Message, 403: Message, 404: Message },
        detail: { tags, summary: 'Approve a coach (admin)', description: 'The coach can create classes from now on and is emailed that they were approved.' },
      },
    );
}
