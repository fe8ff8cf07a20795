import type { LinkKind } from '@ovation/shared';
import { hashToCharacters, hashToDigits, hashToVideoId, slugify } from './deterministic';

/**
 * Builds a realistic but fake media link of the given kind for a demo song. The ids are derived from the
 * song's title and artist, so the catalogue is the same on every run and no link points at a real upload.
 */
export function buildSongLink(kind: LinkKind, title: string, artist: string): string {
  const seed = `${artist}|${title}`;
  // Arabic or otherwise non-Latin titles fold to an empty slug; a hashed one keeps the URL well formed.
  const titleSlug = slugify(title) || `track-${hashToCharacters(seed, 8).toLowerCase()}`;
  const artistSlug = slugify(artist) || `artist-${hashToCharacters(artist, 6).toLowerCase()}`;
  switch (kind) {
    case 'youtube':
      return `https://www.youtube.com/watch?v=${hashToVideoId(seed)}`;
    case 'vimeo':
      return `https://vimeo.com/${hashToDigits(seed, 9)}`;
    case 'spotify':
      return `https://open.spotify.com/track/${hashToCharacters(seed, 22)}`;
    case 'audiomack':
      return `https://audiomack.com/${artistSlug}/song/${titleSlug}`;
    case 'soundcloud':
      return `https://soundcloud.com/${artistSlug}/${titleSlug}`;
    case 'apple-music':
      return `https://music.apple.com/us/album/${titleSlug}/${hashToDigits(`${seed}|album`, 10)}?i=${hashToDigits(seed, 10)}`;
    case 'mp3':
      return `https://media.ovation.test/audio/${artistSlug}-${titleSlug}.mp3`;
    case 'other':
      return `https://www.boomplay.com/songs/${hashToDigits(`${seed}|boomplay`, 9)}`;
  }
}
