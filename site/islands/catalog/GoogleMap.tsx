/// <reference types="google.maps" />
// The Google map of fixed pins (loaded on demand): pins with a popup linking to the class, clustered with
// radius 60 and max zoom 16; a cluster turns red when its count is above max(10, mean cluster size).
import { MarkerClusterer, SuperClusterAlgorithm } from '@googlemaps/markerclusterer';
import { useRef } from 'react';
import { clusterIcon, isRedCluster, pinPopup, useGoogleMap } from './google-maps';
import { MapFrame, type MapPin } from './map-frame';

export default function GoogleMap({
  apiKey,
  pins,
  center,
  zoom,
}: {
  apiKey: string;
  pins: MapPin[];
  center: { lat: number; lng: number };
  zoom: number;
}) {
  const element = useRef<HTMLDivElement>(null);
  const state = useGoogleMap(
    apiKey,
    element,
    { center, zoom },
    (map, { info, Marker }) => {
      const markers = pins.map((pin) => {
        const marker = new Marker({ position: { lat: pin.lat, lng: pin.lng }, title: pin.title });
        marker.addListener('click', () => {
          info.setContent(pinPopup(pin.title, pin.subtitle, pin.href));
          info.open({ map, anchor: marker });
        });
        return marker;
      });
      if (pins.length <= 1) {
        markers.forEach((m) => m.setMap(map));
        return () => markers.forEach((m) => m.setMap(null));
      }
      const clusterer = new MarkerClusterer({
        map,
        markers,
        algorithm: new SuperClusterAlgorithm({ radius: 60, maxZoom: 16 }),
        renderer: {
          render: ({ count, position }, stats) =>
            new Marker({
              position,
              icon: clusterIcon(count, isRedCluster(count, stats.clusters.markers.mean)),
              zIndex: 1000 + count,
              title: `${count} classes`,
            }),
        },
      });
      return () => clusterer.clearMarkers();
    },
    [pins],
  );
  return <MapFrame state={state} mapRef={element} />;
}
