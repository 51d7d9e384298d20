// What the weather and air-quality providers answer, in Fogline's units (°F, mph, percent), whatever the source.

/** The sky in the words the class page uses. */
export const SKIES = ['clear', 'partly cloudy', 'cloudy', 'fog', 'drizzle', 'rain', 'thunderstorms'] as const;
export type Sky = (typeof SKIES)[number];

export interface ForecastHour {
  /** The hour's start, an RFC 3339 instant. */
  startTime: string;
  temperatureF: number;
  sky: Sky;
  /** The source's own words ("Patchy Fog"). */
  summary: string;
  rainChance: number;
  windMph: number;
}

/** Where a point's forecast comes from: the NWS grid (office/x,y) and its hourly forecast URL. */
export interface ForecastGrid {
  grid: string;
  hourlyUrl: string | null;
}

export interface DailyAqi {
  /** YYYY-MM-DD (local to the reporting area: Pacific for San Francisco). */
  date: string;
  aqi: number;
  /** EPA category 1 Good .. 6 Hazardous. */
  category: number;
  parameter: string;
}

/** A failed fetch: the job backs off (until retryAt when the source said so, e.g. a 429's Retry-After). */
export class ConditionsFetchError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export interface WeatherProvider {
  readonly kind: 'nws' | 'sample' | 'off';
  /** The grid for a point (NWS: /points/{lat},{lon}); cached for long, grids rarely change. */
  locate(latitude: number, longitude: number): Promise<ForecastGrid>;
  /** The grid's hourly forecast from now on. */
  hourly(grid: ForecastGrid): Promise<ForecastHour[]>;
}

export interface AirQualityProvider {
  readonly kind: 'airnow' | 'sample' | 'off';
  /** The AQI forecast for the coming days at a ZIP code. */
  forecastByZip(zip: string): Promise<DailyAqi[]>;
}
