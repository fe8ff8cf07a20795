import fs from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject, type TestContext } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../../scripts/chromium.mjs';

export { CHROMIUM_FLAGS, CHROMIUM_PATH };

const root = path.resolve(import.meta.dirname, '../../../..');
/** Screenshots of failed journeys are kept here for the person reading the CI log. */
export const FAILURE_SCREENSHOTS = path.join(root, 'test-results/e2e');

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface BrowserSession {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly baseUrl: string;
  readonly offlineUrl: string;
  /**
   * Opens a fresh context (new local storage) with the language already chosen, or none. The demo's popup ad
   * is taken as seen today (it would cover the page a few seconds in) unless `adPopup` is set.
   */
  reset(options?: {
    language?: string | null;
    viewport?: keyof typeof VIEWPORTS;
    adPopup?: boolean;
    /**
     * Blocked unless a test is about the service worker: requests a worker makes escape `page.route`, and
     * a worker kept from one page would answer for the next.
     */
    serviceWorkers?: 'allow' | 'block';
  }): Promise<Page>;
}

/** Runs in the page: the ad popup's once-a-day note (lib/ads/popup-schedule.ts) set to today. */
export function markAdPopupSeen() {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  window.localStorage.setItem('adPopupShownOn', today);
}

/** One Chromium per test file, a fresh context per test; a failed test leaves a screenshot behind. */
export function setUpBrowser(): BrowserSession {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const baseUrl = inject('baseUrl');
  const offlineUrl = inject('offlineUrl');

  const session: BrowserSession = {
    get page() {
      return page;
    },
    get context() {
      return context;
    },
    baseUrl,
    offlineUrl,
    async reset({ language = 'en', viewport = 'desktop', adPopup = false, serviceWorkers = 'block' } = {}) {
      await context?.close();
      context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl, serviceWorkers });
      if (!adPopup) await context.addInitScript(markAdPopupSeen);
      if (language) {
        await context.addInitScript((code) => window.localStorage.setItem('language', code), language);
      }
      page = await context.newPage();
      return page;
    },
  };

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  });
  beforeEach(async (test: TestContext) => {
    await session.reset();
    test.onTestFailed(async () => {
      await fs.mkdir(FAILURE_SCREENSHOTS, { recursive: true });
      const name = test.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      await page
        ?.screenshot({ path: path.join(FAILURE_SCREENSHOTS, `${name}.png`), fullPage: true })
        .catch(() => {});
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return session;
}
