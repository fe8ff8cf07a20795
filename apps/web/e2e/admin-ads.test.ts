import type { AdminAd } from '@ovation/shared/schemas/ads';
import { wallClockAt } from '@ovation/shared/zoned-time';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAdsPage } from './pages/admin-ads';
import { callApi } from './support/api';
import { setUpBrowser } from './support/browser';
import { expectAdminDesktopLayout, expectReachable, openNarrowPage, openWidePage } from './support/reach';
import { ADMIN, apiAs, logIn, type SignedIn, storeSession } from './support/session';

const browser = setUpBrowser();
const SUFFIX = Date.now().toString(36);

let admin: SignedIn;
beforeAll(async () => {
  admin = await logIn(browser.baseUrl, ADMIN);
});

/** Every ad of the list whose title holds `search`, as the API gives them. */
async function adsMatching(search: string): Promise<AdminAd[]> {
  const found = await apiAs<{ ads: AdminAd[] }>(
    browser.baseUrl,
    admin.token,
    `/ads?search=${encodeURIComponent(search)}&limit=100`,
  );
  return found.ads;
}

/** Takes away the ads this file made, whatever a test left behind. */
afterAll(async () => {
  for (const ad of await adsMatching(SUFFIX)) {
    await callApi(browser.baseUrl, admin.token, 'DELETE', `/ads/${ad._id}`);
  }
});

/** A wide strip of one colour with a band across it, as a PNG: the shape of a between-songs ad. */
function stripPng(background: string, width = 1200, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([
      { input: { create: { width, height: 40, channels: 3, background: '#f7c04a' } }, top: 130, left: 0 },
    ])
    .png()
    .toBuffer();
}

