import { describe, expect, it } from 'vitest';
import { setUpBrowser } from './support/browser';

const browser = setUpBrowser();

/** The banner files the page downloaded, by file name. */
function recordBannerDownloads() {
  const files: string[] = [];
  browser.page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/uploads/banners/')) files.push(pathname.split('/').pop()!);
  });
  return files;
}

/** The first slide's picture as the browser resolved it. */
async function firstBanner() {
  const image = browser.page.locator('section[aria-roledescription] picture img').first();
  await image.waitFor({ state: 'attached' });
  await expect
    .poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0))
    .toBe(true);
  return image.evaluate((node: HTMLImageElement) => ({
    currentSrc: node.currentSrc,
    portraitSize: {
      width: node.parentElement?.querySelector('source')?.getAttribute('width'),
      height: node.parentElement?.querySelector('source')?.getAttribute('height'),
    },
    width: node.getAttribute('width'),
    height: node.getAttribute('height'),
    srcset: node.getAttribute('srcset') ?? '',
    sizes: node.getAttribute('sizes'),
    loading: node.getAttribute('loading'),
    fetchPriority: node.getAttribute('fetchpriority'),
    portraitSrcset: node.parentElement?.querySelector('source')?.getAttribute('srcset') ?? '',
  }));
}

describe('home hero banners', () => {
  it('sends a phone the small upright crop, never the 1600 px file, and states every size', async () => {
    await browser.reset({ viewport: 'phone' });
    const downloads = recordBannerDownloads();
    await browser.page.goto('/');
    const banner = await firstBanner();
    expect(banner.currentSrc).toMatch(/-portrait-384\.webp$/);
    expect(banner.portraitSize).toEqual({ width: '384', height: '640' });
    expect(banner).toMatchObject({ width: '1600', height: '640', loading: 'eager', fetchPriority: 'high' });
    expect(banner.srcset).toMatch(/480w, .*800w, .*1200w, .*1600w$/);
    expect(banner.sizes).toBeTruthy();
    expect(banner.portraitSrcset).toMatch(/-portrait-384\.webp 384w$/);
    expect(downloads.length).toBeGreaterThan(0);
    expect(downloads.filter((file) => !file.includes('-portrait-'))).toEqual([]);

    const others = browser.page.locator('section[aria-roledescription] picture img');
    const count = await others.count();
    for (let index = 1; index < count; index += 1) {
      expect(await others.nth(index).getAttribute('loading')).toBe('lazy');
    }
  });

  it('gives a desktop a wide rendition that covers the hero', async () => {
    await browser.reset({ viewport: 'desktop' });
    await browser.page.goto('/');
    const banner = await firstBanner();
    expect(banner.currentSrc).toMatch(/-(1200|1600)\.webp$/);
    expect(banner.currentSrc).not.toContain('portrait');
  });
});
