// Calendar feed answers: the caller's private subscription URL.
import * as v from 'valibot';
import { withExample } from '../../common/schema';

export const CalendarFeed = v.pipe(
  v.object({
    /** The private iCalendar feed: anyone with this URL reads the schedule, so it is shown only to its owner. */
    url: v.string(),
  }),
  v.metadata({ examples: [{ url: 'http://localhost:4321/api/calendar/7kq2m9x4c3vbn8w5t6y1zr0p2s7d4f3gh6j5k8l9mqa.ics' }] }),
);
export type CalendarFeed = v.InferOutput<typeof CalendarFeed>;

export const FeedParams = v.object({
  token: withExample(
    v.pipe(v.string(), v.description('The feed token, as in the URL GET /api/calendar answers (the path ends in ".ics").')),
    '7kq2m9x4c3vbn8w5t6y1zr0p2s7d4f3gh6j5k8l9mqa',
  ),
});
