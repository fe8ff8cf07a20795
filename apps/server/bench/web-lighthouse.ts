/**
 * Lighthouse 12 in its default mobile mode (a mid-range phone, simulated slow 4G and a 4× slower CPU) on
 * each page: the four category scores, Largest Contentful Paint, Total Blocking Time and the script bytes
 * the page transferred. Each run gets a fresh Chromium (fresh profile: a first visit); BENCH_WEB_RUNS
 * repeats each page and keeps the median of each figure, as Lighthouse's scores vary from run to run.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median, type WebPage } from './web-server';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof CATEGORIES)[number];
/** A page that does not settle in this time is reported as failed, not waited on for ever. */
const PAGE_TIMEOUT_MS = 90_000;
/** Tries of one run before the page is reported as failed. */
const ATTEMPTS = 3;

export interface LighthouseFigures {
  scores: Record<LighthouseCategory, number>;
  lcpMs: number;
  tbtMs: number;
  /** Bytes of script transferred (as Chromium received them: compressed). */
  scriptBytes: number;
  /** Lighthouse's measure of this machine's CPU speed during the run: lower when it is busy. */
  benchmarkIndex: number;
  /** A run-time warning Lighthouse gave (a page that did not load, an interstitial), when any. */
  warning?: string;
}

async function runOnce(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      maxWaitForLoad: PAGE_TIMEOUT_MS,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
    ) as Record<LighthouseCategory, number>;
    const summary = lhr.audits['resource-summary']?.details as
      | { items?: Array<{ resourceType: string; transferSize: number }> }
      | undefined;
    return {
      scores,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      scriptBytes: summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      warning: lhr.runWarnings[0],
    };
  } finally {
    chrome.kill();
  }
}

/**
 * One run, tried again when Lighthouse itself fails (a trace it could not record, for one, after which it
 * says to run it again): a failure of the tool is not a figure of the page.
 */
async function runWithRetries(url: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(`  Lighthouse failed (${error instanceof Error ? error.message : error}): again…`);
    }
  }
}

export interface LighthousePageResult {
  page: WebPage;
  figures?: LighthouseFigures;
  /** Why the page has no figures: Lighthouse failed on it every time. */
  error?: string;
}

/** Runs Lighthouse `runs` times on each page, one after another, and keeps each figure's median. */
export async function runLighthouse(baseUrl: string, pages: WebPage[], runs: number) {
  const results: LighthousePageResult[] = [];
  for (const page of pages) {
    console.log(`Lighthouse (mobile): ${page.path}…`);
    const each: LighthouseFigures[] = [];
    try {
      for (let run = 0; run < runs; run++) each.push(await runWithRetries(`${baseUrl}${page.path}`));
    } catch (error) {
      results.push({ page, error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    results.push({
      page,
      figures: {
        scores: Object.fromEntries(
          CATEGORIES.map((category) => [category, median(each.map((figures) => figures.scores[category]))]),
        ) as Record<LighthouseCategory, number>,
        lcpMs: median(each.map((figures) => figures.lcpMs)),
        tbtMs: median(each.map((figures) => figures.tbtMs)),
        scriptBytes: median(each.map((figures) => figures.scriptBytes)),
        benchmarkIndex: median(each.map((figures) => figures.benchmarkIndex)),
        warning: each.find((figures) => figures.warning)?.warning,
      },
    });
  }
  return results;
}
