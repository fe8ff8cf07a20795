import { SONGS_PAGE_SIZE } from '@ovation/shared/constants';
import type { SongListParams } from '../../domain/songs/api/use-songs';

/** The songs page's sort choices (the public spec's Songs list); 'votes' is offered to admins only. */
export const SONG_SORTS = {
  latest: { sortBy: 'createdAt', sortOrder: 'desc' },
  votes: { sortBy: 'totalVotes', sortOrder: 'desc' },
  title: { sortBy: 'title', sortOrder: 'asc' },
  artist: { sortBy: 'artist', sortOrder: 'asc' },
} as const satisfies Record<string, Pick<SongListParams, 'sortBy' | 'sortOrder'>>;
export type SongSort = keyof typeof SONG_SORTS;

export interface SongsFilterState {
  search: string;
  category: string;
  sort: SongSort;
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isSort(value: string | null): value is SongSort {
  return value !== null && Object.hasOwn(SONG_SORTS, value);
}

/**
 * Reads the filters from the address (?q=&category=&sort=&page=), so back, forward and shared links
 * restore the same list. Anything malformed falls back to the default; 'votes' needs an admin.
 */
export function readSongsFilters(params: URLSearchParams, isAdmin: boolean): SongsFilterState {
  const sort = params.get('sort');
  const category = params.get('category') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    search: (params.get('q') ?? '').slice(0, 100),
    category: UUID.test(category) ? category : '',
    sort: isSort(sort) && (sort !== 'votes' || isAdmin) ? sort : 'latest',
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The address for a filter state: defaults are left out so the plain /songs stays plain. */
export function writeSongsFilters(state: SongsFilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('q', state.search.trim());
  if (state.category) params.set('category', state.category);
  if (state.sort !== 'latest') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query for a filter state: 12 a page (the public spec). */
export function toSongListParams(state: SongsFilterState): SongListParams {
  return {
    page: state.page,
    limit: SONGS_PAGE_SIZE,
    ...SONG_SORTS[state.sort],
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(state.category ? { category: state.category } : {}),
  };
}
