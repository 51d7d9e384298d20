// Waitlist routes: join and leave a full class's waitlist, list one's entries, accept or decline an offer.
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { authPlugin, requireUser } from '../auth/plugin';
import { requestSource } from '../lib/client-address';
import { paged, pagedDescription, readPage } from '../../common/pagination';
import { ClassIdParams, Message } from '../../common/schema';
import { parseId } from '../lib/route-id';
import type { AppContext } from '../context';
import { AcceptAnswer, AcceptOfferBody, JoinWaitlistBody, WaitlistEntry, WaitlistIdParams, WaitlistQuery } from './model';
import { acceptOffer, declineOffer, joinWaitlist, leaveWaitlist, listWaitlist, type OpenCheckout } from './service';

const tags = ['Waitlist'];
const WAITLIST_PAGE_SIZE = 50;
const OFFER_RULES =
  'When spots free up (a cancellation, an expired hold, a declined or expired offer, a raised capacity), the first waiting entry whose quantity fits is offered them: they are held for it for 2 hours, ending at the latest 30 minutes before the class starts, and the person is emailed. Nothing is charged unless they accept and complete checkout.';

/** `openCheckout`: how accepting a paid offer opens its payment intent (payments' openIntent, from api/app.ts). */
export function waitlistRoutes(ctx: AppContext, { openCheckout }: { openCheckout: OpenCheckout }) {
  return new Elysia()
    .use(authPlugin(ctx))
    .post(
      '/classes/:id/waitlist',
      async ({ user, params, body, set }) => {
        const entry = await joinWaitlist(ctx, requireUser(user), parseId(params.id, 'Class not found.'), body);
        set.status = 201;
        return entry;
      },
      {
        auth: 'user',
        params: ClassIdParams,
        body: JoinWaitlistBody,
        response: { 201: WaitlistEntry, 400: Message, 401: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary: 'Join the waitlist of a class that has too few spots left',
          description: `409 when enough spots are available (book instead), when the caller already booked the class, is already waiting, or holds an offer for it. ${OFFER_RULES}`,
        },
      },
    )
    .delete('/classes/:id/waitlist', ({ user, params }) => leaveWaitlist(ctx, requireUser(user), parseId(params.id, 'Class not found.')), {
      auth: 'user',
      params: ClassIdParams,
      response: { 200: WaitlistEntry, 401: Message, 404: Message, 409: Message },
      detail: {
        tags,
        summary: "Leave the class's waitlist",
        description:
          'Ends the caller\'s waiting entry (status "left"); spots held by an open offer pass to the next in line. 404 when the caller is not on the waitlist.',
      },
    })
    .get(
      '/waitlist',
      async ({ user, query, set }) => {
        const filter = {
          classId: query.classId === undefined ? undefined : Number(query.classId),
          includeLeft: query.includeLeft !== 'false',
        };
        return paged(set, await listWaitlist(ctx, requireUser(user), filter, readPage(query, WAITLIST_PAGE_SIZE)));
      },
      {
        auth: 'user',
        query: WaitlistQuery,
        response: { 200: v.array(WaitlistEntry), 400: Message, 401: Message },
        detail: {
          tags,
          summary: "The signed-in user's waitlist entries, open ones first, then newest first",
          description: `Each with its status (waiting, offered, accepted, declined, expired, left), its place in line while waiting, and offerExpiresAt while an offer holds spots. Entries still waiting or holding an offer come first, so the first page has them. \`includeLeft=false\` leaves out the entries that were left. \`classId\` keeps one class's entries (a person has at most one open entry per class, and it is the newest). ${OFFER_RULES}${pagedDescription(WAITLIST_PAGE_SIZE)}`,
        },
      },
    )
    .post(
      '/waitlist/:id/accept',
      ({ user, params, body, request }) =>
        acceptOffer(
          ctx,
          requireUser(user),
          parseId(params.id, 'Waitlist entry not found.'),
          body,
          openCheckout,
          requestSource(request.headers),
        ),
      {
        auth: 'user',
        params: WaitlistIdParams,
        body: AcceptOfferBody,
        response: { 200: AcceptAnswer, 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 502: Message },
        detail: {
          tags,
          summary: 'Accept a waitlist offer before its deadline',
          description:
            'A free class is booked at once (booking confirmed). A paid class turns the held spots into the payment hold at the amount offered and answers a payment intent and the checkout page that completes it (which keeps that amount whatever the price is now); nothing is charged until the card payment succeeds. With `payWith` {purchaseId} (as on POST /api/bookings) a pass pays instead and the offer is booked at once, like a free one: one credit per spot taken from that pass in the same database write as the booking (an unlimited membership takes none while paid up, one spot), nothing charged by card, the attendee and waiver rules of a free offer. The pass must be the caller\'s (404 "Pass not found."), paid up (409 code pass_past_due: "Your membership payment is past due: update your card in your wallet to book with it."), cover the class (409 "This pass does not cover this class.") and hold enough credits (409 code not_enough_credits); 400 for a free class. `attendees` names one person per spot offered, as when booking: required for a free Kids class (each child\'s age), optional otherwise (a free class names the spots after the booker without it; a paid one can name them at checkout). `waiverAcceptance` as when booking: required for a free offer or one paid with a pass (unless this account already accepted these versions for these people), recorded with a paid offer\'s hold when sent (the checkout asks for it before paying otherwise). 400 for attendees that break the booking rule or a missing waiver (naming who and which version); 409 once the offer has expired (its spots went to the next person) or was answered.',
        },
      },
    )
    .post(
      '/waitlist/:id/decline',
      ({ user, params }) => declineOffer(ctx, requireUser(user), parseId(params.id, 'Waitlist entry not found.')),
      {
        auth: 'user',
        params: WaitlistIdParams,
        response: { 200: WaitlistEntry, 401: Message, 403: Message, 404: Message, 409: Message },
        detail: {
          tags,
          summary: 'Decline a waitlist offer: the spots pass to the next in line at once',
        },
      },
    );
}
