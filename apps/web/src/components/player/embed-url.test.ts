import { describe, expect, it } from 'vitest';
import { embedSourceFor, isPreviewable, youtubeVideoId } from './embed-url';

describe('youtubeVideoId', () => {
  it('reads the id from every common YouTube link form', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=_OkFrlOQpyO')).toBe('_OkFrlOQpyO');
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ?t=3')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://m.youtube.com/shorts/abc123def')).toBe('abc123def');
    expect(youtubeVideoId('https://www.youtube.com/embed/abc123def')).toBe('abc123def');
  });
  it('refuses links without a video', () => {
    expect(youtubeVideoId('https://www.youtube.com/@channel')).toBeNull();
    expect(youtubeVideoId('not a url')).toBeNull();
  });
});

describe('embedSourceFor', () => {
  it('plays YouTube from the no-cookie host, muted when asked', () => {
    const source = embedSourceFor('youtube', 'https://www.youtube.com/watch?v=_OkFrlOQpyO', {
      autoPlay: true,
      muted: true,
    });
    expect(source?.src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/_OkFrlOQpyO\?/);
    expect(source?.src).toContain('autoplay=1');
    expect(source?.src).toContain('mute=1');
    expect(source?.shape).toBe('video');
  });
  it('embeds Vimeo with Do Not Track', () => {
    expect(embedSourceFor('vimeo', 'https://vimeo.com/551643273')?.src).toMatch(
      /^https:\/\/player\.vimeo\.com\/video\/551643273\?.*dnt=1/,
    );
  });
  it('embeds Spotify tracks in the compact player, ignoring the locale segment', () => {
    const source = embedSourceFor('spotify', 'https://open.spotify.com/intl-fr/track/z4T5SVQpCtIvc9tEkdXjhR');
    expect(source).toMatchObject({
      src: 'https://open.spotify.com/embed/track/z4T5SVQpCtIvc9tEkdXjhR',
      height: 152,
    });
  });
  it('embeds SoundCloud through its widget with the track address', () => {
    const source = embedSourceFor('soundcloud', 'https://soundcloud.com/llona/hometown');
    expect(source?.src).toContain(
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fllona%2Fhometown',
    );
  });
  it('embeds Audiomack songs and Apple Music tracks', () => {
    expect(embedSourceFor('audiomack', 'https://audiomack.com/libianca/song/americano')?.src).toBe(
      'https://audiomack.com/embed/song/libianca/americano',
    );
    const apple = embedSourceFor(
      'apple-music',
      'https://music.apple.com/us/album/isibusiso/3083714662?i=2869645966',
    );
    expect(apple).toMatchObject({
      src: 'https://embed.music.apple.com/us/album/isibusiso/3083714662?i=2869645966',
      height: 175,
    });
  });
  it('has no embed for audio files and other sites', () => {
    expect(embedSourceFor('mp3', 'https://media.example/a.mp3')).toBeNull();
    expect(embedSourceFor('other', 'https://www.boomplay.com/songs/1')).toBeNull();
  });
  it('previews only video and audio files on hover', () => {
    expect(['youtube', 'vimeo', 'mp3'].every((kind) => isPreviewable(kind as 'youtube'))).toBe(true);
    expect(isPreviewable('spotify')).toBe(false);
  });
});
