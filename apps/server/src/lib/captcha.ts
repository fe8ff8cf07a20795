/**
 * One interface for every CAPTCHA provider: the self-hosted ALTCHA proof of work by default, Google
 * reCAPTCHA when configured. `verify` answers false for a missing, wrong, expired or replayed token.
 */
export interface CaptchaVerifier {
  readonly provider: 'altcha' | 'recaptcha';
  /** The reCAPTCHA site key the browser needs; null for ALTCHA. */
  readonly siteKey: string | null;
  verify(token: string | undefined, ip: string): Promise<boolean>;
}
