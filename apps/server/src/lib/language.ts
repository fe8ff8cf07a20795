import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type LanguageCode,
} from '@ovation/shared/languages';
import type { MessageCatalog } from '@ovation/shared/message-catalogs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from './translate';

/** Ranges longer than this are not language tags; a header with more entries is cut (no quadratic work). */
const MAX_RANGE_LENGTH = 35;
const MAX_RANGES = 32;

interface LanguageRange {
  tag: string;
  quality: number;
  position: number;
}

function parseAcceptLanguage(header: string): LanguageRange[] {
  const ranges: LanguageRange[] = [];
  for (const [position, part] of header.split(',').slice(0, MAX_RANGES).entries()) {
    const [rawTag, ...parameters] = part.split(';');
    const tag = rawTag?.trim().toLowerCase() ?? '';
    if (!tag || tag.length > MAX_RANGE_LENGTH) continue;
    let quality = 1;
    for (const parameter of parameters) {
      const [name, value] = parameter.split('=').map((piece) => piece.trim());
      if (name?.toLowerCase() !== 'q') continue;
      // RFC 9110 section 12.4.2: a weight is 0 to 1 with at most three decimals; anything else is ignored.
      quality =
        value !== undefined && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : Number.NaN;
    }
    if (!Number.isNaN(quality)) ranges.push({ tag, quality, position });
  }
  return ranges;
}

/**
 * The supported language an `Accept-Language` header prefers (RFC 9110 section 12.5.4 with RFC 4647 basic
 * filtering, a regional range counting for its language): the highest weight wins, `fr-CA` or `fr`
 * matches French, `*` matches any language the header does not name, `fr;q=0` rules French out, and ties
 * go to the range listed first.
 * Undefined when the header names none of ours.
 */
export function negotiateLanguage(header: string | undefined): LanguageCode | undefined {
  if (!header) return undefined;
  const ranges = parseAcceptLanguage(header);
  const wildcard = ranges.find((range) => range.tag === '*');
  let best: { code: LanguageCode; quality: number; position: number } | undefined;
  for (const { code } of LANGUAGES) {
    const exact = ranges.find((range) => range.tag === code);
    if (exact?.quality === 0) continue;
    // A regional range ('fr-CA', 'pt-BR') counts for the language: browsers often send nothing else.
    const named = ranges
      .filter((range) => range === exact || range.tag.startsWith(`${code}-`))
      .sort((a, b) => b.quality - a.quality || a.position - b.position)[0];
    const chosen = named ?? wildcard;
    if (!chosen || chosen.quality <= 0) continue;
    const position = chosen === wildcard ? Number.MAX_SAFE_INTEGER : chosen.position;
    if (
      !best ||
      chosen.quality > best.quality ||
      (chosen.quality === best.quality && position < best.position)
    ) {
      best = { code, quality: chosen.quality, position };
    }
  }
  return best?.code;
}

/** The language cookie's value, when it names one of ours. */
export function languageFromCookie(header: string | undefined): LanguageCode | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== LANGUAGE_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    if (isLanguageCode(value)) return value;
  }
  return undefined;
}

/**
 * The language a page's address names (`?lang=fr`): each language of a page has its own address, which
 * search engines index (the sitemap's hreflang alternates) and a link can be shared in.
 */
export function languageFromQuery(url: string): LanguageCode | undefined {
  const query = url.indexOf('?');
  if (query === -1) return undefined;
  const value = new URLSearchParams(url.slice(query + 1)).get('lang');
  return isLanguageCode(value) ? value : undefined;
}

/** The visitor's language from the request alone: their saved choice (cookie), else `Accept-Language`. */
export function visitorLanguage(headers: FastifyRequest['headers']): LanguageCode {
  return (
    languageFromCookie(headers.cookie) ??
    negotiateLanguage(
      Array.isArray(headers['accept-language'])
        ? headers['accept-language'].join(',')
        : headers['accept-language'],
    ) ??
    DEFAULT_LANGUAGE
  );
}

/** The language to answer in: a signed-in user's saved profile language, else the visitor's. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers' | 'viewer'>): LanguageCode {
  const saved = request.viewer?.language;
  return isLanguageCode(saved) ? saved : visitorLanguage(request.headers);
}

/** Adds `Accept-Language` and `Cookie` to the answer's `Vary` (keeping what CORS or compression put there). */
export function varyByLanguage(reply: FastifyReply, ...more: string[]) {
  const names = new Map<string, string>();
  for (const name of [
    ...String(reply.getHeader('vary') ?? '').split(','),
    'Accept-Language',
    'Cookie',
    ...more,
  ]) {
    const trimmed = name.trim();
    if (trimmed && !names.has(trimmed.toLowerCase())) names.set(trimmed.toLowerCase(), trimmed);
  }
  reply.header('vary', [...names.values()].join(', '));
}

type SuccessEntry = keyof MessageCatalog['success'];

/**
 * The key of a success message in the shared catalogs (`success.<key>`); a plural family
 * (`songsApproved_one`, `songsApproved_other`) goes by its base name and takes a `count`.
 */
export type SuccessKey = SuccessEntry extends infer Entry
  ? Entry extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
    ? Base
    : Entry
  : never;

/**
 * A success message from the shared catalogs, in the answer's language: every sentence a successful call
 * answers comes from here, never from English written in a route or service. `parameters` fill the
 * text's {{placeholders}}; a numeric `count` picks a plural family's form.
 */
export function successMessage(
  request: FastifyRequest,
  reply: FastifyReply,
  key: SuccessKey,
  parameters?: Record<string, string | number>,
): string {
  varyByLanguage(reply);
  return translate(requestLanguage(request), `success.${key}`, parameters) ?? key;
}

/** A calendar date written out in the answer's language ('27 December 2026'), read in UTC. */
export function longDate(request: Pick<FastifyRequest, 'headers' | 'viewer'>, date: Date): string {
  return new Intl.DateTimeFormat(requestLanguage(request), { dateStyle: 'long', timeZone: 'UTC' }).format(
    date,
  );
}
