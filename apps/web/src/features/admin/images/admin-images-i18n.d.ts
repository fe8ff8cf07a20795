import 'i18next';
import type adminImages from '../../../locales/admin-images/en.json';

/** Typed keys for the image library screen (useTranslation('admin-images')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-images': typeof adminImages;
  }
}
