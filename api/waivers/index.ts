// Waiver routes (issue 24, item 2): a class's waivers, a coach's own waiver (new versions), acceptance for a
// booking's attendees with the emergency contact and medical notes, and the booking's record (its customer on
// My Bookings, an admin's export).
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { authPlugin, requireRole, requireUser } from '../auth/plugin';
import type { AppContext } from '../context';
import { requestSource } from '../lib/client-address';
import { Message } from '../../common/schema';
import { parseId } from '../lib/route-id';
import {
  AcceptWaiversBody,
  CoachWaiverBody,
  Waiver,
  WaiverBookingParams,
  WaiverClassParams,
  WaiverCoachParams,
  WaiverRecord,
} from './model';
import { acceptForBooking, coachWaiver, saveCoachWaiver, waiverRecord, waiversForClass } from './service';

const tags = ['Waivers'];

export function waiverRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get('/classes/:id/waivers', ({ params, user }) => waiversForClass(ctx, requireUser(user), parseId(params.id, 'Class not found.')), {
      auth: 'user',
      params: WaiverClassParams,
      response: { 200: v.array(Waiver), 401: Message, 404: Message },
      detail: {
        tags,
        summary: 'The waivers a class asks to accept',
        description:
          "The platform's current waiver, then the coach's own if they have one; each with its version, the SHA-256 of its text, and alreadyAcceptedFor: the people (attendee names) this account already accepted that very version for, whom a booking need not accept for again (a new version asks again). Booking sends the acceptance as waiverAcceptance on POST /api/bookings/free, POST /api/payment/create-intent and POST /api/waitlist/{id}/accept.",
      },
    })
    .get('/coaches/:id/waiver', async ({ params }) => ({ waiver: await coachWaiver(ctx, parseId(params.id, 'Coach not found.')) }), {
      auth: 'coachSelf',
      params: WaiverCoachParams,
      response: { 200: v.object({ waiver: v.nullable(Waiver) }), 401: Message, 403: Message, 404: Message },
      detail: {
        tags,
        summary: "A coach's own waiver (the coach or an admin)",
        description: 'null when the coach asks only for the platform waiver.',
      },
    })
    .put('/coaches/:id/waiver', ({ params, body }) => saveCoachWaiver(ctx, parseId(params.id, 'Coach not found.'), body.title, body.body), {
      auth: 'coachSelf',
      params: WaiverCoachParams,
      body: CoachWaiverBody,
      response: { 200: Waiver, 400: Message, 401: Message, 403: Message, 404: Message },
      detail: {
        tags,
        summary: "Publish a new version of a coach's own waiver",
        description:
          'Every booking from now on asks for it as well as the platform waiver; earlier acceptances keep the version they accepted.',
      },
    })
    .put(
      '/bookings/:id/waivers',
      async ({ params, body, user, request }) => {
        // The address the server resolved for this request (api/server.ts, TRUST_PROXY), not a client's claim.
        await acceptForBooking(ctx, requireUser(user), parseId(params.id, 'Booking not found.'), body, requestSource(request.headers));
        return { message: 'Waivers accepted.' };
      },
      {
        auth: 'user',
        params: WaiverBookingParams,
        body: AcceptWaiversBody,
        response: { 200: Message, 400: Message, 401: Message, 403: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary: "Accept a class's waivers again for every attendee of an existing booking or hold",
          description:
            "The booking's owner, for a hold or a confirmed booking of a class not yet started. Every current waiver (ids and versions as read; 409 when one has a new version) for every spot (400 naming who is missing), with an emergency contact; an optional medical note per spot is shown only to the class's coach. Each acceptance is recorded with the waiver version, the SHA-256 of its text, who accepted for whom (self, guardian for a child, companion for a friend), when, the client address and user agent. Booking requests carry the same acceptance as waiverAcceptance (POST /api/bookings/free, POST /api/payment/create-intent, POST /api/waitlist/{id}/accept); this records it for a booking or hold that exists (a new version, or a hold placed before the names were known).",
        },
      },
    )
    .get('/bookings/:id/waivers', ({ params, user }) => waiverRecord(ctx, requireUser(user), parseId(params.id, 'Booking not found.')), {
      auth: 'user',
      params: WaiverBookingParams,
      response: { 200: WaiverRecord, 401: Message, 403: Message, 404: Message },
      detail: {
        tags,
        summary: "A booking's waiver record (its customer, or an admin)",
        description:
          'The exact text accepted for each attendee, by whom, when and from where, and the emergency contact. Medical notes are not included.',
      },
    })
    .get(
      '/admin/bookings/:id/waivers',
      async ({ params, user, set }) => {
        const record = await waiverRecord(ctx, requireRole(user, 'admin'), parseId(params.id, 'Booking not found.'));
        set.headers['content-disposition'] = `attachment; filename="booking-${record.bookingId}-waivers.json"`;
        return record;
      },
      {
        auth: 'admin',
        params: WaiverBookingParams,
        response: { 200: WaiverRecord, 401: Message, 403: Message, 404: Message },
        detail: {
          tags,
          summary: "Export a booking's waiver record (admin)",
          description: 'The same record as a JSON file to download (Content-Disposition: attachment).',
        },
      },
    );
}