/** Today in the platform's timezone (the voting settings'), as the server counts calendar days. */
async function platformToday(): Promise<string> {
  const { timezone } = await apiAs<{ timezone: string }>(browser.baseUrl, admin.token, '/voting-settings');
  const clock = wallClockAt(Date.now(), timezone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** `day` plus `days` calendar days. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe('ad management', () => {
  it('creates a between-songs ad through the screen, refuses bad input, edits, toggles, reports and deletes it', async () => {
    const title = `Between songs ${SUFFIX}`;
    const edited = `${title} (edited)`;
    await storeSession(browser.context, admin);
    const screen = new AdminAdsPage(browser.page);
    await screen.open();

    // Nothing filled in: the spec's messages under their fields, and nothing is sent.
    await screen.startCreating();
    const today = await platformToday();
    expect(await screen.field('startDate').inputValue()).toBe(today);
    expect(await screen.field('weight').inputValue()).toBe('1');
    expect(
      await screen.dialog.getByRole('checkbox', { name: screen.locationName('banner') }).isChecked(),
    ).toBe(true);
    await screen.submit('create');
    await screen.dialogSays(screen.shared('validation.adImageRequired'));
    await screen.dialogSays(screen.shared('validation.titleRequired'));
    await screen.dialogSays(screen.shared('validation.adTargetUrlRequired'));

    // Too large a picture is refused before anything is sent, with the spec's words.
    await screen.chooseImage('huge.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 1));
    await screen.dialogSays(screen.shared('validation.adFileTooLarge'));

    // A script address and a weight of 11 are refused, each on its field.
    await screen.fill({
      image: await stripPng('#0f766e'),
      title,
      description: 'Cold drinks at the awards night.',
      targetUrl: 'javascript:alert(1)',
      locations: ['between-songs'],
      weight: '11',
    });
    await screen.submit('create');
    await screen.dialogSays(screen.shared('validation.adTargetUrlInvalid'));
    await screen.dialogSays(screen.shared('validation.adWeightInvalid'));
    expect(await adsMatching(SUFFIX)).toEqual([]);

    await screen.fill({ targetUrl: 'https://sponsor.example/awards?from=ovation', weight: '3' });
    await screen.submit('create');
    await screen.toast(screen.shared('success.adCreated'));
    const row = screen.row(title);
    await row.waitFor();
    const cells = (await row.locator('th, td').allInnerTexts()).join(' | ');
    expect(cells).toContain(screen.locationName('between-songs'));
    expect(cells).toContain(screen.text('states.active'));
    expect(cells).toContain('0.00%');
    // The target shows its host and opens in a new tab.
    const link = row.getByRole('link');
    expect(await link.innerText()).toContain('sponsor.example');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toBe('https://sponsor.example/awards?from=ovation');

    const [stored] = await adsMatching(title);
    expect(stored).toMatchObject({
      title,
      targetUrl: 'https://sponsor.example/awards?from=ovation',
      isActive: true,
      displaySettings: {
        locations: ['between-songs'],
        weight: 3,
        startDate: today,
        endDate: null,
        maxDailyImpressions: 0,
        maxTotalImpressions: 0,
      },
    });
    expect(stored?.imageUrl).toMatch(/^\/uploads\//);

    // Edit: the form opens with the ad's values; a new title, an end date and a daily cap are saved.
    await screen.startEditing(title);
    expect(await screen.field('title').inputValue()).toBe(title);
    expect(await screen.field('weight').inputValue()).toBe('3');
    const endDate = addDays(today, 30);
    await screen.fill({ title: edited, endDate, maxDailyImpressions: '100' });
    await screen.submit('save');
    await screen.toast(screen.shared('success.adUpdated'));
    await screen.row(edited).waitFor();
    const [saved] = await adsMatching(edited);
    expect(saved?.displaySettings).toMatchObject({ endDate, maxDailyImpressions: 100, weight: 3 });
    expect(saved?.imageUrl).toBe(stored?.imageUrl);

    // Deactivate, then activate again: the server's message each time, and the status follows.
    await screen.button('table.deactivateNamed', edited).click();
    await screen.toast(screen.shared('success.adDeactivated'));
    await expect.poll(() => screen.row(edited).innerText()).toContain(screen.text('states.inactive'));
    // The status filter lives in the URL.
    await screen.filterStatus('active');
    await expect.poll(() => new URL(browser.page.url()).searchParams.get('status')).toBe('active');
    await expect.poll(() => screen.row(edited).count()).toBe(0);
    await screen.filterStatus('all');
    await screen.button('table.activateNamed', edited).click();
    await screen.toast(screen.shared('success.adActivated'));
    await expect.poll(() => screen.row(edited).innerText()).toContain(screen.text('states.active'));

    // Analytics: the totals, what is not counted and why, and the per-location table.
    const analytics = await screen.openAnalytics(edited);
    await analytics.getByText(screen.text('analytics.filteredText'), { exact: true }).waitFor();
    const byLocation = analytics.locator('tbody tr');
    // Not the loading row (an empty placeholder): the answer's row.
    await byLocation.filter({ hasText: screen.locationName('between-songs') }).waitFor();
    expect(await byLocation.allInnerTexts()).toEqual([
      expect.stringMatching(new RegExp(`^${screen.locationName('between-songs')}\\s+0\\s+0\\s+0\\.00%$`)),
    ]);
    expect(await analytics.locator('dl').first().innerText()).toContain('0.00%');
    await analytics.getByRole('button', { name: screen.shared('common.close'), exact: true }).click();
    await analytics.waitFor({ state: 'hidden' });

    // Delete asks first; then the ad leaves the screen and the list.
    await screen.deleteAd(edited);
    await screen.toast(screen.shared('success.adDeleted'));
    await expect.poll(() => screen.row(edited).count()).toBe(0);
    expect(await adsMatching(SUFFIX)).toEqual([]);
  });
});

/** Opens the screen, then the create form, then an ad's analytics, checking each as it stands. */
async function checkEveryView(page: Page, language: string, check: (label: string) => Promise<void>) {
  const screen = new AdminAdsPage(page, language);
  await screen.open();
  await screen.items.first().waitFor();
  await check(`ads, ${language}`);
  await screen.startCreating();
  await check(`ad form, ${language}`);
  await page.keyboard.press('Escape');
  await screen.dialog.waitFor({ state: 'hidden' });
  await screen.items
    .first()
    .getByRole('button', { name: screen.text('table.analyticsNamed').replace('{{name}}', '') })
    .click();
  await page
    .getByRole('dialog', { name: screen.text('analytics.title') })
    .locator('tbody tr')
    .first()
    .waitFor();
  await check(`ad analytics, ${language}`);
  await page.keyboard.press('Escape');
}

describe('reach', () => {
  it('reads at 320 and 390 px in English and Arabic without sideways scrolling or serious axe findings', async () => {
    for (const language of ['en', 'ar']) {
      const narrow = await openNarrowPage(browser, language);
      await storeSession(browser.context, admin);
      await checkEveryView(narrow, language, (label) => expectReachable(narrow, `${label}, 320 px`));
      expect(await narrow.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');

      const phone = await browser.reset({ language, viewport: 'phone' });
      await phone.emulateMedia({ reducedMotion: 'reduce' });
      await storeSession(browser.context, admin);
      await checkEveryView(phone, language, (label) => expectReachable(phone, `${label}, 390 px`));
    }
  });

  it('lays the screen out at 1366 px in English and Arabic, the sidebar at the inline start, the actions in view', async () => {
    for (const language of ['en', 'ar']) {
      const page = await openWidePage(browser, language);
      await storeSession(browser.context, admin);
      await checkEveryView(page, language, async (label) => {
        await expectAdminDesktopLayout(page, language, `${label}, 1366 px`);
        await expectReachable(page, `${label}, 1366 px`);
      });
      // The table fits: no sideways scrolling inside its card, every row's buttons in view.
      const screen = new AdminAdsPage(page, language);
      await screen.open();
      await screen.table.locator('tbody tr td:last-child button').first().waitFor();
      expect(await screen.tableOverflow()).toBe(0);
      const buttons = await screen.table.locator('tbody tr td:last-child button').all();
      expect(buttons.length).toBeGreaterThan(0);
      for (const button of buttons) {
        expect.soft(await screen.inView(button)).toBe(true);
        expect.soft(await button.getAttribute('aria-label')).toBeTruthy();
      }
      // Each icon is explained by a visible tooltip, in the reader's language.
      const first = screen.table.locator('tbody tr').first();
      const edit = first.getByRole('button', {
        name: new RegExp(`^${screen.text('table.editNamed').replace('{{name}}', '')}`),
      });
      expect(await screen.tooltipOf(edit)).toBe(screen.text('table.action.edit'));
      // The target URL is on screen, not cut off under another column.
      const target = first.getByRole('link').first();
      expect(await screen.inView(target)).toBe(true);
    }
  });

  it('shows one card per ad on a 390 px phone, every action labelled and in view, in English and Arabic', async () => {
    for (const language of ['en', 'ar']) {
      const page = await browser.reset({ language, viewport: 'phone' });
      await storeSession(browser.context, admin);
      const screen = new AdminAdsPage(page, language);
      await screen.open();
      await screen.items.first().waitFor();
      expect(await screen.tableOverflow()).toBeNull();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      const card = screen.items.first();
      const buttons = await card.getByRole('button').all();
      expect(buttons.length).toBe(4);
      for (const button of buttons) {
        expect(await screen.inView(button)).toBe(true);
        expect((await button.innerText()).trim()).not.toBe('');
      }
    }
  });
});
