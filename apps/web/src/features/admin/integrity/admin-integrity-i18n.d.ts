import 'i18next';
import type adminIntegrity from '../../../locales/admin-integrity/en.json';

/** Typed keys for the vote integrity screen (useTranslation('admin-integrity')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-integrity': typeof adminIntegrity;
  }
}
