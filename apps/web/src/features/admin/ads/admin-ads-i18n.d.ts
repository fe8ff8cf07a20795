import 'i18next';
import type adminAds from '../../../locales/admin-ads/en.json';

/** Typed keys for the ad management screen (useTranslation('admin-ads')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-ads': typeof adminAds;
  }
}
