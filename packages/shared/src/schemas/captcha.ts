import { z } from 'zod';

/** Lower-case hex, as the library writes it (and signs it). */
const hex = z.string().regex(/^[0-9a-f]+$/);

/**
 * A self-hosted ALTCHA proof-of-work challenge (the v2 protocol that the `altcha` v3 widget speaks).
 * GET /api/captcha/challenge answers this object bare, NOT in the `{ success, data }` envelope: the
 * widget's `challenge` URL option reads `parameters` and `signature` from the top level.
 * The objects are loose on purpose: the signature covers every parameter, so the serialiser must not
 * drop one the library adds in a later version.
 */
export const altchaChallengeSchema = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: hex,
    salt: hex,
    /** Key-derivation iterations per attempt. */
    cost: z.number().int().positive(),
    keyLength: z.number().int().positive(),
    /** The start of the derived key the solver must find. */
    keyPrefix: hex,
    /** HMAC of the expected derived key, so the server verifies without re-deriving. */
    keySignature: hex.optional(),
    /** Unix time in seconds after which the challenge is refused. */
    expiresAt: z.number().int().positive().optional(),
    memoryCost: z.number().int().positive().optional(),
    parallelism: z.number().int().positive().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  /** HMAC of the parameters: a tampered challenge fails verification. */
  signature: hex,
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

/** What the widget sends back (base64 JSON, as `captchaToken`): the challenge and the counter it found. */
export const altchaPayloadSchema = z.object({
  challenge: altchaChallengeSchema,
  solution: z.looseObject({
    counter: z.number().int().nonnegative(),
    derivedKey: hex,
    time: z.number().optional(),
  }),
});
export type AltchaPayload = z.infer<typeof altchaPayloadSchema>;
