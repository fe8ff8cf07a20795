import { createHash } from 'node:crypto';

/**
 * Deterministic stand-ins for randomness: the demo catalogue, its fake media ids, its artwork and its
 * votes must come out the same on every run, so everything "random" is derived from a hash or a seeded
 * generator instead of Math.random.
 */

/** A stable unsigned 32-bit number for `text` (the first 4 bytes of its SHA-256). */
export function hashToUint32(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE64_URL = `${BASE62}-_`;

/** `length` characters from `alphabet`, derived from the SHA-256 of `seed` (re-hashed when more are needed). */
export function hashToCharacters(seed: string, length: number, alphabet = BASE62): string {
  let output = '';
  let round = 0;
  while (output.length < length) {
    const digest = createHash('sha256').update(`${seed}#${round}`).digest();
    for (const byte of digest) {
      if (output.length === length) break;
      output += alphabet[byte % alphabet.length];
    }
    round += 1;
  }
  return output;
}

/** A YouTube-style video id: 11 URL-safe base64 characters. */
export function hashToVideoId(seed: string): string {
  return hashToCharacters(seed, 11, BASE64_URL);
}

/** A run of `length` decimal digits that never starts with 0, like the numeric ids of Vimeo or Apple Music. */
export function hashToDigits(seed: string, length: number): string {
  const digits = hashToCharacters(seed, length, '0123456789');
  return `${(Number(digits[0]) % 9) + 1}${digits.slice(1)}`;
}

/** A seeded pseudo-random generator (mulberry32) returning numbers in [0, 1). */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks one item of a non-empty list with a seeded generator. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** A URL slug: accents folded, anything but letters and digits turned into single hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
