import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { SpentChallengeStore } from '../../lib/captcha-replay';

/** Long enough for the client's one retry after Retry-After, short enough to be useless later. */
const PASS_SECONDS = 60;

/**
 * A vote answered 503 after its CAPTCHA was checked must not cost the fan another CAPTCHA: CAPTCHA
 * tokens are single-use, so the retry could never pass. The 503 carries a retry pass instead, signed
 * by the server: `<expiry seconds>.<HMAC(user, song, expiry)>`. For that fan and that song, once, until
 * it expires, it stands in for the CAPTCHA; everything else about the vote (quota, window) is checked again.
 */
export class VoteRetryPasses {
  private readonly key: KeyObject;

  /**
   * @param key deriveKey(secret, 'vote-retry-pass'), shared by every instance.
   * @param spent the passes already used (in Redis when several instances share it).
   */
  constructor(
    key: Buffer,
    private readonly spent: SpentChallengeStore,
  ) {
    this.key = createSecretKey(key);
  }

  issue(userId: string, songId: string, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + PASS_SECONDS;
    return `${expires}.${this.mac(userId, songId, expires).toString('base64url')}`;
  }

  /** Whether the pass is genuine, for this fan and song, unexpired and unused; if so, it is used now. */
  async redeem(pass: string, userId: string, songId: string, now: Date): Promise<boolean> {
    const [expiresText, macText] = pass.split('.');
    const expires = Number(expiresText);
    if (!Number.isSafeInteger(expires) || !macText || expires < now.getTime() / 1000) return false;
    const expected = this.mac(userId, songId, expires);
    const given = Buffer.from(macText, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    return this.spent.claim(macText, PASS_SECONDS);
  }

  private mac(userId: string, songId: string, expires: number) {
    return createHmac('sha256', this.key).update(`${userId}:${songId}:${expires}`).digest();
  }
}
