// The map area's frame and messages, and the pin type: shared by MapPanel (which lazy-loads the maps) and the
// two maps (GoogleMap, BrowseMap), in their own file so the maps never import MapPanel back (no cycle).
import type { RefObject } from 'react';

export interface MapPin {
  id: number;
  lat: number;
  lng: number;
  title: string;
  subtitle?: string;
  href?: string;
}

export const SF_CENTER = { lat: 37.7749, lng: -122.4194 };

export function MapMessage({ title, text, busy = false }: { title: string; text?: string; busy?: boolean }) {
  return (
    <div
      role="status"
      aria-busy={busy}
      className="flex h-full min-h-64 flex-col items-center justify-center gap-1 rounded-[var(--radius-card)] border border-fog-200 bg-fog-100 p-6 text-center dark:border-fog-800 dark:bg-fog-900"
    >
      <p className="font-semibold text-fog-800 dark:text-fog-100">{title}</p>
      {text && <p className="max-w-xs text-sm text-fog-600 dark:text-fog-400">{text}</p>}
    </div>
  );
}

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
