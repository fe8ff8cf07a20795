import { useTranslation } from 'react-i18next';
import { PageHeader } from '../layout/page-header';

/** Placeholder while the screen is being built (issue 12). */
export default function SettingsPage() {
  const { t } = useTranslation('admin');
  return <PageHeader title={t('nav.settings')} />;
}
