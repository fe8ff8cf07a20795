import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { SCREEN_ICONS } from './admin-icons';
import { ADMIN_SCREENS } from './admin-screens';

/** The admin area's links, one per screen; the current one is marked (aria-current="page" and gold). */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('layout.navLabel')}>
      <ul className="grid grid-cols-1 gap-0.5">
        {ADMIN_SCREENS.map((screen) => {
          const Icon = SCREEN_ICONS[screen.path];
          return (
            <li key={screen.path} className="min-w-0">
              <NavLink
                to={screen.path ? `/admin/${screen.path}` : '/admin'}
                end={screen.path === ''}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `flex min-h-11 items-center gap-3 rounded-xl px-3 text-[0.9375rem] font-medium transition-colors ${
                    isActive
                      ? 'bg-gold-400/10 text-gold-200 ring-1 ring-gold-400/30'
                      : screen.soon
                        ? 'text-ink-400 hover:bg-white/[0.05] hover:text-ink-200'
                        : 'text-ink-100 hover:bg-white/[0.06]'
                  }`
                }
              >
                <Icon className="size-5 shrink-0" />
                <span className="min-w-0 flex-1 truncate">{t(screen.label)}</span>
                {screen.soon && (
                  <span className="shrink-0 rounded-full border border-white/10 px-2 py-0.5 text-[0.6875rem] font-semibold tracking-wide text-ink-400 uppercase">
                    {t('layout.soon')}
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
