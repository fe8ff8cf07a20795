import 'i18next';
import type dashboard from '../../locales/dashboard/en.json';

/** Typed keys for the dashboard namespace: `useTranslation('dashboard')` checks keys against en.json. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    dashboard: typeof dashboard;
  }
}
