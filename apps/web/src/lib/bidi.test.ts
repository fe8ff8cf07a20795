import { describe, expect, it } from 'vitest';
import { isolate } from './bidi';

describe('isolate', () => {
  it('isolates user text for sentences in either direction, leaving empty text alone', () => {
    expect(isolate('Amara Okafor')).toBe('\u2068Amara Okafor\u2069');
    expect(isolate('')).toBe('');
  });
});
