import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles';
import { CloseIcon, LogOutIcon, MenuIcon } from '../../components/ui/icons';
import { useDisclosure } from '../../components/ui/use-disclosure';
import { useLogout } from '../../features/account/api/use-logout';
import { UserAvatar } from '../../features/account/components/user-avatar';
import { useRegistrationOpen } from '../../lib/public-settings';
import { useSession } from '../../lib/session';
import type { NavItem } from './nav-links';

/** The small-screen menu: a button in the bar opening every link, then the account actions. */
export function MobileMenu({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogout();
  const registrationOpen = useRegistrationOpen();
  const { open, close, containerRef, panelId, buttonProps } = useDisclosure();

  return (
    <div ref={containerRef} className="lg:hidden">
      <button {...buttonProps} className={buttonClass('ghost', 'sm', 'size-11 px-0')}>
        {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        <span className="sr-only">{t('nav.menu')}</span>
      </button>
      {open && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={t('common.close')}
          onClick={() => close()}
          className="fixed inset-x-0 top-16 bottom-0 animate-fade-in cursor-default bg-black/60"
        />
      )}
      {open && (
        <div
          id={panelId}
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] animate-fade-in overflow-y-auto border-b border-white/10 bg-ink-950/98 px-4 pt-2 pb-6 shadow-2xl shadow-black/60 backdrop-blur"
        >
          <nav aria-label={t('nav.mainNavigation')}>
            <ul className="grid gap-1">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    onClick={() => close()}
                    className={({ isActive }) =>
                      `flex min-h-12 items-center rounded-xl px-4 text-lg font-medium transition-colors ${
                        isActive ? 'bg-white/[0.08] text-gold-300' : 'text-ink-100 hover:bg-white/[0.06]'
                      }`
                    }
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-4 border-t border-white/10 pt-4 md:hidden">
            {session.user ? (
              <div className="flex items-center justify-between gap-3 px-2">
                <span className="flex min-w-0 items-center gap-3">
                  <UserAvatar user={session.user} className="size-10 text-base" />
                  <span className="truncate font-semibold">{session.user.name}</span>
                </span>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    logout();
                  }}
                  className={buttonClass('secondary', 'sm')}
                >
                  <LogOutIcon className="size-4" />
                  {t('nav.logout')}
                </button>
              </div>
            ) : (
              <div className={`grid gap-3 ${registrationOpen ? 'grid-cols-2' : 'grid-cols-1'}`}>
                <Link to="/login" onClick={() => close()} className={buttonClass('secondary', 'md')}>
                  {t('nav.login')}
                </Link>
                {registrationOpen && (
                  <Link to="/register" onClick={() => close()} className={buttonClass('primary', 'md')}>
                    {t('nav.register')}
                  </Link>
                )}
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
