// The map area: without a Maps key it says the map is unavailable and loads nothing; with one, the Google
// map code (./GoogleMap, with the loader and clusterer) is fetched by dynamic import only when shown.
import { lazy, Suspense } from 'react';
import type { MapPin } from './GoogleMap';

export type { MapPin };
const GoogleMap = lazy(() => import('./GoogleMap'));

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

export function MapPanel({ mapsKey, pins, center = SF_CENTER, zoom = 12, className = 'h-[600px]' }: { mapsKey?: string | null; pins: MapPin[]; center?: { lat: number; lng: number }; zoom?: number; className?: string }) {
  return (
    <div className={className} data-testid="map-area">
      {!mapsKey ? (
        <MapMessage title="Map unavailable" text="The map isn't available right now. Every class is still listed, with its address." />
      ) : (
        <Suspense fallback={<MapMessage title="Loading map..." busy />}>
          <GoogleMap apiKey={mapsKey} pins={pins} center={center} zoom={zoom} />
        </Suspense>
      )}
    </div>
  );
}
