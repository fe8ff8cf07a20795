import { describe, expect, it } from 'vitest';
import { abbreviateNumber, adminFigure, formatFileSize } from './format-number';

const MB = 1024 * 1024;

/** The figure as the tile shows it; spaces are plain ones, so a narrow tile may wrap at them. */
function withPlainSpaces(text: string) {
  expect(text).not.toMatch(/[\u00a0\u202f]/);
  return text;
}

describe('abbreviateNumber', () => {
  it('shows counts below a thousand as they are', () => {
    expect(abbreviateNumber(0)).toBe('0');
    expect(abbreviateNumber(7)).toBe('7');
    expect(abbreviateNumber(999)).toBe('999');
  });

  it('abbreviates thousands, millions and billions in English the spec’s way: one decimal and a plus', () => {
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

  it('uses the French units and decimal comma', () => {
    expect(abbreviateNumber(950, 'fr')).toBe('950');
    expect(withPlainSpaces(abbreviateNumber(1234, 'fr'))).toBe('1,2 k+');
    expect(withPlainSpaces(abbreviateNumber(999_999, 'fr'))).toBe('999,9 k+');
    expect(withPlainSpaces(abbreviateNumber(2_750_000, 'fr'))).toBe('2,7 M+');
    expect(withPlainSpaces(abbreviateNumber(3_100_000_000, 'fr'))).toBe('3,1 Md+');
  });

  it('uses the Portuguese units (mil, mi, bi) and decimal comma', () => {
    expect(withPlainSpaces(abbreviateNumber(1234, 'pt'))).toBe('1,2 mil+');
    expect(withPlainSpaces(abbreviateNumber(1999, 'pt'))).toBe('1,9 mil+');
    expect(withPlainSpaces(abbreviateNumber(2_750_000, 'pt'))).toBe('2,7 mi+');
    expect(withPlainSpaces(abbreviateNumber(3_100_000_000, 'pt'))).toBe('3,1 bi+');
  });

  it('uses the Swahili word for thousands before the figure, the plus still at its end', () => {
    expect(withPlainSpaces(abbreviateNumber(1234, 'sw'))).toBe('elfu 1.2+');
    expect(withPlainSpaces(abbreviateNumber(15_500, 'sw'))).toBe('elfu 15.5+');
    expect(abbreviateNumber(2_750_000, 'sw')).toBe('2.7M+');
  });

  it('uses the Arabic unit words, with the plus after them so it ends the figure read from the right', () => {
    const thousands = withPlainSpaces(abbreviateNumber(1434, 'ar'));
    expect(thousands).toBe('1.4 ألف+');
    // The plus is the last character in logical order: in a right-to-left line it sits at the figure's
    // end (its left), never before the number as "+1.4k" would read.
    expect(thousands.startsWith('+')).toBe(false);
    expect(thousands.endsWith('+')).toBe(true);
    expect(withPlainSpaces(abbreviateNumber(2_750_000, 'ar'))).toBe('2.7 مليون+');
    expect(withPlainSpaces(abbreviateNumber(3_100_000_000, 'ar'))).toBe('3.1 مليار+');
    expect(abbreviateNumber(999, 'ar')).toBe('999');
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

describe('adminFigure', () => {
  it('writes an admin’s figure out in full in the reader’s language', () => {
    expect(adminFigure(1437)).toEqual({ shown: '1,437', exact: '1,437' });
    expect(adminFigure(999_999)).toEqual({ shown: '999,999', exact: '999,999' });
    expect(adminFigure(1_234_567).shown).toBe('1,234,567');
    expect(adminFigure(1437, 'fr').shown).toBe('1\u202f437');
  });

  it('shortens only a figure too long for a tile, keeping the exact one', () => {
    expect(adminFigure(12_345_678)).toEqual({ shown: '12.3M+', exact: '12,345,678' });
  });
});
