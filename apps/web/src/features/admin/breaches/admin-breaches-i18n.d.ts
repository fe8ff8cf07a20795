import 'i18next';
import type adminBreaches from '../../../locales/admin-breaches/en.json';

/** Typed keys for the breach register (useTranslation('admin-breaches')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-breaches': typeof adminBreaches;
  }
}
