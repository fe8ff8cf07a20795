import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download-file';

describe('fileNameFromDisposition', () => {
  it('reads a quoted and a bare file name', () => {
    expect(fileNameFromDisposition('attachment; filename="users-export.xlsx"')).toBe('users-export.xlsx');
    expect(fileNameFromDisposition('attachment; filename=votes-2025-11-28.csv')).toBe('votes-2025-11-28.csv');
  });

  it('prefers the UTF-8 name of filename*', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="report.csv"; filename*=UTF-8''%D8%AA%D9%82%D8%B1%D9%8A%D8%B1.csv`,
      ),
    ).toBe('تقرير.csv');
  });

  it('strips folders and answers null when there is no name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
