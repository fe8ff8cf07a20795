import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { text } from './pages/catalogs';
import { type DemoIds, demoIds, type KeptInView, PUBLIC_SCREENS, type Visitor } from './pages/public-screens';
import { DEMO, DEMO_PASSWORD } from './support/auth-flows';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/browser';
import { htmlCodeSnifferErrors } from './support/htmlcs';
import { REFLOW_WIDTH, seriousAxeFindings } from './support/reach';
import { logIn, type SignedIn } from './support/session';

/**
 * Reach: every public screen, in English (LTR) and Arabic (RTL), on a 320 CSS px
 * phone (WCAG 2.2 SC 1.4.10, the width of a 1280 px screen at 400% or a phone zoomed in) never scrolls
 * sideways and keeps the menu button and Next Category on screen; axe finds nothing serious or critical
 * (WCAG 2.0/2.1/2.2 A and AA rules) and HTML_CodeSniffer no WCAG 2 AA error (it measures the contrast of
 * Arabic text, which axe leaves unjudged). One context per language walks the whole list; the signed-in screens
 * swap the stored session in place.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let ids: DemoIds;
const sessions: Partial<Record<Visitor, SignedIn>> = {};

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  ids = await demoIds(baseUrl);
  sessions.fan = await logIn(baseUrl, { email: DEMO.fan, password: DEMO_PASSWORD });
  sessions.artist = await logIn(baseUrl, { email: DEMO.artist, password: DEMO_PASSWORD });
});
afterAll(async () => {
  await browser?.close();
});

/** Stores (or clears) the session the way the app does; the next page load reads it. */
async function becomeVisitor(page: Page, visitor: Visitor) {
  const session = visitor === 'guest' ? null : (sessions[visitor] ?? null);
  await page.evaluate((stored) => {
    localStorage.removeItem('token');
    localStorage.removeItem('user');
    if (stored) {
      localStorage.setItem('token', stored.token);
      localStorage.setItem('user', JSON.stringify(stored.user));
      localStorage.setItem('lastActivity', String(Date.now()));
    }
  }, session);
}

/** How far the page scrolls sideways, and the outermost elements that stick out of the viewport. */
function measureOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const outside = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
    };
    const culprits: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      if (!outside(element) || (element.parentElement && outside(element.parentElement))) continue;
      if (getComputedStyle(element).clipPath === 'inset(50%)') continue; // screen-reader only
      const box = element.getBoundingClientRect();
      const name = `${element.tagName.toLowerCase()}.${String(element.getAttribute('class')).slice(0, 80)}`;
      culprits.push(`${name} [${Math.round(box.left)}..${Math.round(box.right)}]`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, culprits: culprits.slice(0, 8) };
  });
}

function keptControl(page: Page, language: string, control: KeptInView): Locator {
  if (control === 'menuButton') {
    return page.locator('header').getByRole('button', { name: text(language, 'nav.menu'), exact: true });
  }
  return page.getByRole('link', { name: text(language, 'detail.next', 'categories'), exact: true });
}

for (const language of ['en', 'ar'] as const) {
  describe(`reach in ${language} at ${REFLOW_WIDTH} px`, () => {
    let context: BrowserContext;
    let page: Page;
    let visitor: Visitor = 'guest';

    beforeAll(async () => {
      context = await browser.newContext({
        viewport: { width: REFLOW_WIDTH, height: 640 },
        serviceWorkers: 'block',
        isMobile: true,
        hasTouch: true,
        // Dialogs and tiles fade in: axe must judge the settled page, not a half-transparent frame.
        reducedMotion: 'reduce',
        baseURL: baseUrl,
      });
      await context.addInitScript((code) => window.localStorage.setItem('language', code), language);
      page = await context.newPage();
      await page.goto('/');
      visitor = 'guest';
    });
    afterAll(async () => {
      await context?.close();
    });

    for (const screen of PUBLIC_SCREENS) {
      it(`${screen.name}: no sideways scroll, controls on screen, no serious axe or HTMLCS finding`, async () => {
        if (screen.as !== visitor) {
          await becomeVisitor(page, screen.as);
          visitor = screen.as;
        }
        await page.goto(screen.path(ids));
        await screen.reach?.(page, baseUrl);
        await page.locator(screen.ready).first().waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');

        const overflow = await measureOverflow(page);
        expect
          .soft(
            overflow.scrollWidth,
            `${screen.name} scrolls sideways; outside the viewport: ${overflow.culprits.join(', ')}`,
          )
          .toBeLessThanOrEqual(overflow.clientWidth);

        for (const control of screen.keepInView ?? []) {
          const box = await keptControl(page, language, control).boundingBox();
          expect.soft(box, `${control} is missing on ${screen.name}`).not.toBeNull();
          if (box) {
            expect.soft(box.x, `${control} leaves the screen at the start`).toBeGreaterThanOrEqual(0);
            expect
              .soft(box.x + box.width, `${control} leaves the screen at the end`)
              .toBeLessThanOrEqual(REFLOW_WIDTH);
          }
        }

        const serious = await seriousAxeFindings(page);
        expect.soft(serious, `axe on ${screen.name}:\n${serious.join('\n')}`).toEqual([]);
        const sniffed = await htmlCodeSnifferErrors(page);
        expect.soft(sniffed, `HTML_CodeSniffer on ${screen.name}:\n${sniffed.join('\n')}`).toEqual([]);
      });
    }
  });
}
