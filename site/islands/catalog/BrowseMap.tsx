/// <reference types="google.maps" />
// The browse map (loaded on demand): whenever the view settles it asks GET /api/classes/pins for the matches
// in view, already clustered on the server, so 10,000 classes cost a few hundred markers. A pin opens a popup
// linking to its class; a cluster zooms in on itself and turns red above max(10, mean cluster size).
import { useEffect, useRef } from 'react';
import { dollars } from '../../lib/catalog';
import { clusterIcon, isRedCluster, pinPopup, useGoogleMap } from './google-maps';
import { fetchMapPins, type MapPinsAnswer } from '../../lib/catalog-api';
import { MapFrame } from './map-frame';

/** Waits this long after the last pan or zoom before asking for pins. */
const SETTLE_MS = 150;

export default function BrowseMap({
  apiKey,
  filterQuery,
  center,
  zoom,
}: {
  apiKey: string;
  filterQuery: string;
  center: { lat: number; lng: number };
  zoom: number;
}) {
  const element = useRef<HTMLDivElement>(null);
  const refresh = useRef<() => void>(() => {});
  const filterQueryRef = useRef(filterQuery);

  const state = useGoogleMap(
    apiKey,
    element,
    { center, zoom },
    (map, { info, Marker }) => {
      let markers: google.maps.Marker[] = [];
      let timer: ReturnType<typeof setTimeout> | undefined;
      let ticket = 0;
      const draw = (answer: MapPinsAnswer) => {
        markers.forEach((m) => m.setMap(null));
        const mean = answer.clusters.reduce((sum, c) => sum + c.count, 0) / Math.max(1, answer.clusters.length);
        markers = [
          ...answer.clusters.map((c) => {
            const marker = new Marker({
              map,
              position: c,
              icon: clusterIcon(c.count, isRedCluster(c.count, mean)),
              zIndex: 1000 + c.count,
              title: `${c.count} classes`,
            });
            marker.addListener('click', () => {
              map.setCenter(c);
              map.setZoom((map.getZoom() ?? zoom) + 2);
            });
            return marker;
          }),
          ...answer.pins.map((pin) => {
            const marker = new Marker({ map, position: pin, title: pin.title });
            marker.addListener('click', () => {
              info.setContent(pinPopup(pin.title, dollars(pin.price), `/classes/${pin.id}`));
              info.open({ map, anchor: marker });
            });
            return marker;
          }),
        ];
      };
      const load = async () => {
        const bounds = map.getBounds();
        if (!bounds) return;
        const mine = ++ticket;
        const query = new URLSearchParams(filterQueryRef.current);
        query.set('bounds', bounds.toUrlValue(5));
        query.set('zoom', String(Math.round(map.getZoom() ?? zoom)));
        const answer = await fetchMapPins(query);
        if (mine === ticket) draw(answer);
      };
      refresh.current = () => {
        clearTimeout(timer);
        timer = setTimeout(() => load().catch((error) => console.error(error)), SETTLE_MS);
      };
      map.addListener('idle', () => refresh.current());
      return () => {
        ticket++;
        clearTimeout(timer);
        refresh.current = () => {};
        markers.forEach((m) => m.setMap(null));
      };
    },
    [],
  );

  // A new search redraws the pins of the same view.
  useEffect(() => {
    filterQueryRef.current = filterQuery;
    refresh.current();
  }, [filterQuery]);

  return <MapFrame state={state} mapRef={element} />;
}
