// Booking routes: free booking, my bookings, cancellation. Paid bookings start at POST /api/payment/create-intent.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { authPlugin, requireUser } from '../auth/plugin';
import type { AppContext } from '../context';
import { pagedDescription, pageEntries, paged, readPage } from '../../common/pagination';
import { requestSource } from '../lib/client-address';
import { Message } from '../../common/schema';
import { parseId } from '../lib/route-id';
import { Booking, BookingBody, BookingIdParams, BookingListFilter, FreeBookingBody } from './model';
import { cancelBooking } from './cancellation';
import { CancelBody } from '../policies/model';
import { bookFreeClass, getBooking, listBookings } from './service';

const tags = ['Bookings'];
const PAGE_SIZE = 20;

export function bookingRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .post(
      '/bookings/free',
      async ({ user, body, set, request }) => {
        const booking = await bookFreeClass(ctx, requireUser(user), body, requestSource(request.headers));
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
          description:
            "Refused with 400 for a paid class (use checkout) or when an attendee's waiver is not accepted (the message names who and which version: send waiverAcceptance, see GET /api/classes/{id}/waivers), 409 when the class is full, has too few spots left, has started, a waiver sent has a newer version, or the user already has an active booking for it.",
        },
      },
    )
    .post(
      '/bookings',
      async ({ user, body, set, request }) => {
        const booking = await bookFreeClass(ctx, requireUser(user), body, requestSource(request.headers));
        set.status = 201;
        return booking;
      },
      {
        auth: 'user',
        body: BookingBody,
        response: { 201: Booking, 400: Message, 401: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary: 'Book a class with nothing to pay by card: a free class, or a paid class paid with a pass (payWith)',
          description:
            'With payWith {purchaseId}: one credit per spot is taken from that pass in the same database write as the booking (never below zero: simultaneous bookings cannot spend one credit twice), or none with an unlimited membership (one spot), and the booking is confirmed at once, as a free class is (waitlist places and attendee rules alike). The pass must be the caller\'s, paid up (409 code pass_past_due: "Your membership payment is past due: update your card in your wallet to book with it."), cover the class (the coach\'s, its categories and age groups) and, for a pack or intro offer, hold credits valid when the class starts (409 "No credits left on this pass.", "Only 1 credit is left on this pass."). 404 "Pass not found." for another person\'s pass. Without payWith, only a free class (400 for a paid one: use checkout). Cancelling in time for a full refund by the policy gives the credits back with their original expiry. Each attendee\'s waiver is required as for a free booking (waiverAcceptance; 400 naming who and which version).',
        },
      },
    )
    .get(
      '/bookings',
      async ({ user, set, query }) => paged(set, await listBookings(ctx, requireUser(user), query, readPage(query, PAGE_SIZE))),
      {
        auth: 'user',
        query: v.object({ ...BookingListFilter.entries, ...pageEntries }),
        response: { 200: v.array(Booking), 400: Message, 401: Message },
        detail: {
          tags,
          summary: "The signed-in user's bookings, each with its class embedded (and the series' next session, class.nextSessionId)",
          description:
            'Deleted classes included (class.deleted true): their bookings were cancelled with cancelReason "class_deleted" and refundAmount the full amount paid, unless the session had already taken place. Payment holds that ended without a payment are left out. Filters: when=upcoming (active bookings, and those cancelled by the class\'s deletion, of classes not yet started, soonest first) or when=past (classes that have started, most recent first) or when=cancelled (cancelled bookings with their refund, most recently cancelled first); classId; active=true (pending or confirmed).' +
            pagedDescription(PAGE_SIZE),
        },
      },
    )
    .get('/bookings/:id', ({ user, params }) => getBooking(ctx, requireUser(user), parseId(params.id, 'Booking not found.')), {
      auth: 'user',
      params: BookingIdParams,
      response: { 200: Booking, 401: Message, 404: Message },
      detail: {
        tags,
        summary: 'One of your own bookings, with its class and attendees (the confirmation page)',
        description: "Another person's booking answers 404, as one that does not exist.",
      },
    })
    .put(
      '/bookings/:id/cancel',
      ({ user, params, body }) => cancelBooking(ctx, requireUser(user), parseId(params.id, 'Booking not found.'), body?.refundAs ?? 'card'),
      {
        auth: 'user',
        params: BookingIdParams,
        body: v.optional(CancelBody),
        response: { 200: Booking, 401: Message, 403: Message, 404: Message, 409: Message, 502: Message },
        detail: {
          tags,
          summary: 'Cancel your own booking before the class starts',
          description:
            "Refunded under the cancellation policy the booking was booked under (its `cancellationPolicy`; `cancelNow` shows what cancelling now gives back, in cents): the policy's percent of what was paid, to the card (coach credit spent on the booking comes back as credit, in the proportion paid); with `refundAs: 'credit'`, the larger credit with the coach the policy offers instead (409 when it offers none). A class the coach moved refunds in full until it starts; free classes nothing. The body is optional (card). The refund goes through the payment provider; refundAmount (card) and refundedAsCredit are returned.",
        },
      },
    );
}
