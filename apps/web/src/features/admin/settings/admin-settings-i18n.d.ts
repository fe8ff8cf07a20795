import 'i18next';
import type adminSettings from '../../../locales/admin-settings/en.json';

/** Typed keys for the platform settings screen (useTranslation('admin-settings')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-settings': typeof adminSettings;
  }
}
