// The signed-in area as one React app: every protected page mounts it, and it routes between its screens
// without full reloads. The user comes from the server render and lives in the shared session store.
import { useStore } from '@nanostores/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import type { CurrentUser } from '../../api/auth/public-user';
import Toaster from '../islands/Toaster';
import { $user } from '../lib/stores/session';
import AccessDenied from './components/AccessDenied';
import Spinner from './components/Spinner';
import { newQueryClient } from '../lib/query';
import { matchPath, setAppPathMatcher, useLocation, type Params, type ScreenProps } from './router';
import { appRoutes } from './routes';

setAppPathMatcher((pathname) => appRoutes.some((route) => matchPath(route.path, pathname)));

const screens = new Map<string, ComponentType<ScreenProps>>(appRoutes.map((route) => [route.path, lazy(route.load)]));

export default function App({ initialUser }: { initialUser: CurrentUser }) {
  if ($user.get() === undefined) $user.set(initialUser);
  const user = useStore($user);
  const [queryClient] = useState(newQueryClient);
  const { pathname } = useLocation();

  const match = useMemo(() => {
    for (const route of appRoutes) {
      const params = matchPath(route.path, pathname);
      if (params) return { route, params };
    }
    return null;
  }, [pathname]);

  useEffect(() => {
    if (match) document.title = `${match.route.title} · Fogline`;
  }, [match]);

  // Signed out in another tab (or here): back to sign-in, then return.
  useEffect(() => {
    if (user === null) window.location.assign(`/auth?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }, [user]);

  if (!user) return <Spinner />;
  if (!match) return <AccessDenied message="This page is not part of your account area." />;
  const Screen = screens.get(match.route.path)!;
  return (
    <QueryClientProvider client={queryClient}>
      <div data-app-root>
        <Suspense fallback={<Spinner />}>
          <Screen params={match.params as Params} />
        </Suspense>
        <Toaster />
      </div>
    </QueryClientProvider>
  );
}
