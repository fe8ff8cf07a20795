/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether every string in a value can be stored in PostgreSQL `text` and `jsonb`: JSON allows "\u0000"
 * and lone surrogates ("\ud800"), PostgreSQL refuses both, and a request carrying them must get a 400,
 * not fail halfway into the database. Checked once for every JSON body and multipart form.
 */
export function hasOnlyStorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000') || LONE_SURROGATE.test(next)) return false;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) pending.push(key, item);
    }
  }
  return true;
}
