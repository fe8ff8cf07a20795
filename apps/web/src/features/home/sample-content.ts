import type { CategoryType } from '@ovation/shared/constants';

/**
 * What the home page shows while the backend has no data, or cannot be reached (the public spec's Home: "fallback
 * sample content"). Names of categories are translated; song titles and artists are invented proper names,
 * the same in every language. Covers are drawn, never downloaded.
 */
export type SampleCategoryKey =
  | 'home.sample.categoryArtistOfTheYear'
  | 'home.sample.categorySongOfTheYear'
  | 'home.sample.categoryBestNewcomer'
  | 'home.sample.categoryBestCollaboration'
  | 'home.sample.categoryWestAfrica'
  | 'home.sample.categoryEastAfrica';

export interface SampleCategory {
  _id: string;
  nameKey: SampleCategoryKey;
  type: CategoryType;
  region: string | null;
  icon: string;
  color: string;
  totalSongs: number;
}

export const SAMPLE_CATEGORIES: SampleCategory[] = [
  {
    _id: 'sample-artist',
    nameKey: 'home.sample.categoryArtistOfTheYear',
    type: 'continental',
    region: null,
    icon: '🏆',
    color: '#f7c04a',
    totalSongs: 12,
  },
  {
    _id: 'sample-song',
    nameKey: 'home.sample.categorySongOfTheYear',
    type: 'continental',
    region: null,
    icon: '🎵',
    color: '#ff7f5c',
    totalSongs: 16,
  },
  {
    _id: 'sample-newcomer',
    nameKey: 'home.sample.categoryBestNewcomer',
    type: 'continental',
    region: null,
    icon: '🌟',
    color: '#34d399',
    totalSongs: 10,
  },
  {
    _id: 'sample-collaboration',
    nameKey: 'home.sample.categoryBestCollaboration',
    type: 'continental',
    region: null,
    icon: '🤝',
    color: '#f7c04a',
    totalSongs: 8,
  },
  {
    _id: 'sample-west',
    nameKey: 'home.sample.categoryWestAfrica',
    type: 'regional',
    region: 'West Africa',
    icon: '🌍',
    color: '#34d399',
    totalSongs: 14,
  },
  {
    _id: 'sample-east',
    nameKey: 'home.sample.categoryEastAfrica',
    type: 'regional',
    region: 'East Africa',
    icon: '🥁',
    color: '#ff7f5c',
    totalSongs: 11,
  },
];

export interface SampleSong {
  _id: string;
  title: string;
  artist: string;
  categoryIndex: number;
}

export const SAMPLE_SONGS: SampleSong[] = [
  { _id: 'sample-1', title: 'Sankofa', artist: 'Kojo Mensah', categoryIndex: 0 },
  { _id: 'sample-2', title: 'Ayo Ni', artist: 'Tolu Bankole', categoryIndex: 1 },
  { _id: 'sample-3', title: 'Mbali', artist: 'Lindiwe Khumalo', categoryIndex: 2 },
  { _id: 'sample-4', title: 'Nakupenda', artist: 'Kito & Imani', categoryIndex: 3 },
  { _id: 'sample-5', title: 'Dakar Soir', artist: 'Awa Ndiaye', categoryIndex: 4 },
  { _id: 'sample-6', title: 'Sawa Sawa', artist: 'Zawadi', categoryIndex: 5 },
  { _id: 'sample-7', title: 'Ya Nour', artist: 'Salma Idrissi', categoryIndex: 1 },
  { _id: 'sample-8', title: 'Kizomba Lua', artist: 'Nélia Santos', categoryIndex: 3 },
];
