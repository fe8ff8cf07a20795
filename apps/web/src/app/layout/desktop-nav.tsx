import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { ChevronDownIcon } from '../../components/ui/icons';
import { useDisclosure } from '../../components/ui/use-disclosure';
import type { NavItem } from './nav-links';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `relative inline-flex min-h-11 items-center rounded-full px-3.5 text-[0.9375rem] font-medium transition-colors ${
    isActive ? 'bg-white/[0.08] text-gold-300' : 'text-ink-200 hover:bg-white/[0.06] hover:text-ink-50'
  }`;

function MoreMenu({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { open, close, containerRef, panelId, buttonProps } = useDisclosure<HTMLLIElement>();
  const containsActive = items.some((item) => pathname.startsWith(item.to));

  return (
    <li ref={containerRef} className="relative">
      <button
        {...buttonProps}
        className={`inline-flex min-h-11 items-center gap-1 rounded-full px-3.5 text-[0.9375rem] font-medium transition-colors hover:bg-white/[0.06] ${
          containsActive ? 'text-gold-300' : 'text-ink-200 hover:text-ink-50'
        }`}
      >
        {t('nav.more')}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <ul
          id={panelId}
          className="absolute start-0 top-full z-50 mt-2 w-60 animate-rise rounded-2xl border border-white/10 bg-ink-900/98 p-1.5 shadow-2xl shadow-black/50 backdrop-blur"
        >
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                onClick={() => close()}
                className={({ isActive }) =>
                  `flex min-h-11 items-center rounded-xl px-3 transition-colors hover:bg-white/[0.08] ${
                    isActive ? 'text-gold-300' : 'text-ink-100'
                  }`
                }
              >
                {t(item.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The wide-screen link row: the first links, then "More". */
export function DesktopNav({ visible, more }: { visible: NavItem[]; more: NavItem[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.mainNavigation')} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {visible.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={linkClass}>
              {t(item.label)}
            </NavLink>
          </li>
        ))}
        {more.length > 0 && <MoreMenu items={more} />}
      </ul>
    </nav>
  );
}
