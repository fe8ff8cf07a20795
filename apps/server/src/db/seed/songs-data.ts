import type { SongGroup, SongSeed } from './song-seed';
import { GENRE_SONG_GROUPS } from './songs-genres';
import { HEADLINE_SONG_GROUPS } from './songs-headline';
import { REGIONAL_SONG_GROUPS } from './songs-regional';

/** The name the demo artist account performs under; her own songs carry it. */
export const DEMO_ARTIST_NAME = 'Amara Okafor';

/**
 * The demo artist's own uploads: one approved nominee, three waiting for review and one rejected, so the
 * artist dashboard and the admin review queue have something to show.
 */
const DEMO_ARTIST_SONG_GROUPS: readonly SongGroup[] = [
  {
    category: 'Best Newcomer',
    songs: [
      {
        title: 'Lagos Sunrise',
        artist: DEMO_ARTIST_NAME,
        link: 'audiomack',
        duration: '3:18',
        releaseDate: '2025-03-14',
        tags: ['afro-soul', 'newcomer'],
        description: 'A warm, horn-kissed ode to early mornings on Third Mainland Bridge.',
        buzz: 5,
        uploader: 'artist',
      },
      {
        title: 'Ìfẹ́ Mi',
        artist: DEMO_ARTIST_NAME,
        link: 'youtube',
        duration: '3:02',
        releaseDate: '2025-08-22',
        tags: ['afro-r&b', 'yoruba'],
        description: 'A Yoruba love song (“my love”) built on talking drum and soft synth pads.',
        buzz: 1,
        status: 'pending',
        uploader: 'artist',
      },
    ],
  },
  {
    category: 'Best Afrobeats Song',
    songs: [
      {
        title: 'Owambe Season',
        artist: DEMO_ARTIST_NAME,
        link: 'spotify',
        duration: '2:55',
        releaseDate: '2025-09-05',
        tags: ['afrobeats', 'party'],
        description: 'Aso-ebi, jollof and a horn section: the sound of a Lagos party Saturday.',
        buzz: 1,
        status: 'pending',
        uploader: 'artist',
      },
      {
        title: 'Midnight in Ikeja',
        artist: DEMO_ARTIST_NAME,
        link: 'youtube',
        duration: '3:40',
        releaseDate: '2024-12-01',
        tags: ['afrobeats', 'demo'],
        description: 'An early rough demo, submitted before the final mix was ready.',
        buzz: 1,
        status: 'rejected',
        uploader: 'artist',
      },
    ],
  },
  {
    category: 'Best West African Song',
    songs: [
      {
        title: 'Gidi Nights',
        artist: DEMO_ARTIST_NAME,
        link: 'audiomack',
        duration: '3:11',
        releaseDate: '2025-07-18',
        tags: ['afropop', 'nightlife'],
        description: 'Neon, traffic and a dance floor that never closes: Lagos after dark.',
        buzz: 1,
        status: 'pending',
        uploader: 'artist',
      },
    ],
  },
];

/** One song with the name of the category it is nominated in. */
export interface NominatedSong extends SongSeed {
  category: string;
}

/** The whole demo catalogue, in a stable order (the order its creation dates are spread in). */
export const DEMO_SONGS: readonly NominatedSong[] = [
  ...HEADLINE_SONG_GROUPS,
  ...GENRE_SONG_GROUPS,
  ...REGIONAL_SONG_GROUPS,
  ...DEMO_ARTIST_SONG_GROUPS,
].flatMap((group) => group.songs.map((song) => ({ ...song, category: group.category })));
