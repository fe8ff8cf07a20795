import { describe, expect, it } from 'vitest';
import { facebookShareUrl, instagramCaption, songPageUrl, whatsAppShareUrl, xShareUrl } from './share-links';

describe('share links', () => {
  const url = songPageUrl('251c248d-5045', 'https://ovation.example');
  it('points at the song page', () => {
    expect(url).toBe('https://ovation.example/songs/251c248d-5045');
  });
  it('builds the Facebook and X share addresses with the page encoded', () => {
    expect(facebookShareUrl(url)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fovation.example%2Fsongs%2F251c248d-5045',
    );
    expect(xShareUrl(url, 'Vote for "Love Me JeJe"')).toBe(
      'https://twitter.com/intent/tweet?text=Vote+for+%22Love+Me+JeJe%22&url=https%3A%2F%2Fovation.example%2Fsongs%2F251c248d-5045',
    );
  });
  it('builds the WhatsApp share address with the text and the page in one message', () => {
    expect(whatsAppShareUrl(url, 'Vote for "Essence" & more')).toBe(
      'https://wa.me/?text=Vote%20for%20%22Essence%22%20%26%20more%20https%3A%2F%2Fovation.example%2Fsongs%2F251c248d-5045',
    );
  });
  it('writes an Instagram caption with clean, unique hashtags', () => {
    expect(instagramCaption('Vote!', url, ['afro-soul', 'love', 'Ovation2025'])).toBe(
      `Vote!\n${url}\n\n#Ovation2025 #afrosoul #love`,
    );
  });
});
