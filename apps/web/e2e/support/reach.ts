import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BrowserSession } from './browser';
import { htmlCodeSnifferErrors } from './htmlcs';

/**
 * What the reach checks share: a page at 320 CSS px (WCAG 2.2 SC 1.4.10, the
 * width of a 1280 px screen at 400% or a phone zoomed in) never scrolls sideways, axe finds nothing
 * serious or critical under the WCAG 2.0/2.1/2.2 A and AA rules, and HTML_CodeSniffer no WCAG 2 AA error.
 */
export const REFLOW_WIDTH = 320;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** Serious or critical axe findings on the page as it is now, one line each: rule, impact, help, where. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

/**
 * Expects (softly, so one run reports every page) that the page as it is now does not scroll sideways and
 * that neither axe (serious or critical) nor HTML_CodeSniffer (errors) finds anything on it; `label` names
 * the page in the report.
 */
export async function expectReachable(page: Page, label: string) {
  // How far the page scrolls sideways (0 when it fits; a desktop scrollbar makes the difference negative).
  const overflow = await page.evaluate(() =>
    Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
  );
  expect
    .soft(
      { overflow, serious: await seriousAxeFindings(page), htmlcs: await htmlCodeSnifferErrors(page) },
      label,
    )
    .toEqual({ overflow: 0, serious: [], htmlcs: [] });
}

/**
 * A fresh phone context in `language`, REFLOW_WIDTH wide, with motion reduced: dialogs and tiles fade in,
 * and axe must judge the settled page, not a half-transparent frame.
 */
export async function openNarrowPage(browser: BrowserSession, language: string): Promise<Page> {
  const page = await browser.reset({ language, viewport: 'phone' });
  await page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page;
}

/** A common laptop width: the admin screens show their sidebar beside the content from 1024 px on. */
export const DESKTOP_WIDTH = 1366;

/** A fresh context in `language`, DESKTOP_WIDTH wide, with motion reduced (as openNarrowPage). */
export async function openWidePage(browser: BrowserSession, language: string): Promise<Page> {
  const page = await browser.reset({ language, viewport: 'desktop' });
  await page.setViewportSize({ width: DESKTOP_WIDTH, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page;
}

/**
 * Expects (softly) the admin layout at desktop width: the page runs in the language's direction, nothing
 * scrolls sideways, the screen's content stays inside its column, and the sidebar (the first aside of
 * main) sits at the inline start beside it: left in English, right in Arabic.
 */
export async function expectAdminDesktopLayout(page: Page, language: string, label: string) {
  // The screen's own content first: a loading spinner can show before the admin layout does.
  await page.locator('main aside nav').first().waitFor();
  await page.locator('main h1').first().waitFor();
  const layout = await page.evaluate(() => {
    const html = document.documentElement;
    const sidebar = document.querySelector('main aside');
    const column = sidebar?.nextElementSibling;
    const side = sidebar?.getBoundingClientRect();
    const content = column?.getBoundingClientRect();
    return {
      dir: html.getAttribute('dir'),
      overflow: Math.max(0, html.scrollWidth - html.clientWidth),
      contentOverflow: column ? Math.max(0, column.scrollWidth - column.clientWidth) : -1,
      sidebar:
        side && content && side.width > 0
          ? side.right <= content.left + 1
            ? 'left'
            : side.left >= content.right - 1
              ? 'right'
              : 'overlapping'
          : 'missing',
    };
  });
  const rtl = language === 'ar';
  expect
    .soft(layout, label)
    .toEqual({ dir: rtl ? 'rtl' : 'ltr', overflow: 0, contentOverflow: 0, sidebar: rtl ? 'right' : 'left' });
}
