import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Hosts whose players the song pages embed in frames (the song link kinds a song may have). */
const PLAYER_FRAME_SOURCES = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://open.spotify.com',
  'https://audiomack.com',
  'https://w.soundcloud.com',
  'https://embed.music.apple.com',
];

/** Google's reCAPTCHA script and frames, allowed only when it is the configured CAPTCHA. */
const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME_SOURCES = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

/** The headers a connect-style middleware sets on a response, recorded once (it must set the same on every one). */
function recordedHeaders(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
) {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's headers (a content security policy allowing only our own scripts and the players' frames, and
 * reCAPTCHA's when it is the CAPTCHA), built once: @fastify/helmet rebuilt them on every request, a few %
 * of a vote. This configuration sets the same on every answer, so they are recorded once and copied
 * (helmet's dozen middlewares per request were 7% of a cached page); a per-request value (a CSP nonce)
 * would need helmet back. Set on Node's response, as helmet did: answers written there directly (a 408)
 * carry them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { recaptcha: boolean }) {
  const headers = recordedHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(options.recaptcha ? RECAPTCHA_SCRIPT_SOURCES : [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          frameSrc: [...PLAYER_FRAME_SOURCES, ...(options.recaptcha ? RECAPTCHA_FRAME_SOURCES : [])],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
