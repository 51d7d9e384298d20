/// <reference types="google.maps" />
// The Google map (loaded on demand): pins with a popup linking to the class, clustered with radius 60 and
// max zoom 16; a cluster turns red when its count is above max(10, mean cluster size).
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { MarkerClusterer, SuperClusterAlgorithm } from '@googlemaps/markerclusterer';
import { useEffect, useRef, useState } from 'react';
import { MapMessage } from './MapPanel';

export interface MapPin {
  id: number;
  lat: number;
  lng: number;
  title: string;
  subtitle?: string;
  href?: string;
}

let configuredKey: string | null = null;

function clusterIcon(count: number, red: boolean): google.maps.Icon {
  const colour = red ? '#dc2626' : '#14766d';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><circle cx="24" cy="24" r="20" fill="${colour}" fill-opacity=".9" stroke="#fff" stroke-width="3"/><text x="24" y="29" text-anchor="middle" font-family="sans-serif" font-size="14" font-weight="700" fill="#fff">${count}</text></svg>`;
  return { url: `data:image/svg+xml;charset=UTF-8,${encodeURIComponent(svg)}`, scaledSize: new google.maps.Size(48, 48) };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export default function GoogleMap({ apiKey, pins, center, zoom }: { apiKey: string; pins: MapPin[]; center: { lat: number; lng: number }; zoom: number }) {
  const element = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let cancelled = false;
    let clusterer: MarkerClusterer | null = null;
    (async () => {
      try {
        if (configuredKey !== apiKey) {
          setOptions({ key: apiKey, v: 'weekly' });
          configuredKey = apiKey;
        }
        const { Map, InfoWindow } = await importLibrary('maps');
        const { Marker } = await importLibrary('marker');
        if (cancelled || !element.current) return;
        const map = new Map(element.current, { center, zoom, mapTypeControl: false, streetViewControl: false, clickableIcons: false });
        const info = new InfoWindow();
        const markers = pins.map((pin) => {
          const marker = new Marker({ position: { lat: pin.lat, lng: pin.lng }, title: pin.title });
          marker.addListener('click', () => {
            const link = pin.href ? `<a href="${escapeHtml(pin.href)}" style="color:#125f59;font-weight:600">View class</a>` : '';
            info.setContent(`<div style="max-width:220px"><strong>${escapeHtml(pin.title)}</strong>${pin.subtitle ? `<div>${escapeHtml(pin.subtitle)}</div>` : ''}${link}</div>`);
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
                new Marker({ position, icon: clusterIcon(count, count > Math.max(10, stats.clusters.markers.mean)), zIndex: 1000 + count, title: `${count} classes` }),
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

  return (
    <div className="relative h-full min-h-64 overflow-hidden rounded-[var(--radius-card)] border border-fog-200 dark:border-fog-800">
      <div ref={element} className="h-full w-full" aria-label="Map of classes" role="region" />
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
