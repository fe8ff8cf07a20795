import 'i18next';
import type upload from '../../locales/upload/en.json';

/** Typed keys for the upload namespace: `useTranslation('upload')` checks `t('form.submit')` against en.json. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    upload: typeof upload;
  }
}
