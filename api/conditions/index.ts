// Outdoor conditions: a class's cached forecast, AQI and sunset (public), several classes' at once for My
// Bookings, and the coach's weather calls (api/conditions/weather-call.ts).
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { authPlugin } from '../auth/plugin';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { plainQuery } from '../lib/plain-query';
import { ClassIdParams, Message, parseId, withExample } from '../lib/schema';
import { ClassConditionsAnswer } from './model';
import { classConditions, conditionsOfClasses } from './service';

const tags = ['Outdoor conditions'];

const IDS_MESSAGE = 'classIds must be up to 100 class ids separated by commas';
/** "12,13": class ids separated by commas. */
const ConditionsQuery = v.object({
  classIds: withExample(v.pipe(v.string(IDS_MESSAGE), v.maxLength(1300, IDS_MESSAGE), v.description('Up to 100 class ids separated by commas.')), '12,13'),
});

/** The ids of a classIds text, or a 400. */
function parseClassIds(text: string): number[] {
  if (!/^\d{1,12}(,\d{1,12}){0,99}$/.test(text)) throw badRequest(IDS_MESSAGE);
  return text.split(',').map(Number);
}

const CONDITIONS_DESCRIPTION =
  'Read from the forecast cache the background job fills (never fetched on the request): within 7 days of the start, the hour of the class (temperature °F, sky, chance of rain %, wind mph), the day\'s AQI with its EPA category and colour (when AIR_QUALITY gives one), sunset when the class ends within an hour of it, and the thresholds of the coach\'s weather policy the forecast reaches; further out status "later" with forecastFrom (the Pacific day the forecast starts to show). sample is true for WEATHER=sample ("Sample forecast"). watch is the latest weather call: pending ("Weather watch") until the coach decides.';

export function conditionsRoutes(ctx: AppContext) {
  return new Elysia()
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
    });
}
