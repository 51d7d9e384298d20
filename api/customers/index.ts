// GET /api/customers: Customer Management for coaches (their classes) and admins (every class).
import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import { Message } from '../lib/schema';
import { CustomersAnswer } from './model';
import { listCustomerBookings } from './service';
import { authPlugin } from '../auth/plugin';
import { pagedDescription, PageQuery, readPage, TOTAL_HEADER } from '../lib/pagination';

const PAGE_SIZE = 25;

export function customerRoutes(ctx: AppContext) {
  return new Elysia().use(authPlugin(ctx)).get('/customers', async ({ user, query, set }) => {
    const answer = await listCustomerBookings(ctx, user, readPage(query, PAGE_SIZE));
    set.headers[TOTAL_HEADER] = String(answer.summary.totalBookings);
    return answer;
  }, {
    auth: 'coach',
    query: PageQuery,
    response: { 200: CustomersAnswer, 401: Message, 403: Message },
    detail: {
      tags: ['Customers'],
      summary: 'Customer booking rows and summary (coach: own classes; admin: all, with coach names)',
      description:
        'Rows are active bookings (confirmed, or pending with a live payment hold). completedClasses counts the past classes each customer attended within the same scope. Deleted classes: their bookings that had not started were cancelled by the deletion, so they never appear; sessions that had already taken place keep their attended bookings, which stay in the rows and the counts. summary: totalBookings (rows), uniqueCustomers (distinct emails), completedClasses (distinct past classes among the rows), counted over every row, not just the page.' + pagedDescription(PAGE_SIZE),
    },
  });
}
