// Geocoding behind one interface on the context: Google's Geocoding API when PUBLIC_GOOGLE_MAPS_API_KEY is
// set, otherwise none (coordinates 0 and "Using address only", as coach-admin-areas §5 says). Tests fake it.

export interface GeocodedPlace {
  latitude: number;
  longitude: number;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  formattedAddress: string | null;
}

export interface MapsProvider {
  readonly kind: 'google' | 'none';
  /** A place for free text (an address, or a place name such as "Dolores Park"); null when nothing is found. */
  geocode(query: string): Promise<GeocodedPlace | null>;
  /** The address at a point (the browser's location); null when nothing is found. */
  reverseGeocode(latitude: number, longitude: number): Promise<GeocodedPlace | null>;
}

/** The notice shown when no coordinates were found and the typed address is used as it is. */
export const ADDRESS_ONLY_NOTICE = 'Using address only';

export const noMaps: MapsProvider = {
  kind: 'none',
  geocode: async () => null,
  reverseGeocode: async () => null,
};

interface GoogleComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
interface GoogleResult {
  formatted_address: string;
  address_components: GoogleComponent[];
  geometry: { location: { lat: number; lng: number } };
}

/** Turns one Google geocoding result into our address parts (street number + route, city, state, ZIP). */
export function placeFromGoogle(result: GoogleResult): GeocodedPlace {
  const part = (type: string, short = false) => {
    const component = result.address_components.find((c) => c.types.includes(type));
    return component ? (short ? component.short_name : component.long_name) : null;
  };
  const street = [part('street_number'), part('route')].filter(Boolean).join(' ');
  return {
    latitude: result.geometry.location.lat,
    longitude: result.geometry.location.lng,
    addressLine1: street || part('premise') || part('point_of_interest') || null,
    city: part('locality') ?? part('sublocality') ?? part('postal_town'),
    state: part('administrative_area_level_1', true),
    zipCode: part('postal_code'),
    formattedAddress: result.formatted_address ?? null,
  };
}

export function createGoogleMaps(apiKey: string, fetcher: typeof fetch = fetch): MapsProvider {
  async function lookup(params: Record<string, string>): Promise<GeocodedPlace | null> {
    const url = new URL('https://maps.googleapis.com/maps/api/geocode/json');
    for (const [key, value] of Object.entries({ ...params, key: apiKey })) url.searchParams.set(key, value);
    try {
      const response = await fetcher(url, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) return null;
      const data = (await response.json()) as { status: string; results?: GoogleResult[] };
      const first = data.status === 'OK' ? data.results?.[0] : undefined;
      return first ? placeFromGoogle(first) : null;
    } catch (error) {
      // A geocoding failure is logged only: the class is saved with the address as typed.
      console.warn('[maps] geocoding failed', (error as Error).message);
      return null;
    }
  }
  return {
    kind: 'google',
    geocode: (query) => lookup({ address: query, region: 'us', bounds: '37.6,-122.6|37.9,-122.3' }),
    reverseGeocode: (latitude, longitude) => lookup({ latlng: `${latitude},${longitude}` }),
  };
}

export function createMapsProvider(apiKey: string | undefined): MapsProvider {
  return apiKey ? createGoogleMaps(apiKey) : noMaps;
}
