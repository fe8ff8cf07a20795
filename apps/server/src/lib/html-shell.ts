import { createHash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { LANGUAGES, type LanguageCode } from '@ovation/shared/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { escapeMarkup } from './escape-markup';
import { languageFromQuery, varyByLanguage, visitorLanguage } from './language';
import { translate } from './translate';

/** Open Graph wants a territory with the language; the one each of our languages is most read in. */
const OPEN_GRAPH_LOCALES: Record<LanguageCode, string> = {
  en: 'en_GB',
  fr: 'fr_FR',
  pt: 'pt_PT',
  ar: 'ar_AR',
  sw: 'sw_KE',
};

/** Replaces the `<meta name|property="key">` tag (wherever its attributes wrap), or adds it to the head. */
function setMeta(html: string, attribute: 'name' | 'property', key: string, content: string) {
  const tag = `<meta ${attribute}="${key}" content="${escapeMarkup(content)}" />`;
  const existing = new RegExp(`<meta\\b[^>]*\\b${attribute}="${key.replaceAll('.', '\\.')}"[^>]*>`, 'i');
  return existing.test(html)
    ? html.replace(existing, () => tag)
    : html.replace('</head>', () => `  ${tag}\n  </head>`);
}

/** What a crawler reads of one page: its title, summary, picture and addresses, in one language. */
export interface PageTags {
  title: string;
  description: string;
  /** What a share preview says, when shorter than the description (og:description, twitter:description). */
  shareDescription?: string;
  /** The page's absolute address in this language: og:url and the canonical link. */
  url: string;
  type: 'website' | 'music.song';
  /** What the page's address names and the tags describe, when it exists and is public. */
  describes?: 'song' | 'category';
  image: { url: string; width: number; height: number; alt: string };
  /** The same page in each language (hreflang code or x-default) at an absolute address. */
  alternates: ReadonlyArray<{ hreflang: string; href: string }>;
}

/** Replaces every `<link rel="rel">` of the head with `tags` (none when empty). */
function setLinks(html: string, rel: string, tags: string[]) {
  const cleared = html.replace(new RegExp(`\\s*<link\\b[^>]*\\brel="${rel}"[^>]*>`, 'gi'), '');
  return tags.length === 0
    ? cleared
    : cleared.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
}

/** The page's own tags: title, summary, picture, address and its other languages. */
function applyPageTags(html: string, page: PageTags) {
  let tagged = setMeta(html, 'property', 'og:type', page.type);
  tagged = setMeta(tagged, 'property', 'og:url', page.url);
  tagged = setMeta(tagged, 'property', 'og:image', page.image.url);
  tagged = setMeta(tagged, 'property', 'og:image:width', String(page.image.width));
  tagged = setMeta(tagged, 'property', 'og:image:height', String(page.image.height));
  tagged = setMeta(tagged, 'property', 'og:image:alt', page.image.alt);
  tagged = setMeta(tagged, 'name', 'twitter:card', 'summary_large_image');
  tagged = setMeta(tagged, 'name', 'twitter:image', page.image.url);
  tagged = setMeta(tagged, 'name', 'twitter:image:alt', page.image.alt);
  tagged = setLinks(tagged, 'canonical', [`<link rel="canonical" href="${escapeMarkup(page.url)}" />`]);
  return setLinks(
    tagged,
    'alternate',
    page.alternates.map(
      ({ hreflang, href }) =>
        `<link rel="alternate" hreflang="${escapeMarkup(hreflang)}" href="${escapeMarkup(href)}" />`,
    ),
  );
}

/**
 * The built index.html in one language: `lang` and `dir` on the root, the title, the description and the
 * share preview (Open Graph and Twitter, og:locale with the other four as alternates), texts from the
 * shared catalogs. With `page`, the page's own title, summary, picture and addresses replace the generic
 * ones, so a shared song link previews with its song; every text is escaped, as song titles are anyone's.
 */
export function renderHtmlShell(
  template: string,
  language: LanguageCode,
  adLocations: readonly string[] = [],
  page?: PageTags,
): string {
  const text = (key: string) => translate(language, key) ?? '';
  const title = page?.title ?? text('meta.defaultTitle');
  const shareDescription = page ? (page.shareDescription ?? page.description) : text('meta.shareDescription');
  const direction = LANGUAGES.find((entry) => entry.code === language)?.direction ?? 'ltr';
  // data-served-language tells the web app which language the server chose, so its first render agrees.
  let html = template.replace(
    /<html\b[^>]*>/i,
    () => `<html lang="${language}" dir="${direction}" data-served-language="${language}">`,
  );
  const titleTag = `<title>${escapeMarkup(title)}</title>`;
  html = /<title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => titleTag)
    : html.replace('</head>', () => `  ${titleTag}\n  </head>`);
  html = setMeta(html, 'name', 'description', page?.description ?? text('meta.description'));
  html = setMeta(html, 'property', 'og:title', title);
  html = setMeta(html, 'property', 'og:description', shareDescription);
  html = setMeta(html, 'property', 'og:locale', OPEN_GRAPH_LOCALES[language]);
  html = html.replace(/\s*<meta\b[^>]*\bproperty="og:locale:alternate"[^>]*>/gi, '');
  const alternates = LANGUAGES.filter((entry) => entry.code !== language)
    .map((entry) => `<meta property="og:locale:alternate" content="${OPEN_GRAPH_LOCALES[entry.code]}" />`)
    .join('\n    ');
  html = html.replace(/(<meta property="og:locale" [^>]*>)/, (tag) => `${tag}\n    ${alternates}`);
  html = setMeta(html, 'name', 'twitter:title', title);
  html = setMeta(html, 'name', 'twitter:description', shareDescription);
  if (page) html = applyPageTags(html, page);
  // Where an ad can be served now: the first paint keeps those slots' boxes, so nothing shifts when the
  // ads arrive (components/ads/ad-page.tsx reads it).
  html = setMeta(html, 'name', 'ovation-ad-locations', adLocations.join(','));
  return html;
}

