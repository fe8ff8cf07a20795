import { LANGUAGES } from '@ovation/shared/languages';
import { escapeMarkup } from '../../lib/escape-markup';
import { INDEXED_PAGES, pageAddress } from './service';

/**
 * Where crawlers must not go: the admin area, the API (but for the share pictures, which previews
 * fetch), and the pages of one's own account. /login and /register stay open: they are public pages.
 */
const DISALLOWED = ['/admin', '/api/', '/profile', '/dashboard', '/upload', '/auth/', '/reset-password'];
/** More specific than a Disallow above, so it wins (RFC 9309: the longest match). */
const ALLOWED = ['/', '/uploads/', '/api/share-image', '/api/songs/*/share-image'];

/** robots.txt: every public page open, private areas closed, and where the sitemap is. */
export function renderRobotsTxt(origin: string) {
  return [
    'User-agent: *',
    ...ALLOWED.map((path) => `Allow: ${path}`),
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One page of the sitemap: its negotiating address, and each language's own address as an alternate. */
function urlEntry(origin: string, path: string, lastModified?: Date) {
  const alternates = [
    ...LANGUAGES.map(({ code }) => [code, pageAddress(origin, path, code)] as const),
    ['x-default', pageAddress(origin, path)] as const,
  ].map(
    ([hreflang, href]) =>
      `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeMarkup(href)}"/>`,
  );
  return [
    '  <url>',
    `    <loc>${escapeMarkup(pageAddress(origin, path))}</loc>`,
    ...(lastModified ? [`    <lastmod>${lastModified.toISOString()}</lastmod>`] : []),
    ...alternates,
    '  </url>',
  ].join('\n');
}

/**
 * sitemap.xml: the home page, the lists, every category and every approved song, each with its address in
 * each language (hreflang) and the negotiating one (x-default). A sitemap holds 50,000 addresses; an
 * awards season's catalogue is a few thousand songs.
 */
export function renderSitemap(
  origin: string,
  entries: { songs: Array<{ id: string; updatedAt: Date }>; categoryIds: string[] },
) {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...INDEXED_PAGES.map((path) => urlEntry(origin, path)),
    ...entries.categoryIds.map((id) => urlEntry(origin, `/categories/${id}`)),
    ...entries.songs.map((song) => urlEntry(origin, `/songs/${song.id}`, song.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}
