import 'i18next';
import type pwa from '../../locales/pwa/en.json';

/** The service worker's texts (the update prompt and the offline page), typed like the shell's keys. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    pwa: typeof pwa;
  }
}
