import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, NOT_STORED, sendCachedAnswer, sendRepresentation } from './http-caching';
import type { ResponseCache } from './response-cache';

/*
 * The public pages' reads (songs, categories, banners, the platform's figures) share one answer per page
 * among everyone who sees the same page, from the response cache with its ready-made bytes and ETags.
 */

/**
 * Guests and fans all see the same public pages, so they may share one cached answer; artists see their
 * own pending songs and admins the vote totals, so theirs are made fresh for them.
 */
const sharesPublicPages = (request: FastifyRequest) => !request.viewer || request.viewer.role === 'fan';

/**
 * Answers a public page: guests' and fans' answers come from the response cache (lib/http-caching.ts
 * decides who may keep them); artists and admins are answered fresh, and no cache may keep that answer.
 * `revalidate`: every copy is checked with us first (a 304 when unchanged).
 */
export async function sendPublicPage(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  produce: () => Promise<unknown>,
  options?: { revalidate?: boolean },
) {
  if (!sharesPublicPages(request)) return reply.header('cache-control', NOT_STORED).send(await produce());
  const cached = cache.get(key, produce);
  return sendCachedAnswer(request, reply, cached instanceof Promise ? await cached : cached, options);
}

/**
 * A route's onRequest hook that answers a guest's or fan's request for a page already cached, fresh and in
 * the wanted encoding, before validation, the handler and their promises: on a show night this read is the
 * busiest of all, and should cost little more than sending the bytes. Only answers whose request passed
 * validation are ever cached, so a lookup by the raw parameters finds one of those or nothing; anything else
 * goes on to the route as usual.
 */
export function answerCachedPages(cache: ResponseCache, keyOf: (request: FastifyRequest) => string) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const answer = sharesPublicPages(request) ? cache.peek(keyOf(request)) : undefined;
    const representation = answer?.representation(chooseEncoding(request.headers['accept-encoding']));
    if (!representation || representation instanceof Promise) return done();
    sendRepresentation(request, reply, representation);
  };
}
