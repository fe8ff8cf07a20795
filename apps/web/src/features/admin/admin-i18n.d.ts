import 'i18next';
import type admin from '../../locales/admin/en.json';

/** Typed keys for the admin namespace (useTranslation('admin')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    admin: typeof admin;
  }
}
