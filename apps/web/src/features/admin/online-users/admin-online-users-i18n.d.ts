import 'i18next';
import type adminOnlineUsers from '../../../locales/admin-online-users/en.json';

/** Typed keys for the online users screen (useTranslation('admin-online-users')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-online-users': typeof adminOnlineUsers;
  }
}
