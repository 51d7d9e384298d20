// The day the tests live on: the real today, or with SEED_TODAY (`npm run test:days`) that day at this moment's
// time of day, which is also where the product's clock (api/lib/clock.ts) and the test browsers' clocks start.
// Compare demo data with testNow(), never Date.now(), so a test means the same on any day.
import { nowOnDay } from '../../api/lib/clock';

const day = process.env.SEED_TODAY?.trim();
const offset = day ? nowOnDay(day).getTime() - Date.now() : 0;

/** Milliseconds since the epoch on the tests' day (Date.now() when SEED_TODAY is unset). */
export const testNow = (): number => Date.now() + offset;

/** True when the tests run on a day other than today (the browsers' clocks are then installed at testNow()). */
export const shiftedDay = offset !== 0;
