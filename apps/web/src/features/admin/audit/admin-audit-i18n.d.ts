import 'i18next';
import type adminAudit from '../../../locales/admin-audit/en.json';

/** Typed keys for the audit log screen (useTranslation('admin-audit')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-audit': typeof adminAudit;
  }
}
