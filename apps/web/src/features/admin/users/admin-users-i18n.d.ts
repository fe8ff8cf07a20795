import 'i18next';
import type adminUsers from '../../../locales/admin-users/en.json';

/** Typed keys for the user management screen (useTranslation('admin-users')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-users': typeof adminUsers;
  }
}
