// A class's weather policy: the coach's thresholds and rain plan, the built-in defaults, the sentence customers
// read and the decision instant. Pure (valibot only): the class JSON (api/lib/class-json.ts), the outdoor feature
// (api/conditions, whose model.ts re-exports it) and the class form in the browser share it.
import * as v from 'valibot';
import { strictFields } from './schema';

export const RAIN_PLANS = ['light_rain', 'backup', 'cancel'] as const;

export const POLICY_MESSAGES = {
  rainChance: 'Chance of rain must be from 10 to 100%',
  aqi: 'AQI must be from 50 to 300',
  windMph: 'Wind must be from 10 to 80 mph',
  heatF: 'Heat must be from 70 to 120 °F',
  backup: 'Name the backup location',
  minAttendees: 'Minimum must be from 2 to the capacity',
  decisionHours: 'Decision time must be from 1 to 72 hours before the class',
  meetingNotes: 'Must not exceed 300 characters',
} as const;

/** A nullable whole number from min to max, each failure with the field's one message. */
export const nullableWholeIn = (message: string, min: number, max: number) =>
  v.nullable(v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message)));

/** What makes the coach call the weather: any threshold reached (null: not watched), and what rain means. */
export const WeatherPolicy = v.pipe(
  strictFields({
    /** Chance of rain, percent. */
    rainChance: nullableWholeIn(POLICY_MESSAGES.rainChance, 10, 100),
    aqi: nullableWholeIn(POLICY_MESSAGES.aqi, 50, 300),
    windMph: nullableWholeIn(POLICY_MESSAGES.windMph, 10, 80),
    /** Heat, °F. */
    heatF: nullableWholeIn(POLICY_MESSAGES.heatF, 70, 120),
    /** light_rain: "we run in light rain"; backup: moves to backupLocation; cancel: cancelled with a full refund. */
    rainPlan: v.picklist(RAIN_PLANS, 'Rain plan must be light_rain, backup or cancel'),
    backupLocation: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200, 'Must not exceed 200 characters'))), null),
  }),
  v.check((p) => p.rainPlan !== 'backup' || Boolean(p.backupLocation?.trim()), POLICY_MESSAGES.backup),
);
export type WeatherPolicy = v.InferOutput<typeof WeatherPolicy>;

/** The built-in policy (outdoor programmes' usual calls: AQI 150, 100 for children; 35 mph wind; 95 °F). */
export function defaultWeatherPolicy(ageGroup: 'Adults' | 'Kids' | string): WeatherPolicy {
  return { rainChance: 70, aqi: ageGroup === 'Kids' ? 100 : 150, windMph: 35, heatF: 95, rainPlan: 'light_rain', backupLocation: null };
}

/** The class's policy: its own, else the built-in defaults for its age group. */
export function policyOf(cls: { weatherPolicy: unknown; ageGroup: string }): WeatherPolicy {
  return (cls.weatherPolicy as WeatherPolicy | null) ?? defaultWeatherPolicy(cls.ageGroup);
}

/** The class's policy as customers read it: "Runs in light rain; cancelled at AQI 150+ with a full refund". */
export function describePolicy(policy: WeatherPolicy): string {
  const limits = [
    policy.rainChance !== null && policy.rainPlan === 'cancel' ? `${policy.rainChance}% chance of rain` : null,
    policy.aqi !== null ? `AQI ${policy.aqi}+` : null,
    policy.windMph !== null ? `wind ${policy.windMph} mph+` : null,
    policy.heatF !== null ? `${policy.heatF} °F+` : null,
  ].filter(Boolean);
  const cancelled = limits.length ? `cancelled at ${limits.join(', ')} with a full refund` : null;
  if (policy.rainPlan === 'cancel') return cancelled ? cancelled[0]!.toUpperCase() + cancelled.slice(1) : 'Runs in any weather';
  const rain = policy.rainPlan === 'light_rain' ? 'Runs in light rain' : `Moves to ${policy.backupLocation} in rain`;
  return cancelled ? `${rain}; ${cancelled}` : rain;
}

/** "Runs with 4 or more; confirmed by Fri 9:00 PM PT" needs the decision instant: hours before the start. */
export function decisionTimeOf(startTime: Date | string | null, decisionHours: number | null): Date | null {
  if (!startTime || decisionHours === null) return null;
  return new Date(new Date(startTime).getTime() - decisionHours * 3_600_000);
}
