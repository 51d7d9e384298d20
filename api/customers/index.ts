// GET /api/customers: Customer Management for coaches (their classes) and admins (every class).
import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import { CustomersAnswer, Message } from './model';
import { listCustomerBookings } from './service';
import { authPlugin } from '../auth/plugin';

export function customerRoutes(ctx: AppContext) {
  return new Elysia().use(authPlugin(ctx)).get('/customers', ({ user }) => listCustomerBookings(ctx, user), {
    auth: 'coach',
    response: { 200: CustomersAnswer, 401: Message, 403: Message },
    detail: {
      tags: ['Customers'],
      summary: 'Customer booking rows and summary (coach: own classes; admin: all, with coach names)',
      description:
        'Rows are active bookings (confirmed, or pending with a live payment hold). completedClasses counts the past classes each customer attended within the same scope. Deleted classes: their bookings that had not started were cancelled by the deletion, so they never appear; sessions that had already taken place keep their attended bookings, which stay in the rows and the counts. summary: totalBookings (rows), uniqueCustomers (distinct emails), completedClasses (distinct past classes among the rows).',
    },
  });
}
