import { describe, expect, it } from 'vitest';
import { readSongsFilters, toSongListParams, writeSongsFilters } from './songs-query-state';

const CATEGORY = '48f347fd-3288-407d-b550-94d6cc4021f6';

describe('songs filters in the address', () => {
  it('round-trips every filter', () => {
    const state = { search: 'jeje', category: CATEGORY, sort: 'title' as const, page: 3 };
    expect(readSongsFilters(writeSongsFilters(state), false)).toEqual(state);
  });
  it('keeps the plain address plain', () => {
    expect(writeSongsFilters({ search: ' ', category: '', sort: 'latest', page: 1 }).toString()).toBe('');
  });
  it('ignores malformed values and keeps Most Voted for admins', () => {
    const params = new URLSearchParams('category=nope&sort=votes&page=-2');
    expect(readSongsFilters(params, false)).toEqual({ search: '', category: '', sort: 'latest', page: 1 });
    expect(readSongsFilters(params, true).sort).toBe('votes');
  });
  it('asks the API for 12 songs in the chosen order', () => {
    expect(toSongListParams({ search: 'Tems', category: '', sort: 'artist', page: 2 })).toEqual({
      page: 2,
      limit: 12,
      sortBy: 'artist',
      sortOrder: 'asc',
      search: 'Tems',
    });
  });
});
