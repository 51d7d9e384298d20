// The offline forecast (WEATHER=sample: development, the demo and tests): deterministic per place and hour, so
// the same class shows the same forecast in every process and run, with San Francisco's weather in it (morning
// fog, afternoon wind, winter rain). Always labelled "Sample forecast" where it shows.
import type { AirQualityProvider, DailyAqi, ForecastGrid, ForecastHour, Sky, WeatherProvider } from './types';

/** A number in [0, 1) from a text, the same everywhere (FNV-1a then a multiply-shift mix). */
export function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 2 ** 32;
}

const HOUR = 3_600_000;
/** How far the sample forecast reaches, like the NWS hourly forecast (about 7 days). */
export const SAMPLE_HOURS = 7 * 24 + 12;

/** Built once: making an Intl.DateTimeFormat costs about 90 µs, and a place's forecast formats 180 hours (a
 * formatter per hour held the background job's process 16 ms per place, and the pages it serves with it). */
const PACIFIC_HOUR = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' });
const PACIFIC_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' });
/** The Pacific hour of each hour asked (formatting one still costs ~15 µs): every place's forecast asks the same
 * 180 hours. Bounded: cleared past a thousand. */
const pacificHours = new Map<number, number>();

function pacificHourOf(at: Date): number {
  const time = at.getTime();
  let hour = pacificHours.get(time);
  if (hour === undefined) {
    if (pacificHours.size >= 1_000) pacificHours.clear();
    pacificHours.set(time, (hour = Number(PACIFIC_HOUR.format(at))));
  }
  return hour;
}

/** The sample forecast of one place (its grid) for the hour starting at `hourStart`. */
export function sampleHour(grid: string, hourStart: number): ForecastHour {
  const at = new Date(hourStart);
  const pacificHour = pacificHourOf(at);
  const day = Math.floor(hourStart / (24 * HOUR));
  // The day's character comes from the place and the day; the hour adds a little on top.
  const wet = unitHash(`${grid}:wet:${day}`);
  const jitter = unitHash(`${grid}:${hourStart}`);
  const warmth = unitHash(`${grid}:warm:${day}`);
  const afternoon = Math.max(0, Math.sin(((pacificHour - 9) / 12) * Math.PI));
  const temperatureF = Math.round(48 + warmth * 10 + afternoon * 9 + jitter * 2);
  const rainChance = Math.min(100, Math.round(wet > 0.7 ? 40 + (wet - 0.7) * 180 + jitter * 10 : wet * 25));
  const windMph = Math.round(5 + afternoon * 12 + unitHash(`${grid}:wind:${day}`) * 10 + jitter * 3);
  const foggy = pacificHour < 11 && unitHash(`${grid}:fog:${day}`) > 0.4;
  const sky: Sky =
    rainChance >= 60
      ? 'rain'
      : rainChance >= 40
        ? 'drizzle'
        : foggy
          ? 'fog'
          : wet > 0.45
            ? 'cloudy'
            : wet > 0.25
              ? 'partly cloudy'
              : 'clear';
  const summary = {
    clear: 'Sunny',
    'partly cloudy': 'Partly Sunny',
    cloudy: 'Mostly Cloudy',
    fog: 'Patchy Fog',
    drizzle: 'Chance Light Rain',
    rain: 'Rain Likely',
    thunderstorms: 'Thunderstorms',
  }[sky];
  return {
    startTime: at.toISOString(),
    temperatureF,
    sky,
    summary: pacificHour >= 18 || pacificHour < 6 ? summary.replace('Sunny', 'Clear') : summary,
    rainChance,
    windMph,
  };
}

export function createSampleWeather(now: () => Date): WeatherProvider {
  return {
    kind: 'sample',
    async locate(latitude, longitude): Promise<ForecastGrid> {
      return { grid: `sample/${latitude.toFixed(2)},${longitude.toFixed(2)}`, hourlyUrl: null };
    },
    async hourly(grid) {
      const first = Math.floor(now().getTime() / HOUR) * HOUR;
      return Array.from({ length: SAMPLE_HOURS }, (_, i) => sampleHour(grid.grid, first + i * HOUR));
    },
  };
}

/** EPA category of an AQI value (1 Good .. 6 Hazardous). */
export function aqiCategory(aqi: number): number {
  return aqi <= 50 ? 1 : aqi <= 100 ? 2 : aqi <= 150 ? 3 : aqi <= 200 ? 4 : aqi <= 300 ? 5 : 6;
}

/** The sample AQI: mostly good, now and then moderate, by ZIP and day (dates in Pacific time). */
export function createSampleAirQuality(now: () => Date): AirQualityProvider {
  return {
    kind: 'sample',
    async forecastByZip(zip): Promise<DailyAqi[]> {
      const today = now().getTime();
      return Array.from({ length: 8 }, (_, i) => {
        const date = PACIFIC_DATE.format(new Date(today + i * 24 * HOUR));
        const aqi = Math.round(18 + unitHash(`${zip}:aqi:${date}`) * 70);
        return { date, aqi, category: aqiCategory(aqi), parameter: 'PM2.5' };
      });
    },
  };
}
