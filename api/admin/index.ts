// GET /api/admin/users and PUT /api/admin/coaches/{id}/approve: admins only.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { Message } from '../lib/schema';
import { authPlugin, requireRole } from '../auth/plugin';
import type { AppContext } from '../context';
import { parseUserId } from '../users/service';
import { pagedDescription, pageEntries, paged, readPage } from '../lib/pagination';
import { AdminUser, AdminUserFilter, CoachIdParams } from './model';
import { approveCoach, listUsers } from './service';

const tags = ['Admin'];
const PAGE_SIZE = 25;

export function adminRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get(
      '/admin/users',
      async ({ user, query, set }) => {
        requireRole(user, 'admin');
        return paged(set, await listUsers(ctx, query, readPage(query, PAGE_SIZE)));
      },
      {
        auth: 'admin',
        query: v.object({ ...AdminUserFilter.entries, ...pageEntries }),
        response: { 200: v.array(AdminUser), 400: Message, 401: Message, 403: Message },
        detail: {
          tags,
          summary: 'Users, newest first (admin)',
          description: 'Filters: role, approved (true or false), q (part of the name or email, any case).' + pagedDescription(PAGE_SIZE),
        },
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
