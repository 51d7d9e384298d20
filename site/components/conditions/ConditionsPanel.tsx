// A class's outdoor conditions, as the class page and the booking cards show them: the forecast for the class's
// hour (°F, sky, chance of rain, wind in mph) with the day's AQI in its EPA colour, sunset when the class ends
// near it, "Forecast from {date}" further out, the weather watch and its decision. Plain markup (no state), so
// the class page renders it on the server and the signed-in app's cards reuse it.
import type { ClassConditions, WeatherWatch } from '../../../api/conditions/model';
import { formatDateFull, formatTimePT, pacificWallTimeToInstant } from '../../../common/pacific';

const SKY_LABEL: Record<string, string> = {
  clear: 'Clear',
  'partly cloudy': 'Partly cloudy',
  cloudy: 'Cloudy',
  fog: 'Fog',
  drizzle: 'Light rain',
  rain: 'Rain',
  thunderstorms: 'Thunderstorms',
};

/** Text colour readable on each AQI colour (yellow and green need dark text). */
const darkText = (color: string) => ['#00e400', '#ffff00', '#ff7e00'].includes(color);

export function WatchNote({ watch }: { watch: WeatherWatch }) {
  if (!watch) return null;
  const text: Record<NonNullable<WeatherWatch>['status'], string> = {
    pending: `the forecast reaches the coach's limits (${watch.reasons.join(', ')}). The coach will decide soon; you will get an email.`,
    go: "It's on: the coach checked the forecast and the class goes ahead.",
    moved: 'The coach moved this class for the weather: see the new time and place.',
    cancelled: 'Cancelled for the weather, with a full refund.',
    offered: 'The coach offers another session for the weather: move your booking or take a full refund.',
  };
  const tone =
    watch.status === 'pending'
      ? 'border-amber-400 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100'
      : 'border-fog-300 bg-fog-50 text-fog-900 dark:border-fog-700 dark:bg-fog-900 dark:text-fog-100';
  return (
    <p className={`rounded-xl border p-3 text-sm ${tone}`} role="status">
      <span className="font-semibold">{watch.status === 'pending' ? 'Weather watch' : 'Weather call'}</span>
      {' · '}
      {text[watch.status]}
      {watch.message ? ` “${watch.message}”` : ''}
    </p>
  );
}

export function ConditionsPanel({
  conditions,
  watch = null,
  compact = false,
}: {
  conditions: ClassConditions;
  watch?: WeatherWatch;
  compact?: boolean;
}) {
  const { hour, aqi } = conditions;
  const sampleBadge = conditions.sample && (conditions.status === 'forecast' || conditions.status === 'pending') && (
    <span className="badge bg-fog-100 text-fog-700 dark:bg-fog-800 dark:text-fog-300">Sample forecast</span>
  );
  const aqiChip = aqi && (
    <span
      className="inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold"
      style={{ backgroundColor: aqi.color, color: darkText(aqi.color) ? '#1a1a1a' : '#ffffff' }}
    >
      AQI {aqi.value} · {aqi.category}
    </span>
  );
  const sunset = conditions.sunset && (
    <p className="text-sm text-fog-700 dark:text-fog-300">
      <span className="font-semibold">Sunset {formatTimePT(conditions.sunset)}</span>: the class ends near or after dark.
    </p>
  );
  let body: React.ReactNode = null;
  if (conditions.status === 'forecast' && hour) {
    body = (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <span className="text-2xl font-semibold tabular-nums">{hour.temperatureF} °F</span>
        <span className="text-sm text-fog-800 dark:text-fog-200">
          {SKY_LABEL[hour.sky] ?? hour.summary} · {hour.rainChance}% chance of rain · Wind {hour.windMph} mph
        </span>
        {aqiChip}
      </div>
    );
  } else if (conditions.status === 'later' && conditions.forecastFrom) {
    body = (
      <p className="text-sm text-fog-700 dark:text-fog-300">
        Forecast from {formatDateFull(pacificWallTimeToInstant(conditions.forecastFrom, '12:00'))}
      </p>
    );
  } else if (conditions.status === 'pending') {
    body = (
      <p className="text-sm text-fog-700 dark:text-fog-300">
        The forecast is on its way{aqi ? '' : '.'} {aqiChip}
      </p>
    );
  }
  if (!body && !conditions.sunset && !watch) return null;
  return (
    <section aria-label="Weather at class time" className={compact ? 'grid gap-2' : 'card grid gap-2 p-4'}>
      {body && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className={compact ? 'sr-only' : 'text-sm font-semibold uppercase tracking-wide text-fog-600 dark:text-fog-400'}>
            Weather at class time
          </h2>
          {sampleBadge}
        </div>
      )}
      {body}
      {!compact && conditions.status === 'forecast' && conditions.fetchedAt && (
        <p className="text-xs text-fog-600 dark:text-fog-400">
          {conditions.sample ? 'Sample forecast' : 'National Weather Service forecast'} as of {formatTimePT(conditions.fetchedAt)}
          {aqi && !conditions.sample ? '; AQI from AirNow' : ''}
        </p>
      )}
      {sunset}
      <WatchNote watch={watch} />
    </section>
  );
}
