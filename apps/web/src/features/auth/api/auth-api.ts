import {
  authResponseSchema,
  forgotPasswordResponseSchema,
  messageResponseSchema,
  type RegisterBody,
  type ResetPasswordBody,
  registerResponseSchema,
  resendOtpResponseSchema,
  socialLoginSettingsResponseSchema,
} from '@ovation/shared/schemas/auth';
import { loginResponseSchema } from '@ovation/shared/schemas/second-factor';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { deviceIdHeaders } from '../../../lib/device-id';
import { PUBLIC_SETTINGS_STALE_MS } from '../../../lib/public-settings';

export { publicSettingsQuery } from '../../../lib/public-settings';

/** Checks the envelope of a call that answers beside `data` (token, user): a wrong shape is an error. */
function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(500, 'INVALID_RESPONSE', 'Unexpected answer from the server');
  return result.data;
}

/**
 * POST /auth/login: a session, or for an admin with a second factor the challenge to send back with a code.
 * `secondFactorCode` sent with the password signs an admin in while the account's sign-in is locked.
 */
export async function login(body: { email: string; password: string; secondFactorCode?: string }) {
  const result = await apiRequest('/auth/login', { method: 'POST', body, headers: deviceIdHeaders() });
  return parseBody(loginResponseSchema, result.body);
}

/** POST /auth/login/second-factor: the challenge of the password step and a code, for the session. */
export async function loginWithSecondFactor(body: { challengeToken: string; code: string }) {
  const result = await apiRequest('/auth/login/second-factor', {
    method: 'POST',
    body,
    headers: deviceIdHeaders(),
  });
  return parseBody(authResponseSchema, result.body);
}

export async function register(body: RegisterBody) {
  const result = await apiRequest('/auth/register', { method: 'POST', body, headers: deviceIdHeaders() });
  return parseBody(registerResponseSchema, result.body);
}

/** The code step of registration and of an unverified sign-in: it signs in, so it carries the device id. */
/**
 * POST /auth/verify-email: a session, or for an admin with a second factor the challenge of the login's
 * password step (the e-mail is verified either way).
 */
export async function verifyEmail(body: { email: string; otp: string }) {
  const result = await apiRequest('/auth/verify-email', { method: 'POST', body, headers: deviceIdHeaders() });
  return parseBody(loginResponseSchema, result.body);
}

export type SignInAnswer = Awaited<ReturnType<typeof verifyEmail>>;

export async function resendOtp(email: string) {
  const result = await apiRequest('/auth/resend-otp', { method: 'POST', body: { email } });
  return parseBody(resendOtpResponseSchema, result.body);
}

/** Asks for a reset code and link; the answer is the same whether or not the address has an account. */
export async function forgotPassword(email: string) {
  const result = await apiRequest('/auth/forgot-password', { method: 'POST', body: { email } });
  return parseBody(forgotPasswordResponseSchema, result.body);
}

export async function resetPassword(body: ResetPasswordBody) {
  const result = await apiRequest('/auth/reset-password', { method: 'POST', body });
  return parseBody(messageResponseSchema, result.body);
}

/**
 * Which social buttons to show. As fresh as the public settings: an admin who turns a provider (or social
 * sign-in) off sees the buttons gone on the next page a visitor opens.
 */
export const socialLoginSettingsQuery = queryOptions({
  queryKey: ['social-login-settings'],
  queryFn: async ({ signal }) => {
    const result = await apiRequest('/auth/social-login-settings', { signal });
    return parseBody(socialLoginSettingsResponseSchema, result.body).data;
  },
  staleTime: PUBLIC_SETTINGS_STALE_MS,
  refetchOnMount: true,
  refetchOnWindowFocus: true,
});
