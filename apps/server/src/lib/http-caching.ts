import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type CachedAnswer,
  type ContentEncoding,
  type Representation,
  SHARED_TTL_SECONDS,
} from './response-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'shared': the route's 200 answer is the same for every guest, so a CDN may keep it (SHARED_PUBLIC,
     * with a validator hashed from each answer in `registerHttpCaching`). Routes answering from the response
     * cache call `sendCachedAnswer` instead; every other answer under /api is `NOT_STORED`.
     */
    caching?: 'shared';
  }
}

/** What every answer under /api that chose nothing says: no browser or shared cache keeps it. */
export const NOT_STORED = 'private, no-store';

/** Files whose name changes with their content (build assets, uploads): kept a year, never revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * The site's icons keep their names across deploys (browsers and home screens ask for /favicon.svg and
 * /icons/*), so they cannot be immutable; they change about never, so a day without asking, then a week of
 * serving the old one while fetching the new, spares a phone the round trip on every page.
 */
export const SITE_ICON_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * A CDN in front that cannot reach us keeps serving its last copy of a public page for a minute
 * rather than an error: long enough to ride out an instance restarting, short enough not to hide an outage.
 */
const STALE_IF_ERROR_SECONDS = 60;
/**
 * Past s-maxage a shared cache may serve its copy for 10 s more while it fetches the next: a burst at the
 * moment a popular page expires reaches the servers once, not once per waiting visitor. A page nobody
 * asked for in a while is at most 15 s old once.
 */
const STALE_WHILE_REVALIDATE_SECONDS = 10;

/**
 * A public answer for a request without credentials. Browsers ask again each time (max-age=0, answered 304
 * while it has not changed), so an admin's change shows on a visitor's next page load; the app takes the
 * page's own preload of it once, from the browser's cache (lib/api-client.ts). Shared caches keep it as long as
 * the server's own response cache keeps it in Redis. An admin's change is live on every instance at once,
 * and in front of them within s-maxage (plus stale-while-revalidate for the first visitor of a page nobody
 * asked for meanwhile).
 */
export const SHARED_PUBLIC = [
  'public',
  'max-age=0',
  `s-maxage=${SHARED_TTL_SECONDS}`,
  `stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`,
  `stale-if-error=${STALE_IF_ERROR_SECONDS}`,
].join(', ');

/**
 * A public answer every copy must check with us before use (a song page: asking is what counts its view).
 * A CDN still saves the bytes: it revalidates with If-None-Match and relays our 304.
 */
export const SHARED_REVALIDATED = 'public, no-cache';

/**
 * The same public answer to a request that carries credentials (a signed-in fan; a token that expired):
 * the browser may keep it and revalidate, no shared cache may. RFC 9111 (3.5) lets a shared cache store
 * and reuse a `public` answer for requests with Authorization, so such a request's answer is never made
 * public: a CDN holds only answers to requests without credentials.
 */
const PRIVATE_REVALIDATED = 'private, no-cache';

/**
 * Public answers vary with the encoding and with Authorization: a cache that honours Vary never hands its
 * guest copy to a signed-in admin or artist (whose answers, fresh and never stored, carry totals or their
 * own pending songs). A CDN that ignores Vary must be told to pass requests with Authorization through
 * (docs/scaling.md); if it does not, such a viewer sees the guest page, never the other way round, since
 * no answer to a credentialed request is ever storable by a shared cache.
 */
const SHARED_VARY = 'Accept-Encoding, Authorization';

/** Browsers send a handful of distinct Accept-Encoding values; anything beyond is parsed each time. */
const MAX_REMEMBERED_ENCODINGS = 64;
const chosenEncodings = new Map<string, ContentEncoding | undefined>();

/** The encoding to answer in: brotli, else gzip, else none (a `;q=0` refuses one). */
export function chooseEncoding(header: string | string[] | undefined): ContentEncoding | undefined {
  if (!header) return undefined;
  const value = String(header);
  if (chosenEncodings.has(value)) return chosenEncodings.get(value);
  const accepted = new Set(
    value
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  const chosen = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
  if (chosenEncodings.size < MAX_REMEMBERED_ENCODINGS) chosenEncodings.set(value, chosen);
  return chosen;
}

/** If-None-Match against our validator, by weak comparison (RFC 9110 13.1.2): `*`, W/ prefixes, lists. */
export function matchesValidator(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = String(header);
  if (value === etag) return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return value.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === opaque;
  });
}

/** SHARED_VARY added to what is there already (CORS varies by Origin). */
function varyForSharing(reply: FastifyReply): string {
  const existing = reply.getHeader('vary');
  if (existing === undefined) return SHARED_VARY;
  const names = new Map<string, string>();
  for (const name of `${String(existing)},${SHARED_VARY}`.split(',')) {
    const trimmed = name.trim();
    if (trimmed && !names.has(trimmed.toLowerCase())) names.set(trimmed.toLowerCase(), trimmed);
  }
  return [...names.values()].join(', ');
}

function setCachingHeaders(request: FastifyRequest, reply: FastifyReply, etag: string, revalidate: boolean) {
  const credentialed = request.headers.authorization !== undefined;
  const cacheControl = credentialed ? PRIVATE_REVALIDATED : revalidate ? SHARED_REVALIDATED : SHARED_PUBLIC;
  reply.header('cache-control', cacheControl).header('vary', varyForSharing(reply)).header('etag', etag);
}

/**
 * Sends one form of a cached public answer, bytes and ETag as they were made for the cache entry, or 304
 * without a body when the client already holds them. `revalidate`: every copy must ask us first
 * (SHARED_REVALIDATED).
 */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  options: { revalidate?: boolean } = {},
) {
  setCachingHeaders(request, reply, representation.etag, options.revalidate ?? false);
  if (matchesValidator(request.headers['if-none-match'], representation.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  // Set here, @fastify/compress leaves the bytes alone.
  if (representation.encoding) reply.header('content-encoding', representation.encoding);
  return reply.send(representation.body);
}

/** Sends a cached public answer in the encoding the client accepts (see sendRepresentation). */
export async function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  options: { revalidate?: boolean } = {},
) {
  const pending = answer.representation(chooseEncoding(request.headers['accept-encoding']));
  return sendRepresentation(request, reply, pending instanceof Promise ? await pending : pending, options);
}

const isApiAddress = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');

/**
 * The caching decision of every answer under /api, in one onSend hook, so a new route is safe by default:
 * - a route that set its own Cache-Control keeps it (the response cache's answers, no-store ones);
 * - a 200 of a `caching: 'shared'` route gets the public headers and a weak ETag hashed from the serialised
 *   body (weak: @fastify/compress may still encode it), and a 304 when the client holds it;
 * - every failure (unless it already says no-store), and every other answer, is NOT_STORED: errors and
 *   personal answers never reach a shared cache, whatever the route set before it failed.
 */
export function registerHttpCaching(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isApiAddress(request.url)) return done(null, payload);
    const status = reply.statusCode;
    if (status >= 400) {
      reply.removeHeader('etag');
      if (!String(reply.getHeader('cache-control') ?? '').includes('no-store'))
        reply.header('cache-control', NOT_STORED);
    } else if (!reply.hasHeader('cache-control')) {
      if (status === 200 && request.routeOptions.config.caching === 'shared' && typeof payload === 'string') {
        const etag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
        setCachingHeaders(request, reply, etag, false);
        if (matchesValidator(request.headers['if-none-match'], etag)) {
          reply.code(304);
          return done(null, null);
        }
      } else {
        reply.header('cache-control', NOT_STORED);
      }
    }
    done(null, payload);
  });
}
