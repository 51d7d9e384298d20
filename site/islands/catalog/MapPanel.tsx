// The map area: without a Maps key it says the map is unavailable and loads nothing; with one, the Google
// map code (./GoogleMap for fixed pins, ./BrowseMap for the browse matches in view) is fetched by dynamic
// import only when shown.
import { lazy, type RefObject, Suspense } from 'react';
import type { MapPin } from './GoogleMap';

export type { MapPin };
const GoogleMap = lazy(() => import('./GoogleMap'));
const BrowseMap = lazy(() => import('./BrowseMap'));

export const SF_CENTER = { lat: 37.7749, lng: -122.4194 };

function MapMessage({ title, text, busy = false }: { title: string; text?: string; busy?: boolean }) {
  return (
    <div role="status" aria-busy={busy} className="flex h-full min-h-64 flex-col items-center justify-center gap-1 rounded-[var(--radius-card)] border border-fog-200 bg-fog-100 p-6 text-center dark:border-fog-800 dark:bg-fog-900">
      <p className="font-semibold text-fog-800 dark:text-fog-100">{title}</p>
      {text && <p className="max-w-xs text-sm text-fog-600 dark:text-fog-400">{text}</p>}
    </div>
  );
}

export { MapMessage };

/** The map's frame with the loader's states over it: Loading Maps..., then the map, or the error. */
export function MapFrame({ state, mapRef }: { state: 'loading' | 'ready' | 'error'; mapRef: RefObject<HTMLDivElement | null> }) {
  return (
    <div className="relative h-full min-h-64 overflow-hidden rounded-[var(--radius-card)] border border-fog-200 dark:border-fog-800">
      <div ref={mapRef} className="h-full w-full" aria-label="Map of classes" role="region" />
      {state !== 'ready' && (
        <div className="absolute inset-0">
          {state === 'loading' ? (
            <MapMessage title="Loading Maps..." busy />
          ) : (
            <MapMessage title="Error loading Google Maps" text="Failed to load Google Maps. Please refresh the page and try again." />
          )}
        </div>
      )}
    </div>
  );
}

/** With `pins`, those pins (clustered in the browser); with `filterQuery`, the browse matches in view, clustered by the server. */
export function MapPanel({ mapsKey, pins = [], filterQuery, center = SF_CENTER, zoom = 12, className = 'h-[600px]' }: { mapsKey?: string | null; pins?: MapPin[]; filterQuery?: string; center?: { lat: number; lng: number }; zoom?: number; className?: string }) {
  return (
    <div className={className} data-testid="map-area">
      {!mapsKey ? (
        <MapMessage title="Map unavailable" text="The map isn't available right now. Every class is still listed, with its address." />
      ) : (
        <Suspense fallback={<MapMessage title="Loading map..." busy />}>
          {filterQuery !== undefined ? <BrowseMap apiKey={mapsKey} filterQuery={filterQuery} center={center} zoom={zoom} /> : <GoogleMap apiKey={mapsKey} pins={pins} center={center} zoom={zoom} />}
        </Suspense>
      )}
    </div>
  );
}
