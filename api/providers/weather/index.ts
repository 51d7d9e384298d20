// Weather and air quality behind one interface each, chosen from the environment like payments and mail:
// WEATHER=nws (production default) | sample (development, demo, tests) | off; AIR_QUALITY=airnow (needs
// AIRNOW_API_KEY, else no AQI) | sample | off, by default airnow with a key, the sample beside the sample weather.
import type { Clock } from '../../lib/clock';
import { createAirNow } from './airnow';
import { createNwsWeather } from './nws';
import { createSampleAirQuality, createSampleWeather } from './sample';
import type { AirQualityProvider, WeatherProvider } from './types';

export interface ConditionsSettings {
  weather: 'nws' | 'sample' | 'off';
  airQuality: 'airnow' | 'sample' | 'off';
  airNowKey: string | undefined;
  nwsBaseUrl: string;
  airNowBaseUrl: string;
  nwsUserAgent: string;
}

export const offWeather: WeatherProvider = {
  kind: 'off',
  locate: async () => ({ grid: 'off', hourlyUrl: null }),
  hourly: async () => [],
};
export const offAirQuality: AirQualityProvider = { kind: 'off', forecastByZip: async () => [] };

export function createWeatherProvider(settings: ConditionsSettings, clock: Clock): WeatherProvider {
  if (settings.weather === 'nws') return createNwsWeather({ baseUrl: settings.nwsBaseUrl, userAgent: settings.nwsUserAgent });
  if (settings.weather === 'sample') return createSampleWeather(() => clock.now());
  return offWeather;
}

export function createAirQualityProvider(settings: ConditionsSettings, clock: Clock): AirQualityProvider {
  if (settings.airQuality === 'airnow')
    return settings.airNowKey ? createAirNow({ baseUrl: settings.airNowBaseUrl, apiKey: settings.airNowKey }) : offAirQuality;
  if (settings.airQuality === 'sample') return createSampleAirQuality(() => clock.now());
  return offAirQuality;
}

export type { AirQualityProvider, WeatherProvider } from './types';
