import {
  authResponseSchema,
  changePasswordBodySchema,
  emailBodySchema,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  loginBodySchema,
  messageEnvelopeSchema,
  messageResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resendOtpResponseSchema,
  resetPasswordBodySchema,
  updateProfileBodySchema,
  userResponseSchema,
  verifyEmailBodySchema,
} from '@ovation/shared';
import { z } from 'zod';
import type { RouteApp } from '../../app-context';
import { signedInViewer } from '../../lib/access';
import { requestMeta } from '../../lib/request-meta';
import { recordAudit } from '../audit/service';
import { endSession } from '../sessions/service';
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
      const result = await accounts.registerAccount(deps, request.body, requestMeta(request));
      reply.status(201);
      return { success: true as const, ...result };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { access: 'public' },
      schema: { tags, body: verifyEmailBodySchema, response: { 200: authResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await accounts.verifyEmail(deps, request.body, requestMeta(request))),
    }),
  );

  for (const path of ['/auth/resend-otp', '/auth/send-verification']) {
    app.post(
      path,
      {
        config: { access: 'public' },
        schema: { tags, body: emailBodySchema, response: { 200: resendOtpResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        ...(await accounts.resendVerification(deps, request.body.email)),
      }),
    );
  }

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: { tags, body: loginBodySchema, response: { 200: authResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await accounts.login(deps, request.body, requestMeta(request))),
    }),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: { tags, body: forgotPasswordBodySchema, response: { 200: forgotPasswordResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await accounts.requestPasswordReset(deps, request.body.email, requestMeta(request))),
    }),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      schema: { tags, body: resetPasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await accounts.resetPassword(deps, request.body, requestMeta(request))),
    }),
  );

  app.post(
    '/auth/logout',
    // Public: signing out with an expired or unknown token still answers success.
    { config: { access: 'public' }, schema: { tags, security, response: { 200: messageEnvelopeSchema } } },
    async (request) => {
      if (request.viewer && request.sessionId) {
        await endSession(deps.db, deps.clock, request.sessionId, 'logout');
        await recordAudit(deps.db, { action: 'auth.logout', actorId: request.viewer.id, ip: request.ip });
      }
      return { success: true as const, message: 'Logged out successfully' };
    },
  );

  app.get(
    '/auth/me',
    { config: { access: 'signedIn' }, schema: { tags, security, response: { 200: userResponseSchema } } },
    async (request) => {
      const user = await accounts.getCurrentUser(deps, signedInViewer(request).id);
      return { success: true as const, user, data: user };
    },
  );

  app.put(
    '/auth/profile',
    {
      config: { access: 'signedIn' },
      schema: { tags, security, body: updateProfileBodySchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      const user = await accounts.updateProfile(deps, signedInViewer(request).id, request.body);
      return { success: true as const, message: 'Profile updated successfully!', user, data: user };
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
    async (request) => {
      const viewer = signedInViewer(request);
      await accounts.changePassword(deps, viewer.id, request.sessionId, request.body, requestMeta(request));
      return { success: true as const, message: 'Password changed successfully!' };
    },
  );
}
