import { AccountMenu } from '../../features/account/components/account-menu';
import { LanguageMenu } from '../../features/language/components/language-menu';
import { useSession } from '../../lib/session';
import { DesktopNav } from './desktop-nav';
import { HomeLink } from './home-link';
import { MobileMenu } from './mobile-menu';
import { buildNavigation } from './nav-links';
import { useScrolled } from './use-scrolled';

/**
 * The top bar of every page but home: fixed, transparent at the top and solid once the page scrolls,
 * with the navigation (a row on wide screens, a menu button on small ones), language and account.
 */
export default function BarHeader() {
  const session = useSession();
  const scrolled = useScrolled();
  const { visible, more } = buildNavigation(session);

  return (
    <header className="fixed inset-x-0 top-0 z-40">
      {/* The solid background is a layer of its own: a backdrop-filter on the header itself would become the
          containing block of the menus' fixed-position panels and overlays. */}
      <div
        aria-hidden="true"
        className={`absolute inset-0 -z-10 border-b transition-[background-color,box-shadow,border-color] duration-300 ${
          scrolled
            ? 'border-white/10 bg-ink-950/90 shadow-lg shadow-black/30 backdrop-blur-md'
            : 'border-transparent bg-transparent'
        }`}
      />
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <HomeLink />
        <DesktopNav visible={visible} more={more} />
        <div className="flex items-center gap-1 sm:gap-2">
          <LanguageMenu />
          <div className="hidden md:block">
            <AccountMenu />
          </div>
          <MobileMenu items={[...visible, ...more]} />
        </div>
      </div>
    </header>
  );
}
