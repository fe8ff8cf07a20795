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
