import { z } from 'zod';
import {
  MAX_TEXT_LENGTH,
  MIN_NAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  OTP_LENGTH,
  ROLES,
  SELF_SERVICE_ROLES,
} from '../constants';
import { validationMessage as message } from '../messages';
import { dataEnvelope } from './envelope';

/** What the spec's client reads of a user; the verified flag is repeated under each name it reads. */
export const userSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  role: z.enum(ROLES),
  avatar: z.string().nullable(),
  bio: z.string(),
  emailVerified: z.boolean(),
  isEmailVerified: z.boolean(),
  verified: z.boolean(),
  isVerified: z.boolean(),
  isActive: z.boolean(),
  language: z.string(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  /** Whether the account signs in with a password (else only socially): what confirms its deletion. */
  hasPassword: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The public spec: "must look like an e-mail without whitespace". */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The public spec: optional leading plus, first digit 1-9, up to 15 more digits (spaces removed). */
const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;
const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export const emailField = z
  .string({ error: message('emailRequired') })
  .trim()
  .min(1, message('emailRequired'))
  .max(254, message('emailInvalid'))
  .regex(EMAIL_PATTERN, message('emailInvalid'))
  .transform((email) => email.toLowerCase());

export const nameField = z
  .string({ error: message('nameRequired') })
  .trim()
  .min(1, message('nameRequired'))
  .min(MIN_NAME_LENGTH, message('nameTooShort'))
  .max(100, message('nameTooLong'));

export const phoneField = z
  .string({ error: message('phoneRequired') })
  .transform((phone) => phone.replace(/[\s\-().]/g, ''))
  .pipe(z.string().min(1, message('phoneRequired')).regex(PHONE_PATTERN, message('phoneInvalid')));

export const newPasswordField = z
  .string({ error: message('passwordRequired') })
  .min(1, message('passwordRequired'))
  .min(MIN_PASSWORD_LENGTH, message('passwordTooShort'))
  .max(128, message('passwordTooLong'));

export const registerBodySchema = z.object({
  name: nameField,
  email: emailField,
  phoneNumber: phoneField,
  country: z
    .string({ error: message('countryRequired') })
    .trim()
    .min(1, message('countryRequired'))
    .max(100),
  /** Required when the chosen country has states; the server checks it against the country list. */
  state: z.string().trim().max(100).optional().default(''),
  password: newPasswordField,
  role: z.enum(SELF_SERVICE_ROLES, { error: message('roleInvalid') }).default('fan'),
  captchaToken: z.string().max(20_000).optional(),
  language: z.string().max(5).optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailField,
  password: z
    .string({ error: message('passwordRequired') })
    .min(1, message('passwordRequired'))
    .max(128),
  /**
   * An admin's second factor sent with the password (an authenticator code or a recovery code): the way
   * in while the account's sign-in is locked by failures, which only password and factor together pass.
   */
  secondFactorCode: z.string().trim().max(64).optional(),
});

export const emailBodySchema = z.object({ email: emailField });

export const verifyEmailBodySchema = z.object({
  email: emailField,
  otp: z
    .string({ error: message('otpInvalid') })
    .trim()
    .regex(OTP_PATTERN, message('otpInvalid')),
});

const otpField = z
  .string({ error: message('otpInvalid') })
  .trim()
  .regex(OTP_PATTERN, message('otpInvalid'));

/** POST /auth/forgot-password: always the same answer, whether or not the address has an account. */
export const forgotPasswordBodySchema = emailBodySchema;

/**
 * POST /auth/reset-password: the mailed 6-digit code, or the token of the mailed link, and the new
 * password under the registration's rules.
 */
export const resetPasswordBodySchema = z
  .object({
    email: emailField,
    code: otpField.optional(),
    /** base64url of 32 random bytes (43 characters); anything longer is not ours. */
    token: z.string().trim().min(1).max(128).optional(),
    password: newPasswordField,
  })
  .refine((body) => body.code !== undefined || body.token !== undefined, {
    path: ['code'],
    message: message('otpInvalid'),
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const updateProfileBodySchema = z.object({
  name: nameField,
  bio: z.string().trim().max(MAX_TEXT_LENGTH, message('bioTooLong')).optional(),
  phoneNumber: phoneField.optional(),
  country: z.string().trim().max(100).optional(),
  state: z.string().trim().max(100).optional(),
  language: z.string().max(5).optional(),
});

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: message('passwordRequired') })
    .min(1, message('passwordRequired'))
    .max(128),
  newPassword: newPasswordField,
});

/**
 * POST /auth/account/delete: the account's password, or for an account without one (social sign-in) the
 * code mailed by POST /auth/account/deletion-code.
 */
export const deleteAccountBodySchema = z.union([
  z.object({
    password: z
      .string({ error: message('passwordRequired') })
      .min(1, message('passwordRequired'))
      .max(128),
  }),
  z.object({ code: otpField }),
]);
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** The deletion's answer: when the account stops being restorable by signing in (then it is erased). */
export const deleteAccountResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ restorableUntil: z.string() }),
});

/** POST /auth/account/deletion-code: the code is on its way; another may be asked after the cooldown. */
export const deletionCodeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  retryAfterSeconds: z.number(),
});

export const authResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  token: z.string(),
  user: userSchema,
  /** This sign-in brought back an account its owner had deleted (within the 30 days). */
  accountRestored: z.boolean().optional(),
});

export const registerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string().optional(),
  user: userSchema,
  requiresVerification: z.boolean(),
  verificationSent: z.boolean(),
});

export const userResponseSchema = z.object({ success: z.literal(true), user: userSchema, data: userSchema });
/** PUT /auth/profile: the saved user, and the confirmation in the language the profile now has. */
export const profileResponseSchema = userResponseSchema.extend({ message: z.string() });

export const socialLoginSettingsResponseSchema = dataEnvelope(
  z.object({ google: z.object({ enabled: z.boolean() }), facebook: z.object({ enabled: z.boolean() }) }),
);

export const resendOtpResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  retryAfterSeconds: z.number().int(),
});

/** The answer of POST /auth/forgot-password: the same for every address. */
export const forgotPasswordResponseSchema = resendOtpResponseSchema;

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/**
 * What the 401 of a sign-in can carry beside code and message: how many tries remain once few do
 * (INVALID_CREDENTIALS), and for an unverified account whether a code was just mailed or the earlier
 * one still works, with the wait before Resend (EMAIL_NOT_VERIFIED).
 */
export const loginFailureSchema = z.object({
  attemptsRemaining: z.number().int().nonnegative().optional(),
  emailNotVerified: z.boolean().optional(),
  verificationSent: z.boolean().optional(),
  codeStillValid: z.boolean().optional(),
  retryAfterSeconds: z.number().int().nonnegative().optional(),
  email: z.string().optional(),
});
