import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { ChevronDownIcon, GridIcon, LogOutIcon, UserIcon } from '../../../components/ui/icons';
import { useDisclosure } from '../../../components/ui/use-disclosure';
import { useRegistrationOpen } from '../../../lib/public-settings';
import { hasRole, useSession } from '../../../lib/session';
import { useLogout } from '../api/use-logout';
import { UserAvatar } from './user-avatar';

/** Login and Register for guests (the public spec's Layout: "Guests see Login and Register"); Register only while registration is open. */
export function GuestLinks({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const registrationOpen = useRegistrationOpen();
  return (
    <div className={`flex items-center gap-1.5 sm:gap-2 ${className}`}>
      <Link to="/login" className={buttonClass('ghost', 'sm', 'px-3')}>
        {t('nav.login')}
      </Link>
      {registrationOpen && (
        <Link to="/register" className={buttonClass('primary', 'sm', 'px-4')}>
          {t('nav.register')}
        </Link>
      )}
    </div>
  );
}

/** The signed-in user's dropdown: Profile, Dashboard (artists), Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogout();
  const { open, close, containerRef, panelId, buttonProps } = useDisclosure();
  const user = session.user;
  if (!user) return null;

  const itemClass =
    'flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-start text-ink-100 transition-colors hover:bg-white/[0.08]';

  return (
    <div ref={containerRef} className="relative">
      <button {...buttonProps} className={buttonClass('ghost', 'sm', 'ps-1.5 pe-3')}>
        <UserAvatar user={user} />
        <span className="sr-only">{t('nav.accountMenu')}:</span>
        <bdi className="hidden max-w-32 truncate sm:inline-block">{user.name}</bdi>
        <ChevronDownIcon className="size-4 opacity-70" />
      </button>
      {open && (
        <div
          id={panelId}
          className="fixed inset-x-4 top-16 z-50 mt-2 animate-rise rounded-2xl sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:w-64 border border-white/10 bg-ink-900/98 p-1.5 shadow-2xl shadow-black/50 backdrop-blur"
        >
          <div className="flex items-center gap-3 border-b border-white/10 px-3 pt-2 pb-3">
            <UserAvatar user={user} className="size-10 text-base" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink-50">
                <bdi>{user.name}</bdi>
              </p>
              <p className="truncate text-sm text-ink-400">{t(`roles.${user.role}`)}</p>
            </div>
          </div>
          <ul className="pt-1.5">
            <li>
              <Link to="/profile" onClick={() => close()} className={itemClass}>
                <UserIcon className="size-5 text-ink-400" />
                {t('nav.profile')}
              </Link>
            </li>
            {hasRole(session, ['artist']) && (
              <li>
                <Link to="/dashboard" onClick={() => close()} className={itemClass}>
                  <GridIcon className="size-5 text-ink-400" />
                  {t('nav.dashboard')}
                </Link>
              </li>
            )}
            <li>
              <button
                type="button"
                onClick={() => {
                  close();
                  logout();
                }}
                className={itemClass}
              >
                <LogOutIcon className="size-5 text-ink-400" />
                {t('nav.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

/** Guest links or the user menu, whichever applies. */
export function AccountMenu() {
  const session = useSession();
  return session.isAuthenticated ? <UserMenu /> : <GuestLinks />;
}
