/** The cover lives with the players (components/player) so they can show it too; songs keep this import path. */
export { PlaceholderCover, SongCover } from '../../../components/player/cover-art';

/** Grid cells: two columns on phones, three from 640 px, four from 1024 px (max-w-7xl). */
export const SONG_GRID_SIZES =
  '(min-width: 1280px) 296px, (min-width: 1024px) 24vw, (min-width: 640px) 32vw, 48vw';
