import type { PlatformSettings } from '@ovation/shared/schemas/settings';
import type { VotingSettings } from '@ovation/shared/schemas/voting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { findApprovedSong, PublicVotingScreens, type VotedSong } from './pages/public-voting';
import { callApi, createVerifiedFan } from './support/api';
import { uniqueEmail } from './support/auth-flows';
import { setUpBrowser, type VIEWPORTS } from './support/browser';
import { ADMIN, apiAs, logIn, type SignedIn, storeSession } from './support/session';
import { readVotingWindow, serverNow, setVotingWindow } from './support/voting-window';

/*
 * What a fan reads about the vote follows what the admin set: a vote switched off reads as closed even
 * with its dates ahead, and every rule text says the quota in force. English and Arabic, phone and a
 * 1366 px desktop.
 */

const browser = setUpBrowser();
const DAY_MS = 24 * 60 * 60 * 1000;
/** The desktop width the admins' laptops have (wider than the shared desktop viewport). */
const WIDE = { width: 1366, height: 800 };
const SCREENS: Array<{ language: string; viewport: keyof typeof VIEWPORTS; wide?: boolean }> = [
  { language: 'en', viewport: 'phone' },
  { language: 'en', viewport: 'desktop', wide: true },
  { language: 'ar', viewport: 'phone' },
  { language: 'ar', viewport: 'desktop', wide: true },
];

let adminToken: string;
let originalWindow: VotingSettings;
let originalSettings: PlatformSettings;
let demo: VotedSong;
/** A new fan, who has cast no vote: the vote dialog opens for them. */
let fan: SignedIn;

beforeAll(async () => {
  adminToken = (await logIn(browser.baseUrl, ADMIN)).token;
  originalWindow = await readVotingWindow(browser.baseUrl, adminToken);
  originalSettings = await apiAs<PlatformSettings>(browser.baseUrl, adminToken, '/admin/settings');
  demo = await findApprovedSong(browser.baseUrl);
  fan = await createVerifiedFan(browser.baseUrl, {
    name: 'Rule Reader',
    email: uniqueEmail('rule.reader'),
    password: 'Ovation2025!',
    language: 'en',
  });
});

// The e2e server is shared by every file of a run: the window and the settings go back as they were.
afterAll(async () => {
  await setVotingWindow(browser.baseUrl, adminToken, originalWindow);
  const restored = await callApi(browser.baseUrl, adminToken, 'PUT', '/admin/settings', originalSettings);
  if (!restored.ok) throw new Error(`Could not restore the settings: ${restored.status}`);
});

async function openScreen(language: string, viewport: keyof typeof VIEWPORTS, wide?: boolean) {
  const page = await browser.reset({ language, viewport });
  if (wide) await page.setViewportSize(WIDE);
  return new PublicVotingScreens(page, language);
}

describe('a vote the admin switched off, with its dates still ahead', () => {
  it.each(SCREENS)(
    'reads as closed everywhere, with no countdown to an opening ($language, $viewport)',
    async ({ language, viewport, wide }) => {
      const now = await serverNow(browser.baseUrl);
      await setVotingWindow(browser.baseUrl, adminToken, {
        ...originalWindow,
        isEnabled: false,
        startDate: new Date(now + 4 * DAY_MS).toISOString(),
        endDate: new Date(now + 9 * DAY_MS).toISOString(),
      });
      const screen = await openScreen(language, viewport, wide);

      await screen.open('/');
      expect(await screen.heroPhase()).toBe('closed');
      expect(await screen.shows('home.hero.captionClosed')).toBe(true);
      expect(await screen.shows('voting.statusClosed')).toBe(true);
      expect(await screen.countdownOpens()).toBe(false);
      const home = await screen.mainText();
      expect(home).not.toContain(text(language, 'voting.statusNotStarted'));
      expect(home).not.toContain(text(language, 'home.hero.captionNotStarted'));

      await screen.open(`/categories/${demo.categoryId}`, 'main ol li');
      const buttons = await screen.voteButtons();
      expect(buttons.length).toBeGreaterThan(0);
      for (const button of buttons) {
        expect(button).toEqual({ state: 'closed', label: text(language, 'voteButton.closed') });
      }

      await screen.open(`/songs/${demo.songId}`);
      expect(await screen.voteButtons()).toEqual([
        { state: 'closed', label: text(language, 'voteButton.closed') },
      ]);
      expect(await screen.mainText()).not.toContain(text(language, 'voteButton.notStarted'));
      expect(await screen.countdownOpens(500)).toBe(false);
    },
  );
});

describe('the rule texts with 3 votes per category and 2 per song', () => {
  it.each(SCREENS)(
    'say the quota in force on the song, category and home pages, the footer and the terms ($language, $viewport)',
    async ({ language, viewport, wide }) => {
      const now = await serverNow(browser.baseUrl);
      await setVotingWindow(browser.baseUrl, adminToken, {
        ...originalWindow,
        isEnabled: true,
        startDate: new Date(now - DAY_MS).toISOString(),
        endDate: new Date(now + 5 * DAY_MS).toISOString(),
      });
      const changed = await callApi(browser.baseUrl, adminToken, 'PUT', '/admin/settings', {
        ...originalSettings,
        // The vote dialog is the CAPTCHA step: it states the rule too.
        securitySettings: { ...originalSettings.securitySettings, requireCaptcha: true },
        votingSettings: {
          allowMultipleVotes: true,
          maxVotesPerUser: 2,
          dailyVotesPerCategory: 3,
          enableDailyVoting: true,
        },
      });
      expect(changed.status).toBe(200);
      const rule = {
        en: 'Each fan may vote 3 times per category every 24 hours, at most 2 times for the same song.',
        ar: 'يمكن لكل معجب التصويت 3 مرات في كل فئة كل 24 ساعة، بحد أقصى مرتين للأغنية نفسها.',
      }[language]!;
      const single = text(language, 'votingRule.summary.dailySingle').replace('{{hours, number}}', '24');
      const screen = await openScreen(language, viewport, wide);

      await screen.open(`/songs/${demo.songId}`);
      const song = await screen.mainText();
      expect(song).toContain(text(language, 'detail.voteHint', 'songs').replace('{{rule}}', rule));
      expect(song).not.toContain(single);
      expect(await screen.footerText()).toContain(
        text(language, 'footer.fairPlay').replace('{{rule}}', rule),
      );

      await screen.open(`/categories/${demo.categoryId}`, 'main ol li');
      expect(await screen.mainText()).toContain(
        text(language, 'detail.exploreText', 'categories').replace('{{rule}}', rule),
      );

      await screen.open('/');
      expect(await screen.mainText()).toContain(rule);

      await screen.open('/terms-of-service');
      const terms = await screen.mainText();
      expect(terms).toContain(rule);
      expect(terms).not.toContain(single);

      const signedIn = await openScreen(language, viewport, wide);
      await storeSession(browser.context, fan);
      await browser.context.addInitScript(() => window.localStorage.setItem('hasSeenVotingTutorial', 'true'));
      await signedIn.open(`/songs/${demo.songId}`);
      expect(await signedIn.voteDialogText()).toContain(
        text(language, 'captcha.final', 'voting').replace('{{rule}}', rule),
      );
    },
  );
});
