// GET /api/customers: Customer Management for coaches (their classes) and admins (every class).
import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import { Message } from '../../common/schema';
import { CustomerDetail, CustomerIdParams, CustomerPeopleQuery, CustomerPerson, CustomersAnswer } from './model';
import { customerDetail, listCustomerPeople } from './people';
import { listCustomerBookings } from './service';
import { parseId } from '../lib/route-id';
import * as v from 'valibot';
import { authPlugin } from '../auth/plugin';
import { paged, pagedDescription, PageQuery, readPage, TOTAL_HEADER } from '../../common/pagination';

const PAGE_SIZE = 25;
const PEOPLE_PAGE_SIZE = 20;

export function customerRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get(
      '/customers/people',
      async ({ user, query, set }) => paged(set, await listCustomerPeople(ctx, user, query.q, readPage(query, PEOPLE_PAGE_SIZE))),
      {
        auth: 'coach',
        query: CustomerPeopleQuery,
        response: { 200: v.array(CustomerPerson), 400: Message, 401: Message, 403: Message },
        detail: {
          tags: ['Customers'],
          summary: 'Customers grouped by person (coach: who booked their classes; admin: everyone who booked)',
          description:
            'The same bookings as GET /api/customers (those taking spots), one row per customer with their bookings, spots, completed and upcoming classes, attended and no-show marks and the names of the people booked; the customer whose class is latest first. q searches name, email, phone and the attendee names.' +
            pagedDescription(PEOPLE_PAGE_SIZE),
        },
      },
    )
    .get('/customers/people/:id', ({ user, params }) => customerDetail(ctx, user, parseId(params.id, 'Customer not found.')), {
      auth: 'coach',
      params: CustomerIdParams,
      response: { 200: CustomerDetail, 400: Message, 401: Message, 403: Message, 404: Message },
      detail: {
        tags: ['Customers'],
        summary: "One customer's bookings of the coach's classes (admin: of every class), with their attendees",
        description: '404 when the person has no active booking in scope, so a coach sees only the people who booked their classes.',
      },
    })
    .get(
      '/customers',
      async ({ user, query, set }) => {
        const answer = await listCustomerBookings(ctx, user, readPage(query, PAGE_SIZE));
        set.headers[TOTAL_HEADER] = String(answer.summary.totalBookings);
        return answer;
      },
      {
        auth: 'coach',
        query: PageQuery,
        response: { 200: CustomersAnswer, 401: Message, 403: Message },
        detail: {
          tags: ['Customers'],
          summary: 'Customer booking rows and summary (coach: own classes; admin: all, with coach names)',
          description:
            'Rows are active bookings (confirmed, or pending with a live payment hold). completedClasses counts the past classes each customer attended within the same scope. Deleted classes: their bookings that had not started were cancelled by the deletion, so they never appear; sessions that had already taken place keep their attended bookings, which stay in the rows and the counts. summary: totalBookings (rows), uniqueCustomers (distinct emails), completedClasses (distinct past classes among the rows), counted over every row, not just the page.' +
            pagedDescription(PAGE_SIZE),
        },
      },
    );
}
