import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { SCREEN_ICONS } from './admin-icons';
import { ADMIN_SCREENS, type AdminScreenPath } from './admin-screens';
import { PageHeader } from './page-header';

/**
 * What a screen shows until it is built: its title in the header and a notice. `soon` screens say they
 * come in a later release; the others that they are being built now.
 */
export function PlaceholderScreen({ path, title }: { path: AdminScreenPath; title?: string }) {
  const { t } = useTranslation('admin');
  const screen = ADMIN_SCREENS.find((candidate) => candidate.path === path) ?? ADMIN_SCREENS[0];
  const Icon = SCREEN_ICONS[screen.path];
  return (
    <>
      <PageHeader title={title ?? t(screen.label)} back={screen.path === '' ? undefined : true} />
      <EmptyState
        icon={<Icon />}
        title={screen.soon ? t('layout.comingSoonTitle') : t('layout.buildingTitle')}
        description={screen.soon ? t('layout.comingSoonText') : t('layout.buildingText')}
      />
    </>
  );
}
