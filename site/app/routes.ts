// The signed-in app's screens, one line each, loaded on demand. Every path here also has a thin Astro page
// (site/pages/...) that redirects visitors to /auth and mounts the app.
import type { ComponentType } from 'react';
import type { Params } from './router';

export interface ScreenProps {
  params: Params;
}

export interface AppRoute {
  path: string;
  title: string;
  load: () => Promise<{ default: ComponentType<ScreenProps> }>;
}

export const appRoutes: AppRoute[] = [
  // Each feature adds its screens here (keep one route per line).
  { path: '/profile', title: 'My Profile', load: () => import('./screens/profile/ProfileScreen') },
];
