// Booking routes: free booking, my bookings, cancellation. Paid bookings start at POST /api/payment/create-intent.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { authPlugin, requireUser } from '../auth/plugin';
import { parseId } from '../catalog/service';
import type { AppContext } from '../context';
import { Booking, BookingIdParams, FreeBookingBody, Message } from './model';
import { cancelBooking } from './cancellation';
import { bookFreeClass, listBookings } from './service';

const tags = ['Bookings'];

export function bookingRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .post(
      '/bookings/free',
      async ({ user, body, set }) => {
        const booking = await bookFreeClass(ctx, requireUser(user), body);
        set.status = 201;
        return booking;
      },
      {
        auth: 'user',
        body: FreeBookingBody,
        response: { 201: Booking, 400: Message, 401: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary: 'Book a free class (price 0): confirmed at once',
          description: 'Refused with 400 for a paid class (use checkout), 409 when the class is full, has too few spots left, has started, or the user already has an active booking for it.',
        },
      },
    )
    .get('/bookings', ({ user, set }) => {
      set.headers['cache-control'] = 'no-store';
      return listBookings(ctx, requireUser(user));
    }, {
      auth: 'user',
      response: { 200: v.array(Booking), 401: Message },
      detail: {
        tags,
        summary: "The signed-in user's bookings, each with its class embedded",
        description:
          'Deleted classes included (class.deleted true): their bookings were cancelled with cancelReason "class_deleted" and refundAmount the full amount paid, unless the session had already taken place. Payment holds that ended without a payment are left out.',
      },
    })
    .put(
      '/bookings/:id/cancel',
      ({ user, params }) => cancelBooking(ctx, requireUser(user), parseId(params.id, 'Booking not found.')),
      {
        auth: 'user',
        params: BookingIdParams,
        response: { 200: Booking, 401: Message, 403: Message, 404: Message, 409: Message, 502: Message },
        detail: {
          tags,
          summary: 'Cancel your own booking before the class starts',
          description: 'Refund by the FAQ policy: everything paid if cancelled at least 48 hours before the start, nothing later; free classes nothing. The refund goes through the payment provider and refundAmount is returned.',
        },
      },
    );
}
