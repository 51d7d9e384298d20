// The map area: without a Maps key it says the map is unavailable and loads nothing; with one, the Google
// map code (./GoogleMap for fixed pins, ./BrowseMap for the browse matches in view) is fetched by dynamic
// import only when shown.
import { lazy, Suspense } from 'react';
import { MapMessage, type MapPin, SF_CENTER } from './map-frame';

export type { MapPin };
export { MapMessage, SF_CENTER };
const GoogleMap = lazy(() => import('./GoogleMap'));
const BrowseMap = lazy(() => import('./BrowseMap'));

/** With `pins`, those pins (clustered in the browser); with `filterQuery`, the browse matches in view, clustered by the server. */
export function MapPanel({
  mapsKey,
  pins = [],
  filterQuery,
  center = SF_CENTER,
  zoom = 12,
  className = 'h-[600px]',
}: {
  mapsKey?: string | null;
  pins?: MapPin[];
  filterQuery?: string;
  center?: { lat: number; lng: number };
  zoom?: number;
  className?: string;
}) {
  return (
    <div className={className} data-testid="map-area">
      {!mapsKey ? (
        <MapMessage title="Map unavailable" text="The map isn't available right now. Every class is still listed, with its address." />
      ) : (
        <Suspense fallback={<MapMessage title="Loading map..." busy />}>
          {filterQuery !== undefined ? (
            <BrowseMap apiKey={mapsKey} filterQuery={filterQuery} center={center} zoom={zoom} />
          ) : (
            <GoogleMap apiKey={mapsKey} pins={pins} center={center} zoom={zoom} />
          )}
        </Suspense>
      )}
    </div>
  );
}
