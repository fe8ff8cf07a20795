import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BrowserSession } from './browser';

/**
 * What the reach checks share (issue 10, points 7 and 8): a page at 320 CSS px (WCAG 2.2 SC 1.4.10, the
 * width of a 1280 px screen at 400% or a phone zoomed in) never scrolls sideways, and axe finds nothing
 * serious or critical under the WCAG 2.0/2.1/2.2 A and AA rules.
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
 * that axe finds nothing serious or critical on it; `label` names the page in the report.
 */
export async function expectReachable(page: Page, label: string) {
  // How far the page scrolls sideways (0 when it fits; a desktop scrollbar makes the difference negative).
  const overflow = await page.evaluate(() =>
    Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
  );
  expect
    .soft({ overflow, serious: await seriousAxeFindings(page) }, label)
    .toEqual({ overflow: 0, serious: [] });
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
