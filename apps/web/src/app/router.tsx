import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { prefetchHomeData } from '../features/home/api/prefetch-home';
import { RouteGuard } from './guards/route-guard';
import { RootLayout } from './layout/root-layout';
import { queryClient } from './query-client';
import { RouteError } from './route-error';

type LegalRouteName = 'PrivacyPolicyRoute' | 'TermsOfServiceRoute' | 'DataProtectionRoute';

/** A lazily loaded page: its module's default export. */
function page(path: string | undefined, load: () => Promise<{ default: React.ComponentType }>): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/** The three legal routes load one shared chunk and pick their component from it. */
function legalRoute(path: string, name: LegalRouteName): RouteObject {
  return {
    path,
    lazy: async () => ({ Component: (await import('./routes/legal-routes'))[name] }),
  };
}

/**
 * Every page is its own lazily loaded chunk; the shell (layout, header, footer) is in the entry.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            // A static loader runs while the lazy page code downloads: the API calls start at once.
            loader: () => {
              prefetchHomeData(queryClient);
              return null;
            },
            lazy: async () => ({
              Component: (await import('../features/home/components/home-page')).default,
            }),
          },
          page('login', () => import('../features/auth/pages/login-page')),
          page('register', () => import('../features/auth/pages/register-page')),
          page('auth/callback', () => import('../features/auth/pages/auth-callback-page')),
          page('songs', () => import('../features/songs/pages/songs-page')),
          page('songs/:id', () => import('../features/songs/pages/song-detail-page')),
          page('categories', () => import('../features/categories/pages/categories-page')),
          page('categories/:id', () => import('../features/categories/pages/category-detail-page')),
          {
            element: <RouteGuard roles={[]} />,
            children: [page('profile', () => import('../features/profile/pages/profile-page'))],
          },
          {
            element: <RouteGuard roles={['artist', 'admin']} />,
            children: [page('upload', () => import('../features/upload/pages/upload-page'))],
          },
          {
            element: <RouteGuard roles={['artist']} />,
            children: [page('dashboard', () => import('../features/dashboard/pages/dashboard-page'))],
          },
          {
            element: <RouteGuard roles={['admin']} />,
            children: [page('admin/*', () => import('../features/admin/pages/admin-home-page'))],
          },
          legalRoute('privacy-policy', 'PrivacyPolicyRoute'),
          legalRoute('terms-of-service', 'TermsOfServiceRoute'),
          legalRoute('data-protection', 'DataProtectionRoute'),
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('../features/not-found/components/not-found-page')).default,
            }),
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
