import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode, LanguageCode } from '@ovation/shared';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import {
  answerClientError,
  answerFrameworkError,
  errorMessage,
  MAX_URL_LENGTH,
  sendFailure,
} from './error-handler';
import { requestLanguage, visitorLanguage } from './language';

/** 16 KiB, Node's default, said out loud: room for cookies and a bearer token, not for abuse. */
const MAX_HEADER_BYTES = 16 * 1024;
/** Node checks header and request deadlines on a timer; at most this late (or a quarter of the limit). */
const DEADLINE_CHECK_MS = 1000;

type Timeouts = Config['timeouts'];

/**
 * The HTTP server's limits as Fastify options (README "Slow clients and timeouts"): how long the headers
 * and the whole request may take to arrive, how long an idle keep-alive or silent connection is kept, and
 * every answer Node's parser or Fastify's router gives on its own turned into our envelope.
 */
export function httpServerOptions(timeouts: Timeouts): Partial<FastifyHttpOptions<Server>> {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.max(
        10,
        Math.min(DEADLINE_CHECK_MS, Math.floor(timeouts.headersMs / 4)),
      ),
      maxHeaderSize: MAX_HEADER_BYTES,
      // Node answers a missing Host with a bare 400 of its own; the onRequest check below answers it instead.
      requireHostHeader: false,
    },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // Fastify's own 503 while closing has its own body; the preClose/onRequest pair below answers instead.
    return503OnClosing: false,
  };
}

interface WatchedBody {
  request: IncomingMessage;
  socket: Socket;
  reply: FastifyReply;
  since: number;
  bytesAtStart: number;
}

/**
 * Closes a request whose body arrives slower than `bodyMinRate` bytes a second, averaged from the end of its
 * headers once `bodyMinRateGraceMs` have passed (Apache's mod_reqtimeout `MinRate` idea). A body trickled a
 * byte at a time, or a client that stops sending, is answered 408 and closed within the grace period plus
 * a check; a 5 MB cover from a phone on slow 3G (~50 KB/s) is 50 times faster than the floor. Time the app
 * itself spends not reading (the body buffered and waiting) is not held against the client.
 */
function guardAgainstSlowBodies(app: FastifyInstance, timeouts: Timeouts) {
  if (timeouts.bodyMinRate <= 0) return;
  const watched = new Set<WatchedBody>();
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (!raw.complete && raw.socket) {
      watched.add({
        request: raw,
        socket: raw.socket,
        reply,
        since: Date.now(),
        bytesAtStart: raw.socket.bytesRead,
      });
    }
    done();
  });
  const check = () => {
    const now = Date.now();
    for (const body of watched) {
      const { request, socket } = body;
      if (request.complete || socket.destroyed) {
        watched.delete(body);
        continue;
      }
      if (request.readableLength >= request.readableHighWaterMark) {
        // The app has not read what already arrived: the client is waiting on us, not the other way round.
        body.since = now;
        body.bytesAtStart = socket.bytesRead;
        continue;
      }
      const elapsed = now - body.since;
      if (elapsed < timeouts.bodyMinRateGraceMs) continue;
      const rate = ((socket.bytesRead - body.bytesAtStart) * 1000) / elapsed;
      if (rate >= timeouts.bodyMinRate) continue;
      watched.delete(body);
      body.reply.log.info(
        { bytesPerSecond: Math.round(rate) },
        'closed a request whose body came too slowly',
      );
      closeSlowRequest(body);
    }
  };
  const interval = setInterval(
    check,
    Math.max(10, Math.min(DEADLINE_CHECK_MS, timeouts.bodyMinRateGraceMs / 4)),
  );
  interval.unref();
  app.addHook('onClose', async () => clearInterval(interval));
}

/** Answers a failure in the envelope straight on Node's response, where Fastify's reply cannot, and closes. */
function endWithFailure(response: ServerResponse, status: number, code: ErrorCode, language: LanguageCode) {
  const body = JSON.stringify({ success: false, code, message: errorMessage(code, language) });
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}

function closeSlowRequest({ reply, socket }: WatchedBody) {
  if (!reply.raw.headersSent)
    endWithFailure(reply.raw, 408, 'REQUEST_TIMEOUT', requestLanguage(reply.request));
  socket.destroy();
}

/**
 * Hooks that answer, in the envelope, what reaches the app but must go no further: an address over
 * MAX_URL_LENGTH (414), an HTTP/1.1 request without a Host (400), any request while the server shuts down
 * (503, connection closed), an `Expect:` we cannot meet (417); and the slow-body rule.
 */
export function registerHttpLimits(app: FastifyInstance, timeouts: Timeouts) {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      return sendFailure(request, reply, { status: 503, code: 'SERVICE_UNAVAILABLE' });
    }
    if (request.url.length > MAX_URL_LENGTH) {
      return sendFailure(request, reply, { status: 414, code: 'URI_TOO_LONG' });
    }
    if (!request.headers.host && request.raw.httpVersion === '1.1') {
      return sendFailure(request, reply, { status: 400, code: 'BAD_REQUEST' });
    }
  });
  // An `Expect:` other than 100-continue: Node would answer a bare 417 of its own.
  app.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) =>
    endWithFailure(response, 417, 'BAD_REQUEST', visitorLanguage(request.headers)),
  );
  guardAgainstSlowBodies(app, timeouts);
}
