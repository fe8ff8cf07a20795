import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findAdminScreen } from '../layout/admin-screens';
import { PageHeader } from '../layout/page-header';
import { PlaceholderScreen } from '../layout/placeholder-screen';

/**
 * Every /admin path without a route of its own. A screen marked `soon` in layout/admin-screens.ts
 * (analytics, images, social login, banners, ads, ad analytics, online users, settings) shows its title
 * and 'Coming in a later release'; any other path is not found, inside the admin frame. When a screen is
 * built, give it its own folder and route (app/router.tsx) and set `soon: false`.
 */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const screen = findAdminScreen(pathname);
  if (screen?.soon) return <PlaceholderScreen path={screen.path} />;
  return <PageHeader title={t('notFound.title')} description={t('notFound.description')} back />;
}
