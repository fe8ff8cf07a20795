import { describe, expect, it } from 'vitest';
import { coerceListParams, nextListParams, parseListParams, writeListParams } from './list-params';

type Status = 'all' | 'pending' | 'approved' | 'rejected';
const DEFAULTS = { page: 1, search: '', status: 'all' as Status, mine: false };
const CHOICES = { status: ['all', 'pending', 'approved', 'rejected'] as const };

describe('parseListParams', () => {
  it('reads each filter with the type of its default', () => {
    const params = parseListParams(
      new URLSearchParams('page=3&search=lagos&status=pending&mine=true'),
      DEFAULTS,
      CHOICES,
    );
    expect(params).toEqual({ page: 3, search: 'lagos', status: 'pending', mine: true });
  });

  it('reads a missing, malformed or unknown value as its default', () => {
    expect(
      parseListParams(new URLSearchParams('page=abc&status=deleted&mine=yes'), DEFAULTS, CHOICES),
    ).toEqual(DEFAULTS);
    expect(parseListParams(new URLSearchParams('page=0'), DEFAULTS).page).toBe(1);
    expect(parseListParams(new URLSearchParams('page=2.5'), DEFAULTS).page).toBe(1);
    expect(parseListParams(new URLSearchParams(''), DEFAULTS)).toEqual(DEFAULTS);
  });
});

describe('writeListParams', () => {
  it('leaves defaults out of the URL and keeps parameters that are not filters', () => {
    const written = writeListParams(
      new URLSearchParams('tab=stats&search=old'),
      { page: 2, search: '', status: 'approved' as Status, mine: false },
      DEFAULTS,
    );
    expect(written.toString()).toBe('tab=stats&page=2&status=approved');
  });
});

describe('nextListParams', () => {
  it('goes back to page 1 when a filter changes', () => {
    const current = { ...DEFAULTS, page: 4 };
    expect(nextListParams(current, { status: 'rejected' }, DEFAULTS)).toMatchObject({
      page: 1,
      status: 'rejected',
    });
  });

  it('keeps the page when only the page changes, or when the filter did not really change', () => {
    const current = { ...DEFAULTS, page: 4, search: 'a' };
    expect(nextListParams(current, { page: 5 }, DEFAULTS).page).toBe(5);
    expect(nextListParams(current, { search: 'a' }, DEFAULTS).page).toBe(4);
  });
});

describe('coerceListParams', () => {
  it("reads a form's strings with each default's type and drops unknown keys and choices", () => {
    expect(
      coerceListParams({ search: ' lagos', status: 'pending', page: '3', other: 'x' }, DEFAULTS, CHOICES),
    ).toEqual({
      search: ' lagos',
      status: 'pending',
      page: 3,
    });
    expect(coerceListParams({ status: 'deleted', mine: 'true' }, DEFAULTS, CHOICES)).toEqual({
      status: 'all',
      mine: true,
    });
  });
});
