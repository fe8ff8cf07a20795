import type { CaptchaVerifier } from './captcha';

/** 5 s: a sign-up waits on Google's answer; past this we refuse rather than hang the request. */
export const RECAPTCHA_TIMEOUT_MS = 5_000;

/** reCAPTCHA tokens are about 2,000 characters; a much longer one is not worth sending on. */
const MAX_TOKEN_LENGTH = 10_000;

export interface RecaptchaOptions {
  siteKey: string;
  secretKey: string;
  /** Google's siteverify endpoint (a local stand-in in tests). */
  verifyUrl: string;
  /** Defaults to RECAPTCHA_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * Google reCAPTCHA v2 (checkbox): the browser's token is checked by a form-encoded POST to siteverify.
 * Google itself refuses a token seen before ('timeout-or-duplicate'), so no replay store is needed here.
 * An unreachable, slow or garbled verifier counts as a failed CAPTCHA (fail closed): the user may retry.
 */
export function createRecaptchaVerifier(options: RecaptchaOptions): CaptchaVerifier {
  return {
    provider: 'recaptcha',
    siteKey: options.siteKey,
    async verify(token, ip) {
      if (!token || token.length > MAX_TOKEN_LENGTH) return false;
      const form = new URLSearchParams({ secret: options.secretKey, response: token });
      if (ip) form.set('remoteip', ip);
      try {
        const response = await fetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? RECAPTCHA_TIMEOUT_MS),
        });
        if (!response.ok) return false;
        const answer: unknown = await response.json();
        return (
          typeof answer === 'object' && answer !== null && 'success' in answer && answer.success === true
        );
      } catch {
        return false;
      }
    },
  };
}
