import { SOCIAL_PROVIDERS, type SocialProvider, socialLoginSettingsResponseSchema } from '@ovation/shared';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, RouteApp } from '../../app-context';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { deviceIdOf, requestMeta } from '../../lib/request-meta';
import { deriveKey } from '../../lib/secrets';
import { FLOW_TTL_SECONDS, flowCookie, flowCookieName, readCookie } from './flow-state';
import { createProviderClients } from './providers';
import {
  completeSocialLogin,
  failureReason,
  type SocialLoginDependencies,
  startSocialLogin,
} from './service';
import { getPublicSocialLoginSettings, type SocialSettingsDependencies } from './settings';

const tags = ['social-login'];

/**
 * A caller that asks for JSON and not for a page (an API client or a script, never a browser following
 * a link) gets the error envelope with its status instead of a redirect to /auth/callback.
 */
function wantsJson(request: FastifyRequest) {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

/** The raw query of a request, exactly as the provider sent it (openid-client re-reads all of it). */
function rawQuery(request: FastifyRequest) {
  const start = request.url.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : request.url.slice(start + 1));
}

/**
 * Social sign-in with Google (OpenID Connect) and Facebook (OAuth 2): the public settings the login page
 * reads, the start and callback of each provider's redirect flow, and the admin settings.
 */
export function registerSocialLoginRoutes(
  app: RouteApp,
  context: AppContext,
  accounts: { db: Database; clock: Clock; logger: FastifyBaseLogger },
): SocialSettingsDependencies {
  const { publicUrl, socialLogin } = context.config;
  const deps: SocialLoginDependencies = {
    db: accounts.db,
    clock: accounts.clock,
    logger: accounts.logger,
    settingsKey: deriveKey(context.secret, 'social-login'),
    flowKey: deriveKey(context.secret, 'social-login-flow'),
    socialConfig: socialLogin,
    publicUrl,
    providers: createProviderClients(socialLogin),
  };
  const secure = publicUrl.startsWith('https:');

  /** Sends the browser to the web app's /auth/callback; the flow cookie is always cleared on the way. */
  function finish(reply: FastifyReply, provider: SocialProvider, query: string) {
    return reply
      .header('cache-control', 'no-store')
      .header('set-cookie', flowCookie(provider, '', { secure, maxAgeSeconds: 0 }))
      .redirect(`${publicUrl}/auth/callback?${query}`, 302);
  }

  function fail(request: FastifyRequest, reply: FastifyReply, provider: SocialProvider, error: unknown) {
    const reason = failureReason(error);
    const log = reason === 'server_error' ? request.log.error : request.log.warn;
    log.call(request.log, { err: error, provider, reason }, 'social sign-in failed');
    if (wantsJson(request)) {
      reply.header('set-cookie', flowCookie(provider, '', { secure, maxAgeSeconds: 0 }));
      // The catalog's message for the code (e.g. 403 SOCIAL_LOGIN_DISABLED), never the log's detail.
      throw error instanceof AppError ? new AppError(error.status, error.code) : error;
    }
    return finish(reply, provider, `error=${reason}`);
  }

  app.get(
    '/auth/social-login-settings',
    { config: { access: 'public' }, schema: { tags, response: { 200: socialLoginSettingsResponseSchema } } },
    async () => ok(await getPublicSocialLoginSettings(deps)),
  );

  for (const provider of SOCIAL_PROVIDERS) {
    app.get(
      `/auth/${provider}`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: `Starts ${provider} sign-in: 302 to the provider (or to /auth/callback?error=)`,
          description:
            'Optional `deviceId`: the browser’s device id (a UUID, as the X-Device-Id header), kept in the ' +
            'sealed flow cookie so the device rules apply when the callback signs the person in or up. ' +
            'When social login or the provider is off: 302 to /auth/callback?error=provider_disabled, or ' +
            '403 SOCIAL_LOGIN_DISABLED to a caller that accepts only JSON.',
        },
      },
      async (request, reply) => {
        try {
          const { deviceId } = request.query as { deviceId?: string | string[] };
          const { location, sealedFlow } = await startSocialLogin(deps, provider, deviceIdOf(deviceId));
          return reply
            .header('cache-control', 'no-store')
            .header(
              'set-cookie',
              flowCookie(provider, sealedFlow, { secure, maxAgeSeconds: FLOW_TTL_SECONDS }),
            )
            .redirect(location, 302);
        } catch (error) {
          return fail(request, reply, provider, error);
        }
      },
    );

    app.get(
      `/auth/${provider}/callback`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: `The ${provider} redirect URI: 302 to /auth/callback with a token or an error`,
        },
      },
      async (request, reply) => {
        try {
          const { token, user } = await completeSocialLogin(
            deps,
            provider,
            {
              query: rawQuery(request),
              sealedFlow: readCookie(request.headers.cookie, flowCookieName(provider)),
            },
            requestMeta(request),
          );
          const query = `token=${encodeURIComponent(token)}&user=${encodeURIComponent(JSON.stringify(user))}`;
          return finish(reply, provider, query);
        } catch (error) {
          return fail(request, reply, provider, error);
        }
      },
    );
  }

  return deps;
}
