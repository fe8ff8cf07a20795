import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * An admin's password guards every fan's data and the count: at least 12 characters and zxcvbn's score 3
 * ("safely unguessable: moderate protection from offline slow-hash scenario"), with the person's own name
 * and address counted as known words. Fans keep the spec's 6-character rule.
 */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
const ADMIN_PASSWORD_MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** Why `password` is too weak for an admin, or null when it is strong enough. */
export async function adminPasswordWeakness(
  password: string,
  personal: { email: string; name: string },
): Promise<string | null> {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    return `it has ${password.length} characters; an admin password needs at least ${ADMIN_PASSWORD_MIN_LENGTH}`;
  }
  if (password.length > 128) return 'it is over 128 characters';
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const [local = '', domain = ''] = personal.email.toLowerCase().split('@');
  const known = [personal.email, local, domain, ...personal.name.split(/\s+/), 'ovation', 'admin'];
  const result = await estimator.check(
    password,
    known.filter((word) => word.length >= 3),
  );
  if (result.score >= ADMIN_PASSWORD_MIN_SCORE) return null;
  const hint = result.feedback.warning ? ` (${result.feedback.warning})` : '';
  return `it is too easy to guess${hint}: use a longer passphrase of unrelated words, or a password manager's`;
}
