import 'i18next';
import type adminBanners from '../../../locales/admin-banners/en.json';

/** Typed keys for the banner management screen (useTranslation('admin-banners')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-banners': typeof adminBanners;
  }
}
