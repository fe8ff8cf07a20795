import type { LanguageCode } from './languages';
import ar from './locales/ar.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import pt from './locales/pt.json';
import sw from './locales/sw.json';

/**
 * The texts the server speaks, in the five languages: API error messages (`errors.<CODE>`), field
 * validation messages (`validation.<key>`) and the HTML shell's title, description and share preview
 * (`meta.*`). The web app merges the very same files into its shell catalog, so each text exists once
 * per language. Server-side only: it bundles every language (the web app loads one at a time).
 */
export const MESSAGE_CATALOGS: Record<LanguageCode, typeof en> = { en, fr, pt, ar, sw };

export type MessageCatalog = typeof en;
