/** The cover lives with the players (components/player) so they can show it too; songs keep this import path. */
export { PlaceholderCover, SongCover } from '../../../components/player/cover-art';

/**
 * Grid cells: the page's width less its side padding and the gaps, shared by two columns on phones (1 rem
 * padding, 0.75 rem gap), three from 640 px (1.5 rem, 1 rem) and four from 1024 px (2 rem, 1.25 rem), in
 * an 80 rem column. Exact rather than rounded up: a 156 px card on a 360 px phone at 2x then takes the
 * 320 px file, not the 640 px one a loose '48vw' asked for.
 */
export const SONG_GRID_SIZES =
  '(min-width: 1280px) 289px, (min-width: 1024px) calc((100vw - 7.75rem) / 4), (min-width: 640px) calc((100vw - 5rem) / 3), calc((100vw - 2.75rem) / 2)';
