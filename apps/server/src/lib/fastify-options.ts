import { randomUUID } from 'node:crypto';
import { type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config';
import { httpServerOptions } from './http-limits';

/** 1 MiB: JSON bodies are small; file uploads set their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

/** Query parameters that carry secrets (the social-login callback's token, OAuth codes) never reach the logs. */
const SECRET_PARAMETERS = ['token', 'user', 'code', 'state', 'otp'];

function redactUrl(url: string) {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of SECRET_PARAMETERS) if (query.has(name)) query.set(name, '[redacted]');
  return `${url.slice(0, queryStart)}?${query.toString()}`;
}

/** A number of proxy hops becomes the function Fastify takes for it: trust the first n hops only. */
function trustProxySetting(trust: false | number | string[]) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/**
 * The Fastify instance's options: JSON logs (pino) without credentials or secret query parameters, a
 * request id from `x-request-id` or a new UUID, the trusted proxies, the body limit and the timeouts that
 * close slow clients (lib/http-limits.ts).
 */
export function fastifyOptions(config: Config): FastifyServerOptions {
  return {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: {
              req: (request: { method: string; url: string; id: string }) => ({
                method: request.method,
                url: redactUrl(request.url),
                id: request.id,
              }),
            },
          },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxySetting(config.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    logController: new LogController({ disableRequestLogging: config.environment === 'test' }),
    ...httpServerOptions(config.timeouts),
  };
}
