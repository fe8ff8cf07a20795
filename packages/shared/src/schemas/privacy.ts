import { z } from 'zod';
import { LEGAL_DOCUMENT_NAMES } from '../constants';
import { validationMessage as message } from '../messages';
import { dataEnvelope } from './envelope';

/** Where the signed-in user stands with one legal document: its current version, and their acceptance. */
export const consentStateSchema = z.object({
  document: z.enum(LEGAL_DOCUMENT_NAMES),
  version: z.number().int(),
  date: z.string(),
  accepted: z.boolean(),
  acceptedAt: z.string().nullable(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

/** GET and POST /auth/consents: every document's state. */
export const consentStatesResponseSchema = dataEnvelope(z.array(consentStateSchema));

/** POST /auth/consents: the documents whose current version the user accepts. */
export const acceptConsentsBodySchema = z.object({
  documents: z
    .array(z.enum(LEGAL_DOCUMENT_NAMES, { error: message('optionInvalid') }))
    .min(1, message('optionInvalid'))
    .max(LEGAL_DOCUMENT_NAMES.length),
});

/** The kinds of request people send the organiser about their data, outside the app. */
export const PRIVACY_REQUEST_KINDS = ['access', 'deletion'] as const;

/** One request a user made about their data, as an admin answered it. */
export const privacyRequestSchema = z.object({
  _id: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  receivedAt: z.string(),
  /** receivedAt + the 30 days the legal pages promise. */
  answerDueBy: z.string(),
  answeredAt: z.string(),
  answeredBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

/** GET /admin/users/{id}/privacy-requests */
export const privacyRequestsResponseSchema = dataEnvelope(z.array(privacyRequestSchema));

/** POST /admin/users/{id}/privacy-requests/{access|deletion}: the day the request arrived. */
export const privacyRequestBodySchema = z.object({
  receivedAt: z.iso.date({ error: message('privacyRequestDateInvalid') }),
});

/** The deletion's answer: until when signing in restores the account. */
export const deletionRequestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ restorableUntil: z.string() }),
});
