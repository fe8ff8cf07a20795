import { altchaChallengeSchema, errorResponseSchema } from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import type { CaptchaVerifier } from '../../lib/captcha';
import { createAltchaChallenge } from '../../lib/captcha-providers';
import { NotFound } from '../../lib/errors';

export interface CaptchaRouteDependencies {
  captcha: CaptchaVerifier;
  /** The server secret the ALTCHA verifier is keyed from. */
  secret: string;
}

export function registerCaptchaRoutes(app: RouteApp, deps: CaptchaRouteDependencies) {
  // The widget's `challenge` URL: the challenge object itself, not wrapped in the envelope (the widget
  // reads `parameters` and `signature` from the top level). Every answer is single-use: never cached.
  app.get(
    '/captcha/challenge',
    {
      config: { access: 'public' },
      schema: {
        tags: ['captcha'],
        response: { 200: altchaChallengeSchema, 404: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (deps.captcha.provider !== 'altcha') throw NotFound('ROUTE_NOT_FOUND');
      return createAltchaChallenge(deps.secret);
    },
  );
}
