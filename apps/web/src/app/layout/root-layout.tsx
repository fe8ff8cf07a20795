import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../../components/ui/toast';
import { CountdownSlot } from '../../features/voting/components/countdown-slot';
import { hasChosenLanguage } from '../../lib/i18n';
import { whenIdle } from '../../lib/when-idle';
import { RouteErrorBoundary } from '../route-error';
import { RouteEffects } from './route-effects';
import { SessionWatchSlot } from './session-watch-slot';
import { SiteFooter } from './site-footer';
import { preloadBarHeader, SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

// Only first-time visitors see the chooser, so only they download it.
const LanguageChooserModal = lazy(() =>
  import('../../features/language/components/language-chooser-modal').then((module) => ({
    default: module.LanguageChooserModal,
  })),
);

/** The shell around every public page: header, main content, footer, the first-visit language chooser. */
export function RootLayout() {
  const { pathname } = useLocation();
  const isHome = pathname === '/';
  const [needsLanguage] = useState(() => !hasChosenLanguage());

  useEffect(() => whenIdle(preloadBarHeader), []);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <RouteEffects />
      <SiteHeader variant={isHome ? 'hero' : 'bar'} />
      <main id="main" tabIndex={-1} className={`flex-1 outline-none ${isHome ? '' : 'pt-16'}`}>
        {/* Keyed by path: a page that failed is forgotten on the next navigation; the shell stays. */}
        <RouteErrorBoundary key={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      {needsLanguage && (
        <Suspense fallback={null}>
          <LanguageChooserModal />
        </Suspense>
      )}
      <SessionWatchSlot />
      <CountdownSlot />
      <Toaster />
    </div>
  );
}
