import { describe, expect, it } from 'vitest';
import { adBoxMaxWidth, betweenSongsSlot, pageAdSlots } from './page-slots';

const PHONE = { wide: false, popup: true };
const DESKTOP = { wide: true, popup: false };

describe('the slots each page asks for', () => {
  it('serves the public pages: header and footer strips, the page’s own slots, the popup unless shown today', () => {
    expect(pageAdSlots('/', PHONE)).toEqual(['header', 'banner', 'footer', 'popup']);
    expect(pageAdSlots('/songs', DESKTOP)).toEqual(['header', 'sidebar', 'footer', 'between-songs']);
    expect(pageAdSlots('/songs', PHONE)).toEqual(['header', 'footer', 'popup', 'between-songs']);
    expect(pageAdSlots('/categories/abc', DESKTOP)).toEqual([
      'header',
      'sidebar',
      'footer',
      'between-songs',
      'between-songs',
      'between-songs',
    ]);
    expect(pageAdSlots('/categories/abc', PHONE)).toEqual([
      'header',
      'footer',
      'popup',
      'between-songs',
      'between-songs',
      'between-songs',
    ]);
    for (const path of [
      '/categories',
      '/songs/abc',
      '/privacy-policy',
      '/terms-of-service',
      '/data-protection',
    ]) {
      expect(pageAdSlots(path, DESKTOP)).toEqual(['header', 'footer']);
    }
  });

  it('asks for the between-songs slots last: ads drawn for ones a short list never shows do not take the others’', () => {
    for (const path of ['/songs', '/categories/abc']) {
      const slots = pageAdSlots(path, { wide: true, popup: true }) ?? [];
      const first = slots.indexOf('between-songs');
      expect(first, path).toBeGreaterThan(slots.indexOf('popup'));
      expect(
        slots.slice(first).every((slot) => slot === 'between-songs'),
        path,
      ).toBe(true);
    }
  });

  it('serves none in the admin area, the account pages or on pages it does not know', () => {
    for (const path of [
      '/admin',
      '/admin/ads',
      '/admin/songs',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/auth/callback',
      '/profile',
      '/upload',
      '/dashboard',
      '/no-such-page',
      '/songs/abc/edit',
    ]) {
      expect(pageAdSlots(path, DESKTOP), path).toBeNull();
    }
  });
});

describe('between-songs slots', () => {
  it('follow every 6th card that has another card after it', () => {
    const after = (total: number) =>
      Array.from({ length: total }, (_, index) => betweenSongsSlot(index, total)).flatMap((slot, index) =>
        slot === null ? [] : [[index + 1, slot]],
      );
    expect(after(12)).toEqual([[6, 0]]);
    expect(after(13)).toEqual([
      [6, 0],
      [12, 1],
    ]);
    expect(after(6)).toEqual([]);
    expect(after(20)).toEqual([
      [6, 0],
      [12, 1],
      [18, 2],
    ]);
  });
});

describe('the box of an ad', () => {
  it('keeps its proportions and no taller than its place allows', () => {
    // A leaderboard in the header strip: its own width.
    expect(adBoxMaxWidth('header', { width: 728, height: 90 })).toBe(728);
    // A billboard (970 × 250) in the header strip: 120 px tall at most, so 465 px wide.
    expect(adBoxMaxWidth('header', { width: 970, height: 250 })).toBe(465);
    // The same under the slideshow: its whole size fits.
    expect(adBoxMaxWidth('banner', { width: 970, height: 250 })).toBe(970);
    expect(adBoxMaxWidth('sidebar', { width: 300, height: 600 })).toBe(300);
  });
});
