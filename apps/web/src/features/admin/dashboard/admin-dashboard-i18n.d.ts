import 'i18next';
import type adminDashboard from '../../../locales/admin-dashboard/en.json';

/** Typed keys for the admin dashboard (useTranslation('admin-dashboard')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-dashboard': typeof adminDashboard;
  }
}
