import { createHash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { LANGUAGES, type LanguageCode } from '@ovation/shared/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { varyByLanguage, visitorLanguage } from './language';
import { translate } from './translate';

/** Open Graph wants a territory with the language; the one each of our languages is most read in. */
const OPEN_GRAPH_LOCALES: Record<LanguageCode, string> = {
  en: 'en_GB',
  fr: 'fr_FR',
  pt: 'pt_PT',
  ar: 'ar_AR',
  sw: 'sw_KE',
};

function escapeAttribute(text: string) {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** Replaces the `<meta name|property="key">` tag (wherever its attributes wrap), or adds it to the head. */
function setMeta(html: string, attribute: 'name' | 'property', key: string, content: string) {
  const tag = `<meta ${attribute}="${key}" content="${escapeAttribute(content)}" />`;
  const existing = new RegExp(`<meta\\b[^>]*\\b${attribute}="${key.replaceAll('.', '\\.')}"[^>]*>`, 'i');
  return existing.test(html)
    ? html.replace(existing, () => tag)
    : html.replace('</head>', () => `  ${tag}\n  </head>`);
}

/**
 * The built index.html in one language: `lang` and `dir` on the root, the title, the description and the
 * share preview (Open Graph and Twitter, og:locale with the other four as alternates), texts from the
 * shared catalogs. The page has no per-song tags (song pages render in the browser), so a shared song link
 * previews with these generic texts, now in the sharer's language.
 */
export function renderHtmlShell(
  template: string,
  language: LanguageCode,
  adLocations: readonly string[] = [],
): string {
  const text = (key: string) => translate(language, key) ?? '';
  const title = text('meta.defaultTitle');
  const direction = LANGUAGES.find((entry) => entry.code === language)?.direction ?? 'ltr';
  // data-served-language tells the web app which language the server chose, so its first render agrees.
  let html = template.replace(
    /<html\b[^>]*>/i,
    () => `<html lang="${language}" dir="${direction}" data-served-language="${language}">`,
  );
  const titleTag = `<title>${escapeAttribute(title)}</title>`;
  html = /<title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => titleTag)
    : html.replace('</head>', () => `  ${titleTag}\n  </head>`);
  html = setMeta(html, 'name', 'description', text('meta.description'));
  html = setMeta(html, 'property', 'og:title', title);
  html = setMeta(html, 'property', 'og:description', text('meta.shareDescription'));
  html = setMeta(html, 'property', 'og:locale', OPEN_GRAPH_LOCALES[language]);
  html = html.replace(/\s*<meta\b[^>]*\bproperty="og:locale:alternate"[^>]*>/gi, '');
  const alternates = LANGUAGES.filter((entry) => entry.code !== language)
    .map((entry) => `<meta property="og:locale:alternate" content="${OPEN_GRAPH_LOCALES[entry.code]}" />`)
    .join('\n    ');
  html = html.replace(/(<meta property="og:locale" [^>]*>)/, (tag) => `${tag}\n    ${alternates}`);
  html = setMeta(html, 'name', 'twitter:title', title);
  html = setMeta(html, 'name', 'twitter:description', text('meta.shareDescription'));
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

/**
 * Serves the web app's one HTML page in the visitor's language (their saved choice, else Accept-Language),
 * so the first paint, the page's language for assistive technology and a shared link's preview are right
 * before any script runs. index.html changes only with a build, so each language is rendered once and kept
 * until the file changes.
 */
export function createHtmlShell(
  indexHtmlPath: string,
  adLocations: () => Promise<readonly string[]> = async () => [],
) {
  let template: string | undefined;
  let templateVersion = 0;
  // By language and the ad locations of the moment: a handful of variants, each compressed once.
  const rendered = new Map<string, RenderedShell>();

  function shellFor(language: LanguageCode, locations: readonly string[]): RenderedShell {
    // One stat a request (what sending the file did): a build under a running server is picked up at once.
    const version = fs.statSync(indexHtmlPath).mtimeMs;
    if (version !== templateVersion) {
      template = undefined;
      templateVersion = version;
      rendered.clear();
    }
    const key = `${language}|${locations.join(',')}`;
    let shell = rendered.get(key);
    if (!shell) {
      template ??= fs.readFileSync(indexHtmlPath, 'utf8');
      const html = renderHtmlShell(template, language, locations);
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
    const language = visitorLanguage(request.headers);
    const shell = shellFor(language, await adLocations().catch(() => []));
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
