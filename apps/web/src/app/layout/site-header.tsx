import { lazy, Suspense } from 'react';
import { AccountMenu } from '../../features/account/components/account-menu';
import { LanguageMenu } from '../../features/language/components/language-menu';
import { HomeLink } from './home-link';

const loadBarHeader = () => import('./bar-header');
const BarHeader = lazy(loadBarHeader);

/** Fetches the bar's code ahead of time (after the home page has loaded) so the next page shows it at once. */
export function preloadBarHeader() {
  void loadBarHeader();
}

/**
 * The top of the page. On home the spec hides the navigation: a transparent strip over the hero carries
 * only the brand, the language menu and the account actions. Every other page gets the navigation bar,
 * whose code loads separately so the home page does not pay for it.
 */
export function SiteHeader({ variant }: { variant: 'hero' | 'bar' }) {
  if (variant === 'bar') {
    return (
      <Suspense fallback={<div className="fixed inset-x-0 top-0 h-16" />}>
        <BarHeader />
      </Suspense>
    );
  }
  return (
    <header className="absolute inset-x-0 top-0 z-30">
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-2 px-4 sm:min-h-20 sm:px-6 lg:px-8">
        <HomeLink compact />
        <div className="flex flex-wrap items-center justify-end gap-1 sm:gap-2">
          <LanguageMenu />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
