// Outdoor conditions as the API reads and writes them: the coach's weather policy (thresholds and rain plan),
// the minimum class size, the meeting point, a class's forecast and the weather call. valibot only, so the
// class form imports the very same schemas and words.
import * as v from 'valibot';
import { imageUrl, strictFields, withExample } from '../../common/schema';

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

const limit = (message: string, min: number, max: number) =>
  v.nullable(v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message)));

/** What makes the coach call the weather: any threshold reached (null: not watched), and what rain means. */
export const WeatherPolicy = v.pipe(
  strictFields({
    /** Chance of rain, percent. */
    rainChance: limit(POLICY_MESSAGES.rainChance, 10, 100),
    aqi: limit(POLICY_MESSAGES.aqi, 50, 300),
    windMph: limit(POLICY_MESSAGES.windMph, 10, 80),
    /** Heat, °F. */
    heatF: limit(POLICY_MESSAGES.heatF, 70, 120),
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

/** Minimum class size and when it is decided (hours before the start). */
export const MinimumSize = strictFields({
  minAttendees: limit(POLICY_MESSAGES.minAttendees, 2, 10_000),
  decisionHours: limit(POLICY_MESSAGES.decisionHours, 1, 72),
});

/** Where exactly the group meets: a pin, how to find it, an optional photo. */
export const MeetingPoint = strictFields({
  latitude: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  longitude: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  notes: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(300, POLICY_MESSAGES.meetingNotes))), null),
  photo: imageUrl,
});
export type MeetingPoint = v.InferOutput<typeof MeetingPoint>;

/** The class fields this feature adds to the class resource's writes (POST/PATCH/PUT /api/classes). */
export const outdoorClassFields = {
  weatherPolicy: v.optional(v.nullable(WeatherPolicy)),
  minAttendees: v.optional(MinimumSize.entries.minAttendees),
  decisionHours: v.optional(MinimumSize.entries.decisionHours),
  meetingPoint: v.optional(v.nullable(MeetingPoint)),
};

/** The policy, minimum and meeting point as the class resource carries them. */
export const OutdoorResourceFields = {
  /** The coach's policy (or the built-in one for the age group) and its words for customers. */
  weatherPolicy: v.object({
    rainChance: v.nullable(v.number()),
    aqi: v.nullable(v.number()),
    windMph: v.nullable(v.number()),
    heatF: v.nullable(v.number()),
    rainPlan: v.picklist(RAIN_PLANS),
    backupLocation: v.nullable(v.string()),
  }),
  weatherPolicyText: v.string(),
  minAttendees: v.nullable(v.number()),
  decisionHours: v.nullable(v.number()),
  /** The decision instant (start - decisionHours), and what was decided then (null before). */
  decisionTime: v.nullable(v.string()),
  sizeDecision: v.nullable(v.picklist(['confirmed', 'cancelled'])),
  meetingPoint: v.nullable(
    v.object({ latitude: v.number(), longitude: v.number(), notes: v.nullable(v.string()), photo: v.nullable(v.string()) }),
  ),
};

export const AqiView = v.object({ value: v.number(), category: v.string(), color: v.string() });
export const ForecastHourView = v.object({
  time: v.string(),
  temperatureF: v.number(),
  sky: v.string(),
  summary: v.string(),
  rainChance: v.number(),
  windMph: v.number(),
});

/** A class's conditions as pages and the API show them. `status`: forecast (within 7 days), later (further out:
 * "Forecast from {date}"), pending (not fetched yet), none (past, no place, or WEATHER=off). */
export const ClassConditions = v.object({
  status: v.picklist(['forecast', 'later', 'pending', 'none']),
  source: v.picklist(['nws', 'sample', 'off']),
  /** True for WEATHER=sample: shown as "Sample forecast". */
  sample: v.boolean(),
  hour: v.nullable(ForecastHourView),
  aqi: v.nullable(AqiView),
  /** Shown for classes that end within an hour of sunset (or after it). */
  sunset: v.nullable(v.string()),
  /** With status later: the Pacific day (YYYY-MM-DD) the forecast starts to show. */
  forecastFrom: v.nullable(v.string()),
  /** When the forecast was fetched (its age), null before the first fetch. */
  fetchedAt: v.nullable(v.string()),
  /** Thresholds of the class's policy the forecast reaches ("Chance of rain 80%"). */
  crossed: v.array(v.string()),
});
export type ClassConditions = v.InferOutput<typeof ClassConditions>;

/** The latest weather call of a class as attendees see it: "Weather watch" while pending, then the decision. */
export const WeatherWatch = v.nullable(
  v.object({
    status: v.picklist(['pending', 'go', 'moved', 'cancelled', 'offered']),
    checkpoint: v.picklist(['24h', '3h']),
    reasons: v.array(v.string()),
    decidedAt: v.nullable(v.string()),
    message: v.nullable(v.string()),
    offerClassId: v.nullable(v.number()),
    /** When the offered session starts (ISO), for "Move to {date and time}" on the booking card. */
    offerStartTime: v.optional(v.nullable(v.string())),
  }),
);
export type WeatherWatch = v.InferOutput<typeof WeatherWatch>;
export const ClassConditionsAnswer = v.object({ classId: v.number(), conditions: ClassConditions, watch: WeatherWatch });
export type ClassConditionsAnswer = v.InferOutput<typeof ClassConditionsAnswer>;

export const WEATHER_DECISIONS = ['go', 'move', 'cancel', 'offer'] as const;

export const WeatherCallBody = withExample(
  strictFields({
    decision: v.picklist(WEATHER_DECISIONS, 'decision must be go, move, cancel or offer'),
    /** go: also tell attendees "It's on". */
    notifyAttendees: v.optional(v.boolean(), true),
    /** move: the new place (default: the policy's backup location) and/or a new start (RFC 3339). */
    location: v.optional(v.pipe(v.string(), v.maxLength(200))),
    startTime: v.optional(v.pipe(v.string(), v.isoTimestamp('startTime must be an RFC 3339 instant'))),
    /** offer: the other session of this coach attendees may move to. */
    offerClassId: v.optional(v.pipe(v.number(), v.integer())),
    message: v.optional(v.pipe(v.string(), v.maxLength(500))),
  }),
  { decision: 'cancel' },
);
export type WeatherCallBody = v.InferOutput<typeof WeatherCallBody>;

export const WeatherCallView = v.object({
  id: v.number(),
  classId: v.number(),
  classTitle: v.string(),
  classStart: v.nullable(v.string()),
  checkpoint: v.picklist(['24h', '3h']),
  reasons: v.array(v.string()),
  status: v.picklist(['pending', 'go', 'moved', 'cancelled', 'offered']),
  decidedAt: v.nullable(v.string()),
  offerClassId: v.nullable(v.number()),
  message: v.nullable(v.string()),
});
export type WeatherCallView = v.InferOutput<typeof WeatherCallView>;

/** The answer to a move to the offered session: the booking on it (the same one again for a second click). */
export const OfferedMoveView = v.object({
  bookingId: v.number(),
  movedFromBookingId: v.number(),
  classId: v.number(),
  status: v.literal('confirmed'),
  quantity: v.number(),
  amount: v.pipe(v.number(), v.description('Dollars: exactly what was paid for the old booking, carried over.')),
  moved: v.pipe(v.boolean(), v.description('false when this request found the booking already moved (nothing done again).')),
});
export type OfferedMoveView = v.InferOutput<typeof OfferedMoveView>;
