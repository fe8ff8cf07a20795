import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AdPageProvider } from '../../components/ads/ad-page';
import { AdPopupSlot } from '../../components/ads/ad-popup-slot';
import { AdSlot } from '../../components/ads/ad-slot';
import { Toaster } from '../../components/ui/toast';
import { CountdownSlot } from '../../features/voting/components/countdown-slot';
import { hasChosenLanguage } from '../../lib/i18n';
import { whenIdle } from '../../lib/when-idle';
import { RouteErrorBoundary } from '../route-error';
import { ConsentSlot } from './consent-slot';
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

/** Keeps the header and footer strips in the page's column, clear of its edges. */
const STRIP_CLASS = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';

/**
 * The shell around every public page: header, main content, footer, the first-visit language chooser, and
 * the page's ads (the pages that carry none are listed in lib/ads/page-slots.ts).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const isHome = pathname === '/';
  const [needsLanguage] = useState(() => !hasChosenLanguage());

  useEffect(() => whenIdle(preloadBarHeader), []);

  return (
    <AdPageProvider>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <RouteEffects />
        {/* Home's header lies over the slideshow: its strip goes above both, at the top of the page. */}
        {isHome && <AdSlot location="header" landmark className={`${STRIP_CLASS} py-3`} />}
        <div className="relative flex flex-1 flex-col">
          <SiteHeader variant={isHome ? 'hero' : 'bar'} />
          {/* At least a screen tall: the footer starts below the fold, so a page whose content arrives
              after the first paint does not push a visible footer (and its ad) down the screen. */}
          <main id="main" tabIndex={-1} className={`min-h-dvh flex-1 outline-none ${isHome ? '' : 'pt-16'}`}>
            {!isHome && <AdSlot location="header" className={`${STRIP_CLASS} pt-4`} />}
            {/* Keyed by path: a page that failed is forgotten on the next navigation; the shell stays. */}
            <RouteErrorBoundary key={pathname}>
              <Outlet />
            </RouteErrorBoundary>
          </main>
        </div>
        <AdSlot location="footer" landmark className={`${STRIP_CLASS} pb-10`} />
        <SiteFooter />
        {needsLanguage && (
          <Suspense fallback={null}>
            <LanguageChooserModal />
          </Suspense>
        )}
        <SessionWatchSlot />
        <ConsentSlot />
        <CountdownSlot />
        <AdPopupSlot />
        <Toaster />
      </div>
    </AdPageProvider>
  );
}
