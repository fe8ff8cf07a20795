import {
  authResponseSchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  deleteAccountResponseSchema,
  deletionCodeResponseSchema,
  emailBodySchema,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  messageEnvelopeSchema,
  messageResponseSchema,
  profileResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resendOtpResponseSchema,
  resetPasswordBodySchema,
  secondFactorLoginBodySchema,
  updateProfileBodySchema,
  userResponseSchema,
  verifyEmailBodySchema,
} from '@ovation/shared';
import { z } from 'zod';
import type { RouteApp } from '../../app-context';
import { signedInViewer } from '../../lib/access';
import { done, ok, okWith } from '../../lib/envelope';
import { longDate, successMessage } from '../../lib/language';
import { requestMeta } from '../../lib/request-meta';
import { deleteOwnAccount, sendDeletionCode } from './account-deletion-service';
import type { AccountsDependencies } from './service';
import * as accounts from './service';

const tags = ['accounts'];
const security = [{ bearer: [] }];

export function registerAccountRoutes(app: RouteApp, deps: AccountsDependencies) {
  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: { tags, body: registerBodySchema, response: { 201: registerResponseSchema } },
    },
    async (request, reply) => {
      const { messageKey, ...result } = await accounts.registerAccount(
        deps,
        request.body,
        requestMeta(request),
      );
      reply.status(201);
      return okWith({ message: successMessage(request, reply, messageKey), ...result });
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'Verifies the e-mail with its code and signs in. An account with a second factor answers the ' +
          'challenge of POST /auth/login instead of a session: send it with a code to POST /auth/login/second-factor.',
        body: verifyEmailBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const { messageKey, ...result } = await accounts.verifyEmail(deps, request.body, requestMeta(request));
      return okWith({ message: successMessage(request, reply, messageKey), ...result });
    },
  );

  for (const path of ['/auth/resend-otp', '/auth/send-verification']) {
    app.post(
      path,
      {
        config: { access: 'public' },
        schema: { tags, body: emailBodySchema, response: { 200: resendOtpResponseSchema } },
      },
      async (request, reply) => {
        const { messageKey, ...result } = await accounts.resendVerification(deps, request.body.email);
        return okWith({ message: successMessage(request, reply, messageKey), ...result });
      },
    );
  }

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'Signs in. An account with a second factor (admins) answers `secondFactorRequired` with a short-lived ' +
          '`challengeToken` instead of a session: send it with a code to POST /auth/login/second-factor. ' +
          '`secondFactorCode` sent with the password signs in in one step, also while the account is locked.',
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await accounts.login(deps, request.body, requestMeta(request));
      if ('secondFactorRequired' in result) return okWith(result);
      const { messageKey, ...session } = result;
      return okWith({ message: successMessage(request, reply, messageKey), ...session });
    },
  );

  app.post(
    '/auth/login/second-factor',
    {
      config: { access: 'public' },
      schema: { tags, body: secondFactorLoginBodySchema, response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      const { messageKey, ...result } = await accounts.loginWithSecondFactor(
        deps,
        request.body,
        requestMeta(request),
      );
      return okWith({ message: successMessage(request, reply, messageKey), ...result });
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: { tags, body: forgotPasswordBodySchema, response: { 200: forgotPasswordResponseSchema } },
    },
    async (request, reply) => {
      const { messageKey, ...result } = await accounts.requestPasswordReset(
        deps,
        request.body.email,
        requestMeta(request),
      );
      return okWith({ message: successMessage(request, reply, messageKey), ...result });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      schema: { tags, body: resetPasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      const { messageKey } = await accounts.resetPassword(deps, request.body, requestMeta(request));
      return done(successMessage(request, reply, messageKey));
    },
  );

  app.post(
    '/auth/logout',
    // Public: signing out with an expired or unknown token still answers success.
    { config: { access: 'public' }, schema: { tags, security, response: { 200: messageEnvelopeSchema } } },
    async (request, reply) => {
      if (request.viewer && request.sessionId) {
        await accounts.logout(deps, { userId: request.viewer.id, sessionId: request.sessionId }, request.ip);
      }
      return done(successMessage(request, reply, 'loggedOut'));
    },
  );

  app.get(
    '/auth/me',
    { config: { access: 'signedIn' }, schema: { tags, security, response: { 200: userResponseSchema } } },
    async (request) => {
      const user = await accounts.getCurrentUser(deps, signedInViewer(request).id);
      return okWith({ user, data: user });
    },
  );

  app.put(
    '/auth/profile',
    {
      config: { access: 'signedIn' },
      schema: { tags, security, body: updateProfileBodySchema, response: { 200: profileResponseSchema } },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const user = await accounts.updateProfile(deps, viewer.id, request.body);
      // The answer speaks the language the profile has now: a fan who just chose French reads French.
      viewer.language = user.language ?? viewer.language;
      return okWith({ message: successMessage(request, reply, 'profileUpdated'), user, data: user });
    },
  );

  app.put(
    '/auth/password',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        security,
        body: changePasswordBodySchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      await accounts.changePassword(deps, viewer.id, request.sessionId, request.body, requestMeta(request));
      return done(successMessage(request, reply, 'passwordChanged'));
    },
  );

  app.post(
    '/auth/account/deletion-code',
    {
      config: { access: 'signedIn' },
      schema: { tags, security, response: { 200: deletionCodeResponseSchema } },
    },
    async (request, reply) => {
      const { retryAfterSeconds } = await sendDeletionCode(deps, signedInViewer(request).id);
      return okWith({ message: successMessage(request, reply, 'deletionCodeSent'), retryAfterSeconds });
    },
  );

  app.post(
    '/auth/account/delete',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        security,
        body: deleteAccountBodySchema,
        response: { 200: deleteAccountResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const { restorableUntil } = await deleteOwnAccount(deps, viewer.id, request.body, requestMeta(request));
      return ok(
        { restorableUntil: restorableUntil.toISOString() },
        successMessage(request, reply, 'accountDeleted', { date: longDate(request, restorableUntil) }),
      );
    },
  );
}
