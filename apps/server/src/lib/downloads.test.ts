import { describe, expect, it } from 'vitest';
import { csvField, safeCell } from './downloads';

describe('cells safe against formula injection', () => {
  it('puts an apostrophe before text a spreadsheet would read as a formula', () => {
    for (const text of ['=1+1', '+2+3', '-1+1', '@SUM(A1:A2)', '\t=1', '\r=1'])
      expect(safeCell(text)).toBe(`'${text}`);
  });

  it('leaves other text, numbers, booleans and empty values as they are', () => {
    expect(safeCell('Ada Obi')).toBe('Ada Obi');
    expect(safeCell('ليلى الفاسي')).toBe('ليلى الفاسي');
    expect(safeCell(-3)).toBe(-3);
    expect(safeCell(true)).toBe(true);
    expect(safeCell(null)).toBe('');
    expect(safeCell(new Date('2026-11-23T10:00:00Z'))).toBe('2026-11-23T10:00:00.000Z');
  });

  it('quotes CSV fields holding a separator of any locale, a quote or a line break', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('x;=HYPERLINK("http://evil")')).toBe('"x;=HYPERLINK(""http://evil"")"');
    expect(csvField('a\tb')).toBe('"a\tb"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=cmd|')).toBe("'=cmd|");
  });
});
