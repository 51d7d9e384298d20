// Outdoor conditions as the API reads and writes them: the coach's weather policy (thresholds and rain plan),
// the minimum class size, the meeting point, a class's forecast and the weather call. valibot only, so the
// class form imports the very same schemas and words.
import * as v from 'valibot';
import { imageUrl, strictFields, withExample } from '../../common/schema';
import { nullableWholeIn, POLICY_MESSAGES, RAIN_PLANS, WeatherPolicy } from '../../common/weather-policy';

export {
  decisionTimeOf,
  defaultWeatherPolicy,
  describePolicy,
  POLICY_MESSAGES,
  policyOf,
  RAIN_PLANS,
  WeatherPolicy,
} from '../../common/weather-policy';

/** Minimum class size and when it is decided (hours before the start). */
export const MinimumSize = strictFields({
  minAttendees: nullableWholeIn(POLICY_MESSAGES.minAttendees, 2, 10_000),
  decisionHours: nullableWholeIn(POLICY_MESSAGES.decisionHours, 1, 72),
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
