// Where a class is: its address parts and combined address, its coordinates (sent by the form, geocoded, or
// 0, 0 with the "Using address only" notice), and the geocoding routes behind the form's address autofill.
import type { SessionUser } from '../auth/session';
import { requireRole } from '../auth/plugin';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { ADDRESS_ONLY_NOTICE, type GeocodedPlace } from '../providers/maps';
import { CLASS_MESSAGES, type Place } from './model';
import type { ClassRow } from './shape';

export interface AddressParts {
  addressLine1: string;
  city: string;
  state: string;
  zipCode: string;
}

/** "street, city, ST zip": the form the catalogue's city filter reads (second-to-last comma piece). */
function combineAddress(parts: AddressParts): string {
  return `${parts.addressLine1}, ${parts.city}, ${`${parts.state} ${parts.zipCode}`.trim()}`;
}

/** One address field ("street, city, ST zip") read back into its parts where it has them. */
function splitAddress(address: string): { addressLine1: string; city: string | null; state: string | null; zipCode: string | null } {
  const pieces = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (pieces.length < 3) return { addressLine1: pieces.join(', '), city: pieces[1] ?? null, state: null, zipCode: null };
  const last = pieces[pieces.length - 1]!;
  const match = last.match(/^([A-Za-z .]+?)\s*(\d{5}(?:-\d{4})?)?$/);
  return {
    addressLine1: pieces.slice(0, -2).join(', '),
    city: pieces[pieces.length - 2]!,
    state: match?.[1]?.trim() || last,
    zipCode: match?.[2] ?? null,
  };
}

type AddressInput = Partial<AddressParts> & { address?: string | null };
export type AddressColumns = Pick<ClassRow, 'addressLine1' | 'city' | 'state' | 'zipCode' | 'address'>;
const PART_NAMES = ['addressLine1', 'city', 'state', 'zipCode'] as const;

/** The address columns a write stores: the parts sent (over the stored ones, for a change) and their
 * combination; or, when no part is sent, a combined `address` read into parts; undefined when a change sends
 * neither. A new class without a full address is refused naming each missing part. */
export function addressColumns(input: AddressInput, stored?: AddressColumns): AddressColumns | undefined {
  const sent = PART_NAMES.filter((name) => input[name] !== undefined);
  if (sent.length === 0 && input.address) {
    const address = input.address.trim();
    return { ...splitAddress(address), address };
  }
  if (sent.length === 0 && stored) return undefined;
  const parts = Object.fromEntries(
    PART_NAMES.map((name) => [name, (input[name] ?? stored?.[name] ?? '').trim()]),
  ) as unknown as AddressParts;
  const missing = PART_NAMES.filter((name) => !parts[name] && !stored);
  if (missing.length) {
    throw badRequest(CLASS_MESSAGES[missing[0]!], Object.fromEntries(missing.map((name) => [name, [CLASS_MESSAGES[name]]])));
  }
  return { ...parts, address: combineAddress(parts) };
}

export interface Coordinates {
  latitude: number;
  longitude: number;
  notice: string | null;
}

/** Coordinates sent by the form (use my location) win; otherwise the address is geocoded; otherwise 0, 0 and
 * the "Using address only" notice. */
export async function coordinatesFor(
  ctx: AppContext,
  address: string,
  sent?: { latitude?: number | null; longitude?: number | null },
): Promise<Coordinates> {
  if (typeof sent?.latitude === 'number' && typeof sent?.longitude === 'number' && (sent.latitude !== 0 || sent.longitude !== 0)) {
    return { latitude: sent.latitude, longitude: sent.longitude, notice: null };
  }
  const place = await ctx.maps.geocode(address);
  return place
    ? { latitude: place.latitude, longitude: place.longitude, notice: null }
    : { latitude: 0, longitude: 0, notice: ADDRESS_ONLY_NOTICE };
}

function toPlace(place: GeocodedPlace | null): Place {
  if (!place)
    return {
      found: false,
      latitude: 0,
      longitude: 0,
      addressLine1: null,
      city: null,
      state: null,
      zipCode: null,
      formattedAddress: null,
      notice: ADDRESS_ONLY_NOTICE,
    };
  return { found: true, ...place, notice: null };
}

export async function geocodePlace(ctx: AppContext, user: SessionUser | null, query: string): Promise<Place> {
  requireRole(user, 'coach', 'admin');
  return toPlace(await ctx.maps.geocode(query.trim()));
}

export async function reverseGeocodePlace(ctx: AppContext, user: SessionUser | null, lat: string, lng: string): Promise<Place> {
  requireRole(user, 'coach', 'admin');
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw badRequest('Unable to determine your location. Please try again.');
  }
  const place = await ctx.maps.reverseGeocode(latitude, longitude);
  return place ? toPlace(place) : { ...toPlace(null), latitude, longitude };
}
