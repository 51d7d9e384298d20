/// <reference types="google.maps" />
// The Google map (loaded on demand): pins with a popup linking to the class, clustered with radius 60 and
// max zoom 16; a cluster turns red when its count is above max(10, mean cluster size).
import { MarkerClusterer, SuperClusterAlgorithm } from '@googlemaps/markerclusterer';
import { useEffect, useRef, useState } from 'react';
import { clusterIcon, isRedCluster, loadGoogleMaps, pinPopup } from './google-maps';
import { MapFrame } from './MapPanel';

export interface MapPin {
  id: number;
  lat: number;
  lng: number;
  title: string;
  subtitle?: string;
  href?: string;
}

export default function GoogleMap({ apiKey, pins, center, zoom }: { apiKey: string; pins: MapPin[]; center: { lat: number; lng: number }; zoom: number }) {
  const element = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let cancelled = false;
    let clusterer: MarkerClusterer | null = null;
    (async () => {
      try {
        const { Map, InfoWindow, Marker } = await loadGoogleMaps(apiKey);
        if (cancelled || !element.current) return;
        const map = new Map(element.current, { center, zoom, mapTypeControl: false, streetViewControl: false, clickableIcons: false });
        const info = new InfoWindow();
        const markers = pins.map((pin) => {
          const marker = new Marker({ position: { lat: pin.lat, lng: pin.lng }, title: pin.title });
          marker.addListener('click', () => {
            info.setContent(pinPopup(pin.title, pin.subtitle, pin.href));
            info.open({ map, anchor: marker });
          });
          return marker;
        });
        if (pins.length > 1) {
          clusterer = new MarkerClusterer({
            map,
            markers,
            algorithm: new SuperClusterAlgorithm({ radius: 60, maxZoom: 16 }),
            renderer: {
              render: ({ count, position }, stats) =>
                new Marker({ position, icon: clusterIcon(count, isRedCluster(count, stats.clusters.markers.mean)), zIndex: 1000 + count, title: `${count} classes` }),
            },
          });
        } else markers.forEach((m) => m.setMap(map));
        if (!cancelled) setState('ready');
      } catch (error) {
        console.error('Error loading Google Maps', error);
        if (!cancelled) setState('error');
      }
    })();
    return () => {
      cancelled = true;
      clusterer?.clearMarkers();
    };
  }, [apiKey, pins, center.lat, center.lng, zoom]);

  return <MapFrame state={state} mapRef={element} />;
}
