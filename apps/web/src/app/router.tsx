import { lazy, type ReactNode, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { RouteGuard } from './guards/route-guard';
import { RootLayout } from './layout/root-layout';
import { type PageModule, publicPages } from './route-prefetch';

/**
 * A lazily loaded page: its own chunk, its own Suspense boundary (the spinner shows while its code
 * loads) and an error boundary that offers a reload when the chunk cannot be fetched.
 * Declarative routes on purpose: the data router's loaders and actions would add ~10 KB to every page
 * and Ovation uses TanStack Query for data.
 */
function lazyElement(load: () => Promise<PageModule>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

function page(path: string | undefined, load: () => Promise<PageModule>): RouteObject {
  return { ...(path === undefined ? { index: true } : { path }), element: lazyElement(load) };
}

type LegalRouteName = 'PrivacyPolicyRoute' | 'TermsOfServiceRoute' | 'DataProtectionRoute';

/** The three legal routes load one shared chunk and pick their component from it. */
function legalRoute(path: string, name: LegalRouteName): RouteObject {
  return page(path, async () => ({ default: (await import('./routes/legal-routes'))[name] }));
}

function guarded(
  roles: Parameters<typeof RouteGuard>[0]['roles'],
  child: RouteObject,
  denied?: ReactNode,
): RouteObject {
  return { element: <RouteGuard roles={roles} denied={denied} />, children: [child] };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      page(undefined, publicPages.home),
      page('login', publicPages.login),
      page('register', publicPages.register),
      page('forgot-password', () => import('../features/auth/pages/forgot-password-page')),
      page('reset-password', () => import('../features/auth/pages/reset-password-page')),
      page('auth/callback', () => import('../features/auth/pages/auth-callback-page')),
      page('songs', publicPages.songs),
      page('songs/:id', publicPages.song),
      page('categories', publicPages.categories),
      page('categories/:id', publicPages.category),
      guarded(
        [],
        page('profile', () => import('../features/profile/pages/profile-page')),
      ),
      // An admin's second factor: outside the admin area, so an admin required to set one up can.
      guarded(
        ['admin'],
        page('profile/security', () => import('../features/profile/pages/security-page')),
      ),
      guarded(
        ['artist', 'admin'],
        page('upload', () => import('../features/upload/pages/upload-page')),
      ),
      guarded(
        ['artist'],
        page('dashboard', () => import('../features/dashboard/pages/dashboard-page')),
      ),
      // The admin area (the admin spec): one guard, the lazily loaded layout, a lazy chunk per screen. A
      // signed-in fan or artist sees the spec's Access Denied view there, not a silent trip home.
      guarded(
        ['admin'],
        {
          path: 'admin',
          element: lazyElement(() => import('../features/admin/layout/admin-layout')),
          children: [
            page(undefined, () => import('../features/admin/dashboard/dashboard-page')),
            page('songs', () => import('../features/admin/songs/songs-page')),
            page('users', () => import('../features/admin/users/users-page')),
            page('categories', () => import('../features/admin/categories/categories-page')),
            page('analytics', () => import('../features/admin/analytics/analytics-page')),
            page('integrity', () => import('../features/admin/integrity/integrity-page')),
            page('images', () => import('../features/admin/images/images-page')),
            page('social-login', () => import('../features/admin/social-login/social-login-page')),
            page('banners', () => import('../features/admin/banners/banners-page')),
            page('ads', () => import('../features/admin/ads/ads-page')),
            page('ad-analytics', () => import('../features/admin/ad-analytics/ad-analytics-page')),
            page('online-users', () => import('../features/admin/online-users/online-users-page')),
            page('jobs', () => import('../features/admin/jobs/jobs-page')),
            page('breaches', () => import('../features/admin/breaches/breaches-page')),
            page('voting-control', () => import('../features/admin/voting-control/voting-control-page')),
            page('settings', () => import('../features/admin/settings/settings-page')),
            page('audit', () => import('../features/admin/audit/audit-page')),
            // Screens not built yet (marked `soon` in features/admin/layout/admin-screens.ts) and unknown paths.
            page('*', () => import('../features/admin/coming-soon/coming-soon-page')),
          ],
        },
        lazyElement(async () => ({
          default: (await import('../features/admin/layout/access-views')).AdminAccessDeniedRoute,
        })),
      ),
      legalRoute('privacy-policy', 'PrivacyPolicyRoute'),
      legalRoute('terms-of-service', 'TermsOfServiceRoute'),
      legalRoute('data-protection', 'DataProtectionRoute'),
      page('*', () => import('../features/not-found/components/not-found-page')),
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
