import 'i18next';
import type adminCategories from '../../../locales/admin-categories/en.json';

/** Typed keys for the category management screen (useTranslation('admin-categories')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-categories': typeof adminCategories;
  }
}
