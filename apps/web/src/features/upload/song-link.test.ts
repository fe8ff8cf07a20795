import { describe, expect, it } from 'vitest';
import { recognisedLinkKind } from './song-link';

describe('recognisedLinkKind', () => {
  it('waits for a complete address before naming a kind', () => {
    expect(recognisedLinkKind('')).toBeNull();
    expect(recognisedLinkKind('https://you')).toBeNull();
    expect(recognisedLinkKind('youtube.com/watch?v=1')).toBeNull();
  });

  it('names the platform of a complete link', () => {
    expect(recognisedLinkKind('https://www.youtube.com/watch?v=abc')).toBe('youtube');
    expect(recognisedLinkKind(' https://open.spotify.com/track/1 ')).toBe('spotify');
    expect(recognisedLinkKind('https://music.apple.com/ng/album/x')).toBe('apple-music');
    expect(recognisedLinkKind('https://cdn.example.org/song.mp3')).toBe('mp3');
    expect(recognisedLinkKind('https://example.org/listen')).toBe('other');
  });
});
