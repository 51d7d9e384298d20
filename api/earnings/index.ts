// The coach's earnings (the coach themself, or an admin for any coach): the statement as JSON for the
// Earnings page and the dashboard, and the same figures as CSV, one line per charged booking.
import { Elysia } from 'elysia';
import { authPlugin, requireUser } from '../auth/plugin';
import type { AppContext } from '../context';
import { Message } from '../../common/schema';
import { parseId } from '../lib/route-id';
import { EarningsAnswer, EarningsParams, EarningsQuery } from './model';
import { coachEarnings, coachEarningsCsv } from './service';

const tags = ['Earnings'];
const FIGURES =
  "A booking counts once it was charged (confirmed with an amount, or a late payment that was refunded), in the Pacific month of its session; from/to (YYYY-MM-DD, both included) select sessions by their Pacific day. On every line gross - refunds - platformFees = net: gross is price x spots, refunds the part of it paid back (a refund also returns the 5% service fee, which is the platform's, and the platform's 15%), net the coach's 85% of what was kept. Coach credit counts once, where money moved: gross is the part the card paid (credit spent, creditApplied, was paid for with the booking it came from); a booking given back as credit (refundedAsCredit) is not refunded, so it stays in gross and net.";

export function earningsRoutes(ctx: AppContext) {
  return new Elysia()
    .use(authPlugin(ctx))
    .get(
      '/coaches/:id/earnings',
      ({ user, params, query }) => coachEarnings(ctx, requireUser(user), parseId(params.id, 'Coach not found.'), query),
      {
        auth: 'coachSelf',
        params: EarningsParams,
        query: EarningsQuery,
        response: { 200: EarningsAnswer, 400: Message, 401: Message, 403: Message, 404: Message },
        detail: {
          tags,
          'x-example-role': 'coach',
          summary: "A coach's earnings: totals, per class, per month, and the payout account's balance and payouts",
          description: `${FIGURES} payouts comes from the payment provider (Stripe's balance and payouts of the connected account; the test provider answers offline and says so in note).`,
        },
      },
    )
    .get(
      '/coaches/:id/earnings.csv',
      async ({ user, params, query }) => {
        const csv = await coachEarningsCsv(ctx, requireUser(user), parseId(params.id, 'Coach not found.'), query);
        const name = `fogline-earnings${query.from ? `-${query.from}` : ''}${query.to ? `-to-${query.to}` : ''}.csv`;
        return new Response(csv, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${name}"`,
            'cache-control': 'private, no-store',
          },
        });
      },
      {
        auth: 'coachSelf',
        params: EarningsParams,
        query: EarningsQuery,
        detail: {
          tags,
          'x-example-role': 'coach',
          summary: "A coach's earnings as CSV: one line per charged booking",
          description: FIGURES,
          responses: {
            200: {
              description: 'The statement, one line per charged booking (dollars with two decimals)',
              content: {
                'text/csv': {
                  schema: { type: 'string' },
                  example:
                    'Booking,Class date (PT),Class,Customer,Spots,Status,Gross,Service fee (customer),Refunded to customer,Refunds (price),Platform fee,Net,Paid with coach credit,Given back as credit\r\n41,2026-11-02,Sunrise Yoga,Casey Morgan,2,confirmed,50.00,2.50,0.00,0.00,7.50,42.50,0.00,0.00\r\n',
                },
              },
            },
            400: {
              description: 'A date that is not YYYY-MM-DD',
              content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
            },
            401: {
              description: 'Not signed in',
              content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
            },
            403: {
              description: 'Another coach, or not a coach',
              content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
            },
            404: {
              description: 'No such coach',
              content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
            },
          },
        },
      },
    );
}
