// Sunset and civil dusk computed locally (no network, no package): the sunrise equation as published by NOAA
// and used by suncalc (Vladimir Agafonkin, BSD), accurate to about a minute at San Francisco's latitude.
// The site's class form imports this too (daylight warning), so it must stay free of server imports.

const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;
const J1970 = 2_440_588;
const J2000 = 2_451_545;
const J0 = 0.0009;
const OBLIQUITY = RAD * 23.4397;

/** San Francisco (City Hall): the daylight warning's place. */
export const SAN_FRANCISCO = { latitude: 37.7793, longitude: -122.4193 } as const;

const toDays = (date: Date) => date.getTime() / DAY_MS - 0.5 + J1970 - J2000;
const fromJulian = (j: number) => new Date((j + 0.5 - J1970) * DAY_MS);
const meanAnomaly = (d: number) => RAD * (357.5291 + 0.98560028 * d);
const eclipticLongitude = (m: number) =>
  m + RAD * (1.9148 * Math.sin(m) + 0.02 * Math.sin(2 * m) + 0.0003 * Math.sin(3 * m)) + RAD * 102.9372 + Math.PI;
const declination = (l: number) => Math.asin(Math.sin(OBLIQUITY) * Math.sin(l));
const transitJ = (ds: number, m: number, l: number) => J2000 + ds + 0.0053 * Math.sin(m) - 0.0069 * Math.sin(2 * l);

/** When the sun's centre goes down past `altitudeDeg` on the day around `noon` (null: it never does there). */
function setting(noon: Date, latitude: number, longitude: number, altitudeDeg: number): Date | null {
  const lw = -RAD * longitude;
  const phi = RAD * latitude;
  const n = Math.round(toDays(noon) - J0 - lw / (2 * Math.PI));
  const ds = J0 + lw / (2 * Math.PI) + n;
  const m = meanAnomaly(ds);
  const l = eclipticLongitude(m);
  const dec = declination(l);
  const cosW = (Math.sin(RAD * altitudeDeg) - Math.sin(phi) * Math.sin(dec)) / (Math.cos(phi) * Math.cos(dec));
  if (cosW < -1 || cosW > 1) return null;
  const w = Math.acos(cosW);
  return fromJulian(transitJ(J0 + (w + lw) / (2 * Math.PI) + n, m, l));
}

/** Sunset (upper limb with refraction, -0.833°) on the local day around `noon`. */
export function sunsetOn(noon: Date, latitude: number = SAN_FRANCISCO.latitude, longitude: number = SAN_FRANCISCO.longitude): Date | null {
  return setting(noon, latitude, longitude, -0.833);
}

/** Civil dusk (the sun 6° below the horizon: too dark to play without lights) on the local day around `noon`. */
export function civilDuskOn(
  noon: Date,
  latitude: number = SAN_FRANCISCO.latitude,
  longitude: number = SAN_FRANCISCO.longitude,
): Date | null {
  return setting(noon, latitude, longitude, -6);
}
