import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { CaptchaVerifier } from './captcha';
import { createAltchaVerifier } from './captcha-altcha';
import { createRecaptchaVerifier } from './captcha-recaptcha';
import { createMemorySpentChallengeStore, createRedisSpentChallengeStore } from './captcha-replay';

export { createAltchaChallenge } from './captcha-altcha';

/**
 * The CAPTCHA the config asks for: Google reCAPTCHA when CAPTCHA_PROVIDER=recaptcha, otherwise the
 * self-hosted ALTCHA proof of work keyed from the server secret. ALTCHA's spent challenges live in Redis
 * when there is one (every instance must refuse a solution another already accepted), else in memory.
 */
export function createCaptchaVerifier(config: Config, secret: string, redis?: Redis): CaptchaVerifier {
  if (config.captcha.provider === 'recaptcha') return createRecaptchaVerifier(config.captcha.recaptcha);
  const spentChallenges = redis ? createRedisSpentChallengeStore(redis) : createMemorySpentChallengeStore();
  return createAltchaVerifier(secret, spentChallenges);
}
