import { describe, expect, it } from 'vitest';
import { hasOnlyStorableText } from './storable-text';

describe('hasOnlyStorableText', () => {
  it('accepts ordinary text in any script, emoji included, at any depth', () => {
    expect(hasOnlyStorableText({ notes: 'Fête 🎶 تصويت', tags: ['a', { b: 'ç' }], n: 3, ok: null })).toBe(
      true,
    );
  });
  it('refuses NUL and lone surrogates, in values and in keys', () => {
    expect(hasOnlyStorableText({ notes: 'a\u0000b' })).toBe(false);
    expect(hasOnlyStorableText({ list: [['x', 'a\ud800b']] })).toBe(false);
    expect(hasOnlyStorableText({ 'k\udc00': 1 })).toBe(false);
  });
});
