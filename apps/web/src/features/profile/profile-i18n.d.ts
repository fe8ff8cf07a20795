import 'i18next';
import type profile from '../../locales/profile/en.json';

/** Typed keys for the profile namespace (useTranslation('profile')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    profile: typeof profile;
  }
}
