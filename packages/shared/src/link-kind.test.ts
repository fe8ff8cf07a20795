import { describe, expect, it } from 'vitest';
import { detectLinkKind } from './link-kind';

describe('detectLinkKind', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube'],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube'],
    ['https://vimeo.com/76979871', 'vimeo'],
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'spotify'],
    ['https://audiomack.com/burna-boy/song/city-boys', 'audiomack'],
    ['https://soundcloud.com/tems/free-mind', 'soundcloud'],
    ['https://music.apple.com/us/album/essence/1571245483?i=1571245489', 'apple-music'],
    ['https://cdn.example.org/audio/track.MP3', 'mp3'],
    ['https://boomplay.com/songs/1234', 'other'],
    ['not a url', 'other'],
    ['https://notyoutube.com/watch', 'other'],
  ])('%s is %s', (link, kind) => {
    expect(detectLinkKind(link)).toBe(kind);
  });
});
