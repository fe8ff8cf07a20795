import 'i18next';
import type adminBulkUpload from '../../../locales/admin-bulk-upload/en.json';

/** Typed keys for the bulk upload modal (useTranslation('admin-bulk-upload')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-bulk-upload': typeof adminBulkUpload;
  }
}
