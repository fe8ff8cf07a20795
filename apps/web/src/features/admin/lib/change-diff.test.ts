import { describe, expect, it } from 'vitest';
import { changedFields } from './change-diff';

describe('changedFields', () => {
  it('keeps only what an edit changed', () => {
    expect(
      changedFields(
        { title: 'Essence', status: 'pending', tags: ['a'] },
        { title: 'Essence', status: 'approved', tags: ['a', 'b'] },
      ),
    ).toEqual([
      { field: 'status', before: 'pending', after: 'approved' },
      { field: 'tags', before: ['a'], after: ['a', 'b'] },
    ]);
  });

  it('lists every field of a created or a deleted record', () => {
    expect(changedFields(null, { name: 'Best Song', color: '#3B82F6' })).toEqual([
      { field: 'name', before: undefined, after: 'Best Song' },
      { field: 'color', before: undefined, after: '#3B82F6' },
    ]);
    expect(changedFields({ name: 'Gone' }, null)).toEqual([
      { field: 'name', before: 'Gone', after: undefined },
    ]);
  });

  it('has nothing to show without a before and an after, and one row for bare values', () => {
    expect(changedFields(null, null)).toEqual([]);
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual([]);
    expect(changedFields(1, 3)).toEqual([{ field: '', before: 1, after: 3 }]);
  });

  it('names the nested setting that changed, not its whole group', () => {
    expect(
      changedFields(
        { google: { enabled: false, useEnvCredentials: true }, facebook: { enabled: true } },
        { google: { enabled: true, useEnvCredentials: true }, facebook: { enabled: true } },
      ),
    ).toEqual([{ field: 'google.enabled', before: false, after: true }]);
  });
});
