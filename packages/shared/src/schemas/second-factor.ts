import { z } from 'zod';
import { authResponseSchema } from './auth';

/** How many single-use recovery codes a confirmed second factor comes with. */
export const RECOVERY_CODE_COUNT = 10;

/** A code from an authenticator app (6 digits) or a recovery code (10 letters and digits, dash optional). */
const secondFactorCodeField = z.string().trim().min(6).max(64);

/**
 * POST /auth/login for an account with a second factor and no code sent: no session yet, a short-lived
 * signed challenge to send back with the code to POST /auth/login/second-factor.
 */
export const secondFactorChallengeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  secondFactorRequired: z.literal(true),
  challengeToken: z.string(),
  expiresAt: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeResponseSchema>;

/** POST /auth/login: a session (the spec's answer), or for an admin with a second factor its challenge. */
export const loginResponseSchema = z.union([authResponseSchema, secondFactorChallengeResponseSchema]);

/** POST /auth/login/second-factor: the challenge from the password step and a code. */
export const secondFactorLoginBodySchema = z.object({
  challengeToken: z.string().min(1).max(1000),
  code: secondFactorCodeField,
});

/** GET /auth/second-factor: the signed-in user's second factor. */
export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The platform requires one of every admin, and this user is an admin. */
  required: z.boolean(),
  confirmedAt: z.string().nullable(),
  recoveryCodesRemaining: z.number().int().nonnegative(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;
export const secondFactorStatusResponseSchema = z.object({
  success: z.literal(true),
  data: secondFactorStatusSchema,
});

/** POST /auth/second-factor/setup: the new secret, as text and as the otpauth:// URI a QR code carries. */
export const secondFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ secret: z.string(), otpauthUri: z.string() }),
});

/** POST /auth/second-factor/confirm: the first code from the app. */
export const secondFactorCodeBodySchema = z.object({ code: secondFactorCodeField });

/** The recovery codes, shown once: only their HMACs are stored. */
export const recoveryCodesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});

/** POST /auth/second-factor/disable: a current code, or the account's password. */
export const disableSecondFactorBodySchema = z.union([
  z.object({ code: secondFactorCodeField }),
  z.object({ password: z.string().min(1).max(128) }),
]);
