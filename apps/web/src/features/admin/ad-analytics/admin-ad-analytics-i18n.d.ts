import 'i18next';
import type adminAdAnalytics from '../../../locales/admin-ad-analytics/en.json';

/** Typed keys for the ad and traffic analytics screen (useTranslation('admin-ad-analytics')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-ad-analytics': typeof adminAdAnalytics;
  }
}
