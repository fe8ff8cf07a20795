import { type AltchaChallenge, type AltchaPayload, altchaPayloadSchema } from '@ovation/shared';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey as derivePbkdf2Key } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaVerifier } from './captcha';
import type { SpentChallengeStore } from './captcha-replay';
import { deriveKey } from './secrets';

/**
 * The `altcha` v3 widget's default algorithm: bundled in the widget (no extra worker to serve) and run by
 * the browser's native WebCrypto, so a phone pays native speed, not JavaScript speed.
 */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/**
 * Difficulty. The server hides the answer at a random counter between ALTCHA_MIN_COUNTER and
 * ALTCHA_MAX_COUNTER and the solver counts up from 0, each attempt costing ALTCHA_COST PBKDF2-SHA-256
 * iterations: 175 attempts (350,000 iterations) on average, 300 (600,000) at most, so the wait is bounded.
 * Measured: about 0.12 s (median) on one core of a shared 2-core server in Node; the real widget in
 * Chromium (2 workers) took 30-200 ms. A cheap Android phone (Cortex-A53/A55, roughly 3-5 times slower
 * per core) running the widget's 4 workers needs about 0.1-0.3 s; only the worst case on a single core
 * nears a second. Mostly hidden by the widget's own 0.5 s minimum animation. Few costly attempts rather than many cheap ones: each attempt is one WebCrypto call whose
 * fixed overhead costs a phone more than a bot. Issuing a challenge costs the server one attempt (~1 ms).
 * A bot pays the same ~0.1 s of CPU per challenge: this deters bulk sign-ups and votes; the rate limits and
 * e-mail verification do the rest.
 */
export const ALTCHA_COST = 2_000;
export const ALTCHA_MIN_COUNTER = 50;
export const ALTCHA_MAX_COUNTER = 300;

/** 10 minutes: time to fill in the sign-up form after the widget has solved its challenge. */
export const ALTCHA_CHALLENGE_TTL_SECONDS = 10 * 60;

/** A real payload is about 700 characters; anything much longer is not worth parsing. */
const MAX_PAYLOAD_LENGTH = 4096;

/** Spent challenges are remembered a minute past their expiry, in case instances' clocks differ a little. */
const CLOCK_DRIFT_SECONDS = 60;

interface AltchaSecrets {
  /** Signs the challenge parameters (tamper check). */
  signature: string;
  /** Signs the derived key the solver must find, so verifying costs one HMAC, not a key derivation. */
  keySignature: string;
}

/** Both HMAC keys come from the server secret, each for this purpose only. */
function altchaSecrets(serverSecret: string): AltchaSecrets {
  return {
    signature: deriveKey(serverSecret, 'altcha').toString('hex'),
    keySignature: deriveKey(serverSecret, 'altcha-key-signature').toString('hex'),
  };
}

/** A fresh signed challenge for the widget, expiring in ALTCHA_CHALLENGE_TTL_SECONDS. */
export async function createAltchaChallenge(
  serverSecret: string,
  now: number = Date.now(),
): Promise<AltchaChallenge> {
  const secrets = altchaSecrets(serverSecret);
  const challenge = await createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(ALTCHA_MAX_COUNTER, ALTCHA_MIN_COUNTER),
    deriveKey: derivePbkdf2Key,
    expiresAt: Math.floor(now / 1000) + ALTCHA_CHALLENGE_TTL_SECONDS,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
  if (!challenge.signature) throw new Error('ALTCHA challenge was not signed');
  return { parameters: { ...challenge.parameters }, signature: challenge.signature };
}

/** The widget's token is base64 JSON; anything else (or any other shape) is simply not a payload. */
function parsePayload(token: string): AltchaPayload | null {
  if (token.length > MAX_PAYLOAD_LENGTH || !/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = altchaPayloadSchema.safeParse(decoded);
  return parsed.success ? parsed.data : null;
}

/**
 * Verifies a solved ALTCHA challenge: our signature, not expired, the right derived key, and not spent
 * before. Answers false (never throws) for anything malformed; only a store failure (Redis down) throws.
 */
export function createAltchaVerifier(
  serverSecret: string,
  spentChallenges: SpentChallengeStore,
): CaptchaVerifier {
  const secrets = altchaSecrets(serverSecret);
  return {
    provider: 'altcha',
    siteKey: null,
    async verify(token) {
      if (!token) return false;
      const payload = parsePayload(token);
      if (!payload) return false;
      const { challenge, solution } = payload;
      const expiresAt = challenge.parameters.expiresAt;
      // Every challenge we sign expires; one that does not was not signed here.
      if (expiresAt === undefined) return false;
      try {
        const result = await verifySolution({
          challenge,
          solution,
          deriveKey: derivePbkdf2Key,
          hmacSignatureSecret: secrets.signature,
          hmacKeySignatureSecret: secrets.keySignature,
        });
        if (!result.verified) return false;
      } catch {
        // The library throws for values it cannot even read (e.g. an odd-length hex string).
        return false;
      }
      // Only a verified payload reaches the store, so garbage cannot fill it.
      const secondsLeft = Math.max(1, Math.ceil(expiresAt - Date.now() / 1000));
      return spentChallenges.claim(challenge.signature, secondsLeft + CLOCK_DRIFT_SECONDS);
    },
  };
}
