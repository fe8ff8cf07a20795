import { describe, expect, it } from 'vitest';
import { checkCoverFile } from './cover-file';

const MB = 1024 * 1024;

describe('checkCoverFile', () => {
  it('asks for a cover when none is chosen', () => {
    expect(checkCoverFile(null)).toBe('coverRequired');
  });

  it('accepts the four image types the server decodes, up to exactly 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(checkCoverFile({ name: 'cover', type, size: 5 * MB })).toBeNull();
    }
  });

  it('refuses other types, even other images', () => {
    expect(checkCoverFile({ name: 'notes.pdf', type: 'application/pdf', size: 10 })).toBe('coverWrongType');
    expect(checkCoverFile({ name: 'art.svg', type: 'image/svg+xml', size: 10 })).toBe('coverWrongType');
    expect(checkCoverFile({ name: 'photo.heic', type: 'image/heic', size: 10 })).toBe('coverWrongType');
  });

  it('falls back on the extension when the browser gives no type', () => {
    expect(checkCoverFile({ name: 'COVER.JPG', type: '', size: 10 })).toBeNull();
    expect(checkCoverFile({ name: 'cover.txt', type: '', size: 10 })).toBe('coverWrongType');
  });

  it('refuses a file one byte over 5 MB', () => {
    expect(checkCoverFile({ name: 'big.png', type: 'image/png', size: 5 * MB + 1 })).toBe('coverTooLarge');
  });
});
