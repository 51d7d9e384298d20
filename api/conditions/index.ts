// Outdoor conditions: a class's cached forecast, AQI and sunset (public), several classes' at once for My
// Bookings, and the coach's weather calls (api/conditions/weather-call.ts).
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { authPlugin } from '../auth/plugin';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { plainQuery } from '../lib/plain-query';
import { ClassIdParams, Message, pathId, ValidationFailure, withExample } from '../../common/schema';
import { parseId } from '../lib/route-id';
import { ClassConditionsAnswer, OfferedMoveView, WeatherCallBody, WeatherCallView, WeatherPolicy } from './model';
import type { EditClass } from './class-actions';
import { decideWeatherCall, moveBookingToOfferedSession, pendingWeatherCalls } from './weather-call';
import { classConditions, coachPolicy, conditionsOfClasses } from './service';

const tags = ['Outdoor conditions'];
/** The booking id of the move path (the documented example is made fresh by the examples test). */
const BookingIdParams = v.object({ id: pathId(1) });

const IDS_MESSAGE = 'classIds must be up to 100 class ids separated by commas';
/** "12,13": class ids separated by commas. */
const ConditionsQuery = v.object({
  classIds: withExample(
    v.pipe(v.string(IDS_MESSAGE), v.maxLength(1300, IDS_MESSAGE), v.description('Up to 100 class ids separated by commas.')),
    '12,13',
  ),
});

/** The ids of a classIds text, or a 400. */
function parseClassIds(text: string): number[] {
  if (!/^\d{1,12}(,\d{1,12}){0,99}$/.test(text)) throw badRequest(IDS_MESSAGE);
  return text.split(',').map(Number);
}

const CONDITIONS_DESCRIPTION =
  'Read from the forecast cache the background job fills (never fetched on the request): within 7 days of the start, the hour of the class (temperature °F, sky, chance of rain %, wind mph), the day\'s AQI with its EPA category and colour (when AIR_QUALITY gives one), sunset when the class ends within an hour of it, and the thresholds of the coach\'s weather policy the forecast reaches; further out status "later" with forecastFrom (the Pacific day the forecast starts to show). sample is true for WEATHER=sample ("Sample forecast"). watch is the latest weather call: pending ("Weather watch") until the coach decides.';

/** `editClass`: how a weather call moves a class (class management's edit, from api/app.ts). */
export function conditionsRoutes(ctx: AppContext, { editClass }: { editClass: EditClass }) {
  return (
    new Elysia()
      .use(authPlugin(ctx))
      // classIds=12,13 stays one string (Elysia would split it into a list).
      .onTransform(plainQuery)
      .get(
        '/classes/:id/conditions',
        async ({ params }) => {
          const { tags: _read, ...answer } = await classConditions(ctx, parseId(params.id, 'Class not found.'));
          return answer;
        },
        {
          params: ClassIdParams,
          response: { 200: ClassConditionsAnswer, 404: Message },
          detail: { tags, summary: "A class's forecast, AQI, sunset and weather watch", description: CONDITIONS_DESCRIPTION },
        },
      )
      .get('/conditions', async ({ query }) => (await conditionsOfClasses(ctx, parseClassIds(query.classIds))).answers, {
        query: ConditionsQuery,
        response: { 200: v.array(ClassConditionsAnswer), 400: Message },
        detail: { tags, summary: 'The conditions of up to 100 classes at once (My Bookings cards)', description: CONDITIONS_DESCRIPTION },
      })
      .get('/weather-policy', async ({ user }) => ({ policy: await coachPolicy(ctx, user!.id) }), {
        auth: 'coach',
        response: { 200: v.object({ policy: v.nullable(WeatherPolicy) }), 401: Message, 403: Message },
        detail: {
          tags,
          summary: "The signed-in coach's weather policy defaults (the last policy they saved on a class), or null",
          description:
            'The class form starts from it; with null, from the built-in policy (AQI 150, 100 for Kids classes; wind 35 mph; 95 °F; runs in light rain). A class created without weatherPolicy takes it too.',
        },
      })
      .get('/weather-calls', ({ user }) => pendingWeatherCalls(ctx, user!), {
        auth: 'coach',
        response: { 200: v.array(WeatherCallView), 401: Message, 403: Message },
        detail: {
          tags,
          summary: 'Weather calls waiting for a decision (the coach: own classes; an admin: all)',
          description:
            'A call is made 24 h and 3 h before a class whose cached forecast reaches a threshold of its weather policy (reasons name them); the coach and the admins are emailed once. My Classes shows them as a banner.',
        },
      })
      .post(
        '/classes/:id/weather-call',
        ({ user, params, body }) => decideWeatherCall(ctx, user!, parseId(params.id, 'Class not found.'), body, editClass),
        {
          auth: 'coach',
          params: ClassIdParams,
          body: WeatherCallBody,
          response: { 200: WeatherCallView, 400: ValidationFailure, 401: Message, 403: Message, 404: Message, 409: Message },
          detail: {
            tags,
            summary: "Decide a class's weather call (its coach or an admin)",
            description:
              "decision: go (notifyAttendees, default true, emails attendees \"It's on\"), move (location, default the policy's backup location, and/or startTime: the usual change notice, and attendees may cancel with a full refund until the class starts), cancel (every booking cancelled and refunded in full, each attendee and everyone waiting emailed once; the class leaves the catalogue; credits instead of refunds come with the passes issue), or offer (offerClassId: another of the coach's sessions; attendees are emailed and may cancel with a full refund). Decided once across processes: the same decision again answers the same call (200) without acting twice; a different one answers 409. 409 also when no call is waiting.",
          },
        },
      )
      .post(
        '/bookings/:id/move-to-offered-session',
        ({ user, params }) => moveBookingToOfferedSession(ctx, user!, parseId(params.id, 'Booking not found.')),
        {
          auth: 'user',
          params: BookingIdParams,
          response: { 200: OfferedMoveView, 401: Message, 404: Message, 409: Message },
          detail: {
            tags,
            summary: 'Move my booking to the session the coach offered for the weather (one click)',
            description:
              "When the coach's weather call on the booking's class is Offer another session: in one write, books the same spots and people on the offered session and ends this booking without a refund, its payment carried over (amount unchanged, nothing charged or refunded). Only at the same price per spot; otherwise 409 (cancel for the full refund instead). 409 when the offered session is full or has started, or the booking is not confirmed. A second request answers the booking already moved to (moved: false).",
          },
        },
      )
  );
}
