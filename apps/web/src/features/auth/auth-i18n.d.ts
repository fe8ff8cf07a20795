import 'i18next';
import type auth from '../../locales/auth/en.json';

/** Typed keys for the auth namespace (useTranslation('auth')), checked against its English catalog. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    auth: typeof auth;
  }
}
