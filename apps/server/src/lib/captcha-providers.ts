import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { CaptchaVerifier } from './captcha';

/** Placeholder until the providers land: refuses every token. */
export function createCaptchaVerifier(_config: Config, _secret: string, _redis?: Redis): CaptchaVerifier {
  return { provider: 'altcha', siteKey: null, verify: async () => false };
}
