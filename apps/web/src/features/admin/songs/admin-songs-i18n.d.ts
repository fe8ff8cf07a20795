import 'i18next';
import type adminSongs from '../../../locales/admin-songs/en.json';

/** Typed keys for the song moderation screen (useTranslation('admin-songs')). */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'admin-songs': typeof adminSongs;
  }
}
