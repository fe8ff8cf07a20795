import 'i18next';
import type adminJobs from '../../../locales/admin-jobs/en.json';

/** Typed keys for the scheduled jobs screen (useTranslation('admin-jobs')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-jobs': typeof adminJobs;
  }
}
