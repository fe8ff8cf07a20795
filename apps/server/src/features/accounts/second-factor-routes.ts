import {
  disableSecondFactorBodySchema,
  idParamsSchema,
  messageEnvelopeSchema,
  recoveryCodesResponseSchema,
  secondFactorCodeBodySchema,
  secondFactorSetupResponseSchema,
  secondFactorStatusResponseSchema,
} from '@ovation/shared';
import { z } from 'zod';
import type { RouteApp } from '../../app-context';
import { adminActor, signedInViewer } from '../../lib/access';
import { done, ok } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import { requestMeta } from '../../lib/request-meta';
import type { AccountsDependencies } from './dependencies';
import * as secondFactor from './second-factor';

const tags = ['accounts'];
const security = [{ bearer: [] }];

/**
 * The signed-in admin's own second factor (an authenticator app): status, set-up, confirmation with the
 * first code (answering the recovery codes once) and turning it off. Registered in an admin scope of their
 * own, apart from the one that stops admins without a second factor, so such an admin can set one up.
 */
export function registerSecondFactorRoutes(app: RouteApp, deps: AccountsDependencies) {
  app.get(
    '/auth/second-factor',
    { schema: { tags, security, response: { 200: secondFactorStatusResponseSchema } } },
    async (request) => ok(await secondFactor.getSecondFactorStatus(deps, signedInViewer(request).id)),
  );

  app.post(
    '/auth/second-factor/setup',
    { schema: { tags, security, response: { 200: secondFactorSetupResponseSchema } } },
    async (request) =>
      ok(await secondFactor.startSecondFactorSetup(deps, signedInViewer(request).id, requestMeta(request))),
  );

  app.post(
    '/auth/second-factor/confirm',
    {
      schema: {
        tags,
        security,
        body: secondFactorCodeBodySchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await secondFactor.confirmSecondFactorSetup(
        deps,
        signedInViewer(request).id,
        request.body.code,
        requestMeta(request),
      );
      return ok(result, successMessage(request, reply, 'secondFactorEnabled'));
    },
  );

  app.post(
    '/auth/second-factor/disable',
    {
      schema: {
        tags,
        security,
        body: disableSecondFactorBodySchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (request, reply) => {
      await secondFactor.disableSecondFactor(
        deps,
        signedInViewer(request).id,
        request.body,
        requestMeta(request),
      );
      return done(successMessage(request, reply, 'secondFactorDisabled'));
    },
  );
}

/** Registered inside the admin scope: an admin resets a colleague's second factor (a lost phone). */
export function registerSecondFactorAdminRoutes(app: RouteApp, deps: AccountsDependencies) {
  app.post(
    '/admin/users/:id/second-factor/reset',
    {
      schema: {
        tags: ['admin'],
        security,
        params: idParamsSchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await secondFactor.resetColleagueSecondFactor(deps, adminActor(request), request.params.id);
      return done(successMessage(request, reply, 'secondFactorReset'));
    },
  );
}
