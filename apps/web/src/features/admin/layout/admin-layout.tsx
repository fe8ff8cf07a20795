import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MenuIcon, ShieldIcon } from '../../../components/ui/icons';
import { PageSpinner } from '../../../components/ui/spinner';
import { useToastPlacement } from '../../../components/ui/toast';
import {
  mustSetUpSecondFactor,
  SECOND_FACTOR_PATH,
  secondFactorStatusQuery,
} from '../../../lib/second-factor';
import { AdminDrawer } from './admin-drawer';
import { AdminNav } from './admin-nav';
import { findAdminScreen } from './admin-screens';

/**
 * The frame of every /admin screen (the admin spec): the sidebar of all screens on a wide screen, a
 * menu button opening the same links in a drawer on a phone, and the screen itself. Toasts move to the
 * top end while it is shown (the admin spec). Loaded lazily with the admin area: nothing of it reaches
 * the public pages' bundle. The route guard in front of it lets admins only.
 */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const current = findAdminScreen(pathname);
  useToastPlacement('top-end');
  // While the platform requires a second factor of admins, one without it sets it up first.
  const secondFactor = useQuery(secondFactorStatusQuery);
  if (mustSetUpSecondFactor(secondFactor.data)) return <Navigate to={SECOND_FACTOR_PATH} replace />;

  return (
    <div className="admin-text mx-auto flex w-full max-w-[90rem] lg:px-4">
      <aside className="hidden w-72 shrink-0 border-e border-white/10 lg:block">
        <div className="sticky top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto py-8 pe-4">
          <p className="mb-4 flex items-center gap-2 ps-3 text-sm font-semibold tracking-wide text-gold-300 uppercase">
            <ShieldIcon className="size-4" />
            {t('layout.title')}
          </p>
          <AdminNav />
        </div>
      </aside>

      <div className="min-w-0 flex-1">
        <div className="sticky top-16 z-30 flex items-center gap-3 border-b border-white/10 bg-ink-950/95 px-4 py-2 backdrop-blur sm:px-6 lg:hidden">
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            onClick={() => setMenuOpen(true)}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-white/15 bg-white/[0.06] px-4 text-sm font-semibold text-ink-50 hover:bg-white/[0.12]"
          >
            <MenuIcon className="size-5" />
            {t('layout.menu')}
          </button>
          {current && (
            <p className="min-w-0 truncate text-sm text-ink-300">
              <span className="sr-only">{t('layout.currentScreen')} </span>
              {t(current.label)}
            </p>
          )}
        </div>
        <div className="px-4 pt-8 pb-24 sm:px-6 lg:px-10 lg:pt-10">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </div>

      <AdminDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
    </div>
  );
}
