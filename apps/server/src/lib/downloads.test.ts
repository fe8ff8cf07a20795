import { describe, expect, it } from 'vitest';
import { csvField, datedFileName, safeCell } from './downloads';

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

describe('datedFileName', () => {
  it('dates a file on the wall clock of the timezone given, not in UTC', () => {
    const lateInUtc = new Date('2025-11-28T23:30:00Z');
    expect(datedFileName('vote-report', 'UTC', lateInUtc)).toBe('vote-report-2025-11-28.csv');
    expect(datedFileName('vote-report', 'Africa/Lagos', lateInUtc)).toBe('vote-report-2025-11-29.csv');
    expect(datedFileName('users', 'America/New_York', new Date('2026-01-01T03:00:00Z'), 'xlsx')).toBe(
      'users-2025-12-31.xlsx',
    );
  });
});
