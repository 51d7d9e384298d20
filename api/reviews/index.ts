// Review routes for customers: write, update, and read their own. (Coach review lists live in api/catalog.)
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { authPlugin, requireUser } from '../auth/plugin';
import { Message } from '../../common/schema';
import { parseId } from '../lib/route-id';
import { Review } from '../catalog/model';
import type { AppContext } from '../context';
import { ClassBookingParams, CustomerParams, ReviewBody, ReviewIdParams } from './model';
import { bookingReview, createReview, customerReviews, updateReview } from './service';

const tags = ['Reviews'];
const errors = { 400: Message, 401: Message, 403: Message, 404: Message, 409: Message };

export function reviewRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .post(
      '/reviews',
      async ({ user, body, set }) => {
        const review = await createReview(ctx, requireUser(user), body);
        set.status = 201;
        return review;
      },
      {
        auth: 'user',
        body: ReviewBody,
        response: { 201: Review, ...errors },
        detail: {
          tags,
          summary: 'Review a class you attended: your confirmed booking, once the class has started; one review per booking',
        },
      },
    )
    .put('/reviews/:id', ({ user, params, body }) => updateReview(ctx, requireUser(user), parseId(params.id, 'Review Not Found'), body), {
      auth: 'user',
      params: ReviewIdParams,
      body: ReviewBody,
      response: { 200: Review, ...errors },
      detail: { tags, summary: 'Update your own review' },
    })
    .get(
      '/reviews/customer/:userId',
      ({ user, params }) => customerReviews(ctx, requireUser(user), parseId(params.userId, 'Customer not found.')),
      {
        auth: 'user',
        params: CustomerParams,
        response: { 200: v.array(Review), 401: Message, 403: Message, 404: Message },
        detail: { tags, summary: "A customer's own reviews (admins may read anyone's)" },
      },
    )
    .get(
      '/reviews/class/:classId/:bookingId',
      ({ user, params }) =>
        bookingReview(ctx, requireUser(user), parseId(params.classId, 'Review Not Found'), parseId(params.bookingId, 'Review Not Found')),
      {
        auth: 'user',
        params: ClassBookingParams,
        response: { 200: Review, 401: Message, 403: Message, 404: Message },
        detail: { tags, summary: 'The review of one of your bookings (404 when there is none yet)' },
      },
    );
}
