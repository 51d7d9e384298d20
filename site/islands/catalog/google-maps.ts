/// <reference types="google.maps" />
// What both maps share (loaded on demand, with them): the Maps script configured once per key, the cluster
// icon (red when its count is above the greater of 10 and the mean, customer-areas §9) and a pin's popup.
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { type RefObject, useEffect, useState } from 'react';

let configuredKey: string | null = null;

async function loadGoogleMaps(apiKey: string) {
  if (configuredKey !== apiKey) {
    setOptions({ key: apiKey, v: 'weekly' });
    configuredKey = apiKey;
  }
  const [{ Map, InfoWindow }, { Marker }] = await Promise.all([importLibrary('maps'), importLibrary('marker')]);
  return { Map, InfoWindow, Marker };
}

export function clusterIcon(count: number, red: boolean): google.maps.Icon {
  const colour = red ? '#dc2626' : '#14766d';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><circle cx="24" cy="24" r="20" fill="${colour}" fill-opacity=".9" stroke="#fff" stroke-width="3"/><text x="24" y="29" text-anchor="middle" font-family="sans-serif" font-size="14" font-weight="700" fill="#fff">${count}</text></svg>`;
  return { url: `data:image/svg+xml;charset=UTF-8,${encodeURIComponent(svg)}`, scaledSize: new google.maps.Size(48, 48) };
}

export const isRedCluster = (count: number, mean: number) => count > Math.max(10, mean);

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The popup of a pin: its title, a second line, and a link to the class. */
export function pinPopup(title: string, subtitle: string | undefined, href: string | undefined): string {
  const link = href ? `<a href="${escapeHtml(href)}" style="color:#125f59;font-weight:600">View class</a>` : '';
  return `<div style="max-width:220px"><strong>${escapeHtml(title)}</strong>${subtitle ? `<div>${escapeHtml(subtitle)}</div>` : ''}${link}</div>`;
}

type Maps = Awaited<ReturnType<typeof loadGoogleMaps>>;
type MapState = 'loading' | 'ready' | 'error';

/**
 * Loads the Maps script, makes a map in `element` (centre, zoom, no extra controls) and hands it to `draw`
 * with the libraries and one popup, again whenever `deps` change; `draw` returns its own cleanup. Answers Loading Maps..., ready or the error.
 */
export function useGoogleMap(
  apiKey: string,
  element: RefObject<HTMLDivElement | null>,
  view: { center: { lat: number; lng: number }; zoom: number },
  draw: (map: google.maps.Map, maps: Maps & { info: google.maps.InfoWindow }) => () => void,
  deps: unknown[],
): MapState {
  const [state, setState] = useState<MapState>('loading');
  useEffect(() => {
    let cancelled = false;
    let cleanup = () => {};
    (async () => {
      try {
        const maps = await loadGoogleMaps(apiKey);
        if (cancelled || !element.current) return;
        const map = new maps.Map(element.current, {
          center: view.center,
          zoom: view.zoom,
          mapTypeControl: false,
          streetViewControl: false,
          clickableIcons: false,
        });
        cleanup = draw(map, { ...maps, info: new maps.InfoWindow() });
        setState('ready');
      } catch (error) {
        console.error('Error loading Google Maps', error);
        if (!cancelled) setState('error');
      }
    })();
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [apiKey, view.center.lat, view.center.lng, view.zoom, ...deps]);
  return state;
}