interface RenderedShell {
  html: string;
  etag: string;
  /** Compressed once with the page: the 404 handler is outside @fastify/compress's routes. */
  brotli: Buffer;
  gzip: Buffer;
}

/** The encoding to answer in: brotli, else gzip, else none (a `;q=0` refuses one). */
function chooseEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export interface HtmlShellOptions {
  /** Where an ad can be served now (ads runtime). */
  adLocations?: () => Promise<readonly string[]>;
  /**
   * Extra tags for this request's page (preload hints, say), inserted just before `</head>`. The result is
   * part of the cache key, so it may differ by page and language.
   */
  headExtras?: (
    request: FastifyRequest,
    language: LanguageCode,
    page: PageTags | undefined,
  ) => Promise<string> | string;
  /** The page's own share and search tags (a song's title and picture), or undefined for the generic ones. */
  pageTags?: (request: FastifyRequest, language: LanguageCode) => Promise<PageTags | undefined>;
}

/**
 * Rendered pages kept: every song and category page in five languages would be thousands; the pages being
 * shared right now are a few dozen, and one missed costs a render and its compression (about 10 ms).
 */
const MAX_RENDERED_PAGES = 500;

/** Runs an optional per-page step; a failure serves the page without what it adds. */
async function optional<T>(
  step: (() => Promise<T | undefined> | T | undefined) | undefined,
  fallback: T,
): Promise<T> {
  try {
    return (await step?.()) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * Serves the web app's one HTML page in the visitor's language (`?lang=`, else their saved choice, else
 * Accept-Language), with the page's own share tags, so the first paint, the page's language for assistive
 * technology and a shared link's preview are right before any script runs. Each variant (language, page
 * tags, ad locations, extra head tags) is rendered and compressed once and kept in a bounded cache keyed by
 * what it is made of, so a song's new title makes a new variant; index.html changing clears them all.
 */
export function createHtmlShell(indexHtmlPath: string, options: HtmlShellOptions = {}) {
  let template: string | undefined;
  let templateVersion = 0;
  const rendered = new LRUCache<string, RenderedShell>({ max: MAX_RENDERED_PAGES });

  function shellFor(
    language: LanguageCode,
    locations: readonly string[],
    page: PageTags | undefined,
    extras: string,
  ): RenderedShell {
    // One stat a request (what sending the file did): a build under a running server is picked up at once.
    const version = fs.statSync(indexHtmlPath).mtimeMs;
    if (version !== templateVersion) {
      template = undefined;
      templateVersion = version;
      rendered.clear();
    }
    const key = JSON.stringify([language, locations, page ?? null, extras]);
    let shell = rendered.get(key);
    if (!shell) {
      template ??= fs.readFileSync(indexHtmlPath, 'utf8');
      let html = renderHtmlShell(template, language, locations, page);
      if (extras) html = html.replace('</head>', () => `${extras}\n  </head>`);
      shell = {
        html,
        etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
        brotli: zlib.brotliCompressSync(html),
        gzip: zlib.gzipSync(html),
      };
      rendered.set(key, shell);
    }
    return shell;
  }

  return async function serveHtmlShell(request: FastifyRequest, reply: FastifyReply) {
    const language = languageFromQuery(request.url) ?? visitorLanguage(request.headers);
    const [locations, page] = await Promise.all([
      optional(options.adLocations, [] as readonly string[]),
      optional(() => options.pageTags?.(request, language), undefined),
    ]);
    // After the page's tags (cached reads): a song or category that does not exist gets no hint of its read.
    // Hints are an optimisation: a failure serves the page without them.
    const extras = await optional(() => options.headExtras?.(request, language, page), '');
    const shell = shellFor(language, locations, page, extras);
    varyByLanguage(reply, 'Accept-Encoding');
    reply
      .header('cache-control', 'no-cache')
      .header('content-language', language)
      .header('etag', shell.etag)
      .type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === shell.etag) return reply.status(304).send();
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(shell.html);
    return reply.header('content-encoding', encoding).send(encoding === 'br' ? shell.brotli : shell.gzip);
  };
}
