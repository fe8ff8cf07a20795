import 'i18next';
import type adminSocialLogin from '../../../locales/admin-social-login/en.json';

/** Typed keys for the social login settings screen (useTranslation('admin-social-login')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-social-login': typeof adminSocialLogin;
  }
}
