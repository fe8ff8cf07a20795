import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane): about 30 ms here,
 * slow enough to hurt offline guessing, fast enough for login bursts on 2 cores.
 */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
