import {
  authResponseSchema,
  forgotPasswordResponseSchema,
  messageResponseSchema,
  type RegisterBody,
  type ResetPasswordBody,
  registerResponseSchema,
  resendOtpResponseSchema,
  socialLoginSettingsResponseSchema,
  type User,
  userSchema,
} from '@ovation/shared/schemas/auth';
import { publicSettingsSchema } from '@ovation/shared/schemas/settings';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiGet, apiRequest } from '../../../lib/api-client';

/** Checks the envelope of a call that answers beside `data` (token, user): a wrong shape is an error. */
function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(500, 'INVALID_RESPONSE', 'Unexpected answer from the server');
  return result.data;
}

export async function login(body: { email: string; password: string }) {
  const result = await apiRequest('/auth/login', { method: 'POST', body });
  return parseBody(authResponseSchema, result.body);
}

export async function register(body: RegisterBody) {
  const result = await apiRequest('/auth/register', { method: 'POST', body });
  return parseBody(registerResponseSchema, result.body);
}

export async function verifyEmail(body: { email: string; otp: string }) {
  const result = await apiRequest('/auth/verify-email', { method: 'POST', body });
  return parseBody(authResponseSchema, result.body);
}

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

export async function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  const result = await apiRequest('/auth/me', { signal });
  return parseBody(userSchema, (result.body as { user?: unknown }).user);
}

/** Public settings; the spec treats a failed call as "no CAPTCHA required" (section 7). */
export const publicSettingsQuery = queryOptions({
  queryKey: ['public-settings'],
  queryFn: async ({ signal }) =>
    publicSettingsSchema.parse(await apiGet('/public/public-settings', { signal })),
  staleTime: 5 * 60_000,
});

export const socialLoginSettingsQuery = queryOptions({
  queryKey: ['social-login-settings'],
  queryFn: async ({ signal }) => {
    const result = await apiRequest('/auth/social-login-settings', { signal });
    return parseBody(socialLoginSettingsResponseSchema, result.body).data;
  },
  staleTime: 5 * 60_000,
});
