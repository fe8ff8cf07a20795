import type { Category, Song } from '@ovation/shared';
import { describe, expect, it } from 'vitest';
import { dedupeSongs, filterCategories, findNeighbours, songPlaces } from './category-helpers';

const category = (overrides: Partial<Category>): Category => ({
  _id: 'c',
  name: 'Category',
  description: '',
  type: 'continental',
  region: null,
  icon: '🎵',
  color: '#fff',
  sortOrder: 0,
  translations: {},
  totalSongs: 0,
  ...overrides,
});
const song = (_id: string, title: string, artist: string) => ({ _id, title, artist }) as Song;

describe('songPlaces', () => {
  it('keeps the places the server ranked the songs at, ties included (1, 1, 3)', () => {
    const places = [1, 1, 3, 4, 4, 4, 7].map((rank) => ({ rank }));
    expect(songPlaces(places)).toEqual([1, 1, 3, 4, 4, 4, 7]);
  });

  it('numbers songs by position when the answer carries no places', () => {
    expect(songPlaces([{}, {}, {}])).toEqual([1, 2, 3]);
  });
});

describe('dedupeSongs', () => {
  it('keeps the first of each id and of each title and artist pair, in rank order', () => {
    const ranked = [
      song('a', 'Water', 'Tyla'),
      song('b', 'water ', 'TYLA'),
      song('a', 'Water', 'Tyla'),
      song('c', 'Rush', 'Ayra Starr'),
    ];
    expect(dedupeSongs(ranked).map((item) => item._id)).toEqual(['a', 'c']);
  });
});

describe('findNeighbours', () => {
  const list = [
    category({ _id: 'b', sortOrder: 2 }),
    category({ _id: 'a', sortOrder: 1 }),
    category({ _id: 'c', sortOrder: 3 }),
  ];
  it('gives the position and the categories either side in the admins order', () => {
    expect(findNeighbours(list, 'b')).toMatchObject({
      position: 2,
      total: 3,
      previous: { _id: 'a' },
      next: { _id: 'c' },
    });
    expect(findNeighbours(list, 'a')?.previous).toBeNull();
    expect(findNeighbours(list, 'zzz')).toBeNull();
  });
});

describe('filterCategories', () => {
  const list = [
    category({
      _id: '1',
      name: 'Best North African Song',
      type: 'regional',
      region: 'North Africa',
      totalSongs: 5,
      totalVotes: 9,
    }),
    category({ _id: '2', name: 'Best Newcomer', totalSongs: 7, totalVotes: 2 }),
    category({ _id: '3', name: 'Árbol Award', totalSongs: 1 }),
  ];
  it('searches names, descriptions and regions, ignoring accents', () => {
    expect(
      filterCategories(list, { search: 'arbol', type: 'all', sort: 'name', locale: 'en' }).map((c) => c._id),
    ).toEqual(['3']);
    expect(
      filterCategories(list, { search: 'north', type: 'all', sort: 'name', locale: 'en' }).map((c) => c._id),
    ).toEqual(['1']);
  });
  it("searches and sorts by the reader's language, still finding the English name", () => {
    const translated = [
      category({ _id: 'a', name: 'Song of the Year', translations: { fr: { name: "Chanson de l'année" } } }),
      category({ _id: 'b', name: 'Best Newcomer', translations: { fr: { name: 'Meilleure révélation' } } }),
    ];
    const search = (text: string) =>
      filterCategories(translated, { search: text, type: 'all', sort: 'name', locale: 'fr' }).map(
        (c) => c._id,
      );
    expect(search('revelation')).toEqual(['b']);
    expect(search('newcomer')).toEqual(['b']);
    expect(search('')).toEqual(['a', 'b']);
  });
  it('filters by type and sorts by songs or votes', () => {
    expect(
      filterCategories(list, { search: '', type: 'continental', sort: 'songs', locale: 'en' }).map(
        (c) => c._id,
      ),
    ).toEqual(['2', '3']);
    expect(
      filterCategories(list, { search: '', type: 'all', sort: 'votes', locale: 'en' }).map((c) => c._id),
    ).toEqual(['1', '2', '3']);
  });
});
