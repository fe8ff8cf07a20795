import { describe, expect, it } from 'vitest';
import { checkImageFile, matchesAccept } from './file-checks';

const MB = 1024 * 1024;

describe('checkImageFile', () => {
  it('accepts an image up to exactly 5 MB', () => {
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 5 * MB })).toBeNull();
    expect(checkImageFile({ name: 'a.webp', type: '', size: 10 })).toBeNull();
  });

  it('refuses a file that is not an image', () => {
    expect(checkImageFile({ name: 'songs.csv', type: 'text/csv', size: 10 })).toBe('notImage');
    expect(checkImageFile({ name: 'notes', type: '', size: 10 })).toBe('notImage');
  });

  it('refuses an image one byte over 5 MB', () => {
    expect(checkImageFile({ name: 'big.jpg', type: 'image/jpeg', size: 5 * MB + 1 })).toBe('tooLarge');
  });
});

describe('matchesAccept', () => {
  it('matches extensions, exact types and wildcards', () => {
    const csv = { name: 'Songs.CSV', type: 'text/csv', size: 1 };
    expect(matchesAccept(csv, '.csv')).toBe(true);
    expect(matchesAccept({ ...csv, name: 'songs.txt', type: 'text/plain' }, '.csv,text/csv')).toBe(false);
    expect(matchesAccept({ name: 'x.png', type: 'image/png', size: 1 }, 'image/*')).toBe(true);
    expect(matchesAccept(csv, undefined)).toBe(true);
  });
});
