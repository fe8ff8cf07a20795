import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatFileSize } from './format-number';

const MB = 1024 * 1024;

describe('abbreviateNumber', () => {
  it('shows counts below a thousand as they are', () => {
    expect(abbreviateNumber(0)).toBe('0');
    expect(abbreviateNumber(7)).toBe('7');
    expect(abbreviateNumber(999)).toBe('999');
  });

  it('abbreviates thousands, millions and billions with one decimal and a plus', () => {
    expect(abbreviateNumber(1000)).toBe('1k+');
    expect(abbreviateNumber(1234)).toBe('1.2k+');
    expect(abbreviateNumber(15_500)).toBe('15.5k+');
    expect(abbreviateNumber(1_000_000)).toBe('1M+');
    expect(abbreviateNumber(2_750_000)).toBe('2.7M+');
    expect(abbreviateNumber(3_100_000_000)).toBe('3.1B+');
  });

  it('rounds down so the plus stays true and never shows 1000k+', () => {
    expect(abbreviateNumber(1999)).toBe('1.9k+');
    expect(abbreviateNumber(999_999)).toBe('999.9k+');
    expect(abbreviateNumber(999_999_999)).toBe('999.9M+');
  });

  it('uses the decimal mark of the language', () => {
    expect(abbreviateNumber(1234, 'fr')).toBe('1,2k+');
    expect(abbreviateNumber(1234, 'pt')).toBe('1,2k+');
  });

  it('treats negative and non-finite input as zero', () => {
    expect(abbreviateNumber(-5)).toBe('0');
    expect(abbreviateNumber(Number.NaN)).toBe('0');
  });
});

describe('formatFileSize', () => {
  it('reads as people say sizes, rounding megabytes up so an oversize file never reads 5 MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(820 * 1024)).toBe('820 KB');
    expect(formatFileSize(5 * MB + 1)).toBe('5.1 MB');
    expect(formatFileSize(7.25 * MB)).toBe('7.3 MB');
  });

  it('uses the reader’s decimal mark', () => {
    expect(formatFileSize(7.25 * MB, 'fr')).toBe('7,3 MB');
  });
});
