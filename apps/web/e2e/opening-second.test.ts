import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { setUpBrowser } from './support/browser';
import { ADMIN, apiAs, logIn, type SignedIn } from './support/session';
import { readVotingWindow, serverNow, setVotingWindow } from './support/voting-window';

const browser = setUpBrowser();
const PASSWORD = 'Ovation2025!';
/** Fans no other journey votes with; the one used is the first that may still vote in a category. */
const FANS = ['mwila.banda@ovation.test', 'tatenda.moyo@ovation.test', 'rutendo.chikwanha@ovation.test'];
/** The phone's clock runs 20 s behind the server's: the page must open on the server's second, not its own. */
const DEVICE_CLOCK_SKEW_MS = -20_000;
/** How far ahead the start is set: time to open the page and see the countdown. */
const START_LEAD_MS = 12_000;
/** How long the test window stays open before it closes. */
const OPEN_FOR_MS = 8_000;
/** The buttons must change within this of the moment (the bar is "at zero"). */
const ON_TIME_MS = 1500;
/** Never before it, give or take the clock estimate (half a local round trip, a few ms). */
const EARLY_TOLERANCE_MS = 250;

/** Shifts the page's Date by `skew`: what a phone whose clock is wrong shows the app. */
async function skewDeviceClock(page: Page, skew: number) {
  await page.context().addInitScript((shift) => {
    const RealDate = Date;
    class SkewedDate extends RealDate {
      constructor(...args: ConstructorParameters<DateConstructor> | []) {
        if (args.length === 0) super(RealDate.now() + shift);
        else super(...(args as [string]));
      }
      static override now() {
        return RealDate.now() + shift;
      }
    }
    window.Date = SkewedDate as DateConstructor;
  }, skew);
}

async function signIn(page: Page, session: SignedIn) {
  await page.context().addInitScript(
    ({ token, user }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('user', user);
      window.localStorage.setItem('lastActivity', String(Date.now()));
      window.localStorage.setItem('hasSeenVotingTutorial', 'true');
    },
    { token: session.token, user: JSON.stringify(session.user) },
  );
}

/** Waits until every vote button of the category page is in `state`; answers the server's time then. */
async function whenAllButtons(page: Page, state: string, timeout: number): Promise<number> {
  await page.waitForFunction(
    (wanted) => {
      const buttons = [...document.querySelectorAll('ol [data-vote-state]')];
      return (
        buttons.length > 0 && buttons.every((button) => button.getAttribute('data-vote-state') === wanted)
      );
    },
    state,
    { polling: 25, timeout },
  );
  // The e2e server runs on this machine: its clock is this process's clock.
  return Date.now();
}

/** A fan and a category they may vote in while the window is open (it is, in the seeded database). */
async function fanWithAVote(): Promise<{ fan: SignedIn; categoryId: string }> {
  const response = await fetch(`${browser.baseUrl}/api/categories`);
  const categories = ((await response.json()) as { data: Array<{ _id: string; totalSongs?: number }> }).data;
  for (const email of FANS) {
    const fan = await logIn(browser.baseUrl, { email, password: PASSWORD });
    for (const category of categories) {
      if (!category.totalSongs) continue;
      const check = await apiAs<{ canVote: boolean }>(
        browser.baseUrl,
        fan.token,
        `/votes/check/${category._id}`,
      );
      if (check.canVote) return { fan, categoryId: category._id };
    }
  }
  throw new Error('No fan may vote in any category');
}

describe('the opening second', () => {
  it("opens the vote buttons at the countdown's zero on the server's clock, and closes them at the end", async () => {
    const admin = await logIn(browser.baseUrl, ADMIN);
    const original = await readVotingWindow(browser.baseUrl, admin.token);
    const { fan, categoryId } = await fanWithAVote();
    const page = browser.page;
    try {
      const start = (await serverNow(browser.baseUrl)) + START_LEAD_MS;
      const end = start + OPEN_FOR_MS;
      await setVotingWindow(browser.baseUrl, admin.token, {
        isEnabled: true,
        startDate: new Date(start).toISOString(),
        endDate: new Date(end).toISOString(),
        timezone: 'UTC',
        notes: '',
      });

      await skewDeviceClock(page, DEVICE_CLOCK_SKEW_MS);
      await signIn(page, fan);
      await page.goto(`/categories/${categoryId}`);
      // Before the start: the countdown, and every button closed with 'Voting not started'.
      const countdown = page.getByRole('dialog', { name: text('en', 'countdown.title', 'voting') });
      await countdown.waitFor();
      await whenAllButtons(page, 'closed', 10_000);
      const firstButton = page.locator('ol [data-vote-state]').first();
      expect(await firstButton.textContent()).toContain(text('en', 'voteButton.notStarted'));
      expect(Date.now()).toBeLessThan(start - 1000);

      // Zero: the modal says voting is open, and the buttons are votable at that second.
      const opened = await whenAllButtons(page, 'votable', START_LEAD_MS + ON_TIME_MS);
      expect(opened - start).toBeGreaterThan(-EARLY_TOLERANCE_MS);
      expect(opened - start).toBeLessThan(ON_TIME_MS);
      await page
        .getByRole('dialog', { name: text('en', 'countdown.openTitle', 'voting') })
        .waitFor({ timeout: ON_TIME_MS });
      expect(await firstButton.textContent()).toContain(text('en', 'voteButton.vote'));

      // The end: closed again at that second, 'Voting ended'.
      const closed = await whenAllButtons(page, 'closed', OPEN_FOR_MS + ON_TIME_MS);
      expect(closed - end).toBeGreaterThan(-EARLY_TOLERANCE_MS);
      expect(closed - end).toBeLessThan(ON_TIME_MS);
      expect(await firstButton.textContent()).toContain(text('en', 'voteButton.ended'));
    } finally {
      await setVotingWindow(browser.baseUrl, admin.token, original);
    }
  });

  it("says in the home hero's caption whether voting has not started, is open or has closed", async () => {
    const admin = await logIn(browser.baseUrl, ADMIN);
    const original = await readVotingWindow(browser.baseUrl, admin.token);
    const now = await serverNow(browser.baseUrl);
    const hour = 3_600_000;
    const windows = {
      captionNotStarted: { startDate: now + 48 * hour, endDate: now + 96 * hour },
      captionActive: { startDate: now - hour, endDate: now + 48 * hour },
      captionEnded: { startDate: now - 96 * hour, endDate: now - 48 * hour },
    };
    try {
      for (const language of ['en', 'ar']) {
        for (const [key, span] of Object.entries(windows)) {
          await setVotingWindow(browser.baseUrl, admin.token, {
            isEnabled: true,
            startDate: new Date(span.startDate).toISOString(),
            endDate: new Date(span.endDate).toISOString(),
            timezone: 'UTC',
            notes: '',
          });
          const page = await browser.reset({ language });
          // The countdown is not what this looks at.
          await page.addInitScript(() =>
            window.localStorage.setItem('countdownModalLastSeen', String(Date.now())),
          );
          await page.goto('/');
          const caption = page.locator('[data-voting-phase]');
          await expect.poll(() => caption.textContent()).toBe(text(language, `home.hero.${key}`));
        }
      }
    } finally {
      await setVotingWindow(browser.baseUrl, admin.token, original);
    }
  });
});
