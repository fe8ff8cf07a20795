import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { songListQuery } from '../../../domain/songs/api/use-songs';
import { isSameTitle } from '../upload-fields';

/** 300 ms: the spec's debounce (the public spec); the check runs once the artist pauses typing. */
const DUPLICATE_CHECK_DEBOUNCE_MS = 300;
/** 10: the spec's duplicate-check page size (the public spec). */
const DUPLICATE_CHECK_LIMIT = 10;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The approved song already in the chosen category under the same title, if any (GET /songs with
 * category, search and limit 10: the public list holds approved songs only). A warning, never a block:
 * two different songs may share a title; the server refuses only an exact title-and-artist duplicate.
 */
export function useDuplicateSong(title: string, categoryId: string) {
  const search = useDebouncedValue(title.trim(), DUPLICATE_CHECK_DEBOUNCE_MS);
  const enabled = search.length >= 2 && categoryId !== '';
  const query = useQuery({
    ...songListQuery({ category: categoryId, search, limit: DUPLICATE_CHECK_LIMIT }),
    enabled,
  });
  if (!enabled || !isSameTitle(search, title)) return null;
  return query.data?.data.find((song) => isSameTitle(song.title, search)) ?? null;
}
