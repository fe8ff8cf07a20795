import type { CategoryType, REGIONS } from '@ovation/shared';

export type Region = (typeof REGIONS)[number];

export interface CategorySeed {
  name: string;
  description: string;
  type: CategoryType;
  /** Set on regional categories only, spelled exactly as in REGIONS. */
  region: Region | null;
  icon: string;
  color: string;
}

/**
 * The 2025 award categories: eight continental awards first, then one per region. Their order here is
 * their sortOrder, which is the order the home page and the categories page show them in.
 */
export const CATEGORY_SEEDS: readonly CategorySeed[] = [
  {
    name: 'Song of the Year',
    description: 'The one record the whole continent could not stop playing in 2025.',
    type: 'continental',
    region: null,
    icon: '🏆',
    color: '#F59E0B',
  },
  {
    name: 'Best Male Artiste',
    description: 'The man whose voice, releases and stage presence defined the year.',
    type: 'continental',
    region: null,
    icon: '🎤',
    color: '#2563EB',
  },
  {
    name: 'Best Female Artiste',
    description: 'The woman who owned the charts, the stages and the conversation this year.',
    type: 'continental',
    region: null,
    icon: '👑',
    color: '#DB2777',
  },
  {
    name: 'Best Newcomer',
    description: 'A breakout act whose first releases already sound like classics. Vote for the future.',
    type: 'continental',
    region: null,
    icon: '🌟',
    color: '#8B5CF6',
  },
  {
    name: 'Best Collaboration',
    description: 'Two or more artists, one unforgettable record. Celebrating the duets and features of 2025.',
    type: 'continental',
    region: null,
    icon: '🤝',
    color: '#0EA5E9',
  },
  {
    name: 'Best Afrobeats Song',
    description: 'The Afrobeats record with the groove, the hook and the replay value.',
    type: 'continental',
    region: null,
    icon: '🥁',
    color: '#EA580C',
  },
  {
    name: 'Best Amapiano Song',
    description: 'Log drums, deep bass and dance floors from Soweto to Lagos. Pick the piano that moved you.',
    type: 'continental',
    region: null,
    icon: '🎹',
    color: '#10B981',
  },
  {
    name: 'Best Gospel Song',
    description: 'The song of praise and worship that lifted congregations and playlists alike.',
    type: 'continental',
    region: null,
    icon: '🙏',
    color: '#6366F1',
  },
  {
    name: 'Best West African Song',
    description: 'From Accra to Abidjan and Dakar: the finest record out of West Africa.',
    type: 'regional',
    region: 'West Africa',
    icon: '🌍',
    color: '#16A34A',
  },
  {
    name: 'Best East African Song',
    description: 'Bongo Flava, Gengetone and beyond: the standout song from East Africa.',
    type: 'regional',
    region: 'East Africa',
    icon: '🦁',
    color: '#CA8A04',
  },
  {
    name: 'Best Southern African Song',
    description: 'Johannesburg, Harare, Lusaka and Luanda: the record that carried Southern Africa.',
    type: 'regional',
    region: 'Southern Africa',
    icon: '🌅',
    color: '#DC2626',
  },
  {
    name: 'Best North African Song',
    description: 'Raï, mahraganat, Maghrebi pop and Arabic rap: the song of the year from North Africa.',
    type: 'regional',
    region: 'North Africa',
    icon: '🕌',
    color: '#0D9488',
  },
  {
    name: 'Best Central African Song',
    description: 'Rumba, ndombolo and Afro-pop from Kinshasa to Yaoundé: Central Africa’s finest song.',
    type: 'regional',
    region: 'Central Africa',
    icon: '🌿',
    color: '#9333EA',
  },
];
