import 'i18next';
import type adminAnalytics from '../../../locales/admin-analytics/en.json';

/** Typed keys for the vote analytics screen (useTranslation('admin-analytics')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-analytics': typeof adminAnalytics;
  }
}
