/**
 * The web part of `npm run bench` (BENCH_ONLY=web): what fans feel, measured with tools this project did
 * not write, against the production build served by the compiled server with the demo data.
 * - Lighthouse 12 mobile on seven pages (bench/web-lighthouse.ts): performance ≥ 95 (≥ 90 on /register),
 *   accessibility, best practices and SEO 100. BENCH_WEB_RUNS repeats each page (median; default once).
 * - Slow 3G in Chromium (bench/web-slow-network.ts), median of 3: the Vote button on the Song of the Year
 *   page usable within 4.5 s, the home page's heading within 3 s.
 * - The home page's JavaScript on a first visit (bench/web-home-js.ts): at most 130 KiB gzipped.
 * Every step has a time limit; a step that fails is reported as a missed target and the others still run.
 */
import { type Browser, chromium } from 'playwright-core';
import { type HomeScripts, measureHomeScripts } from './web-home-js';
import { type LighthouseCategory, type LighthousePageResult, runLighthouse } from './web-lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, findPages, median, startWebServer } from './web-server';
import { type Readiness, signInFan, timeSlowLoad } from './web-slow-network';

const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 1));
const SLOW_RUNS = 3;
const TARGET_PERFORMANCE = 95;
/** The registration form carries the CAPTCHA and the most code of the public pages. */
const TARGET_PERFORMANCE_REGISTER = 90;
const TARGET_OTHER_SCORES = 100;
const TARGET_VOTE_MS = 4_500;
const TARGET_HEADING_MS = 3_000;
/** 130 KiB (1 KiB = 1,024 bytes). */
const TARGET_HOME_JS_BYTES = 130 * 1024;
/** The home page's largest scripts are named under its figure: where to look first. */
const LARGEST_FILES_SHOWN = 8;

interface Outcome<T> {
  value?: T;
  error?: string;
}

async function attempt<T>(step: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { value: await step() };
  } catch (error) {
    return { error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
}

interface SlowTiming {
  label: string;
  targetMs: number;
  runs: Array<Outcome<number>>;
}

export interface WebBenchResult {
  lighthouse: Outcome<LighthousePageResult[]>;
  slow: SlowTiming[];
  homeScripts: Outcome<HomeScripts>;
}

async function runSlowNetwork(browser: Browser, baseUrl: string, categoryPath: string, categoryName: string) {
  const timings: Array<SlowTiming & { url: string; kind: Readiness }> = [
    {
      label: `Vote button usable, ${categoryName}`,
      url: `${baseUrl}${categoryPath}`,
      kind: 'vote',
      targetMs: TARGET_VOTE_MS,
      runs: [],
    },
    {
      label: '`/` real heading visible',
      url: `${baseUrl}/`,
      kind: 'heading',
      targetMs: TARGET_HEADING_MS,
      runs: [],
    },
  ];
  const fan = await signInFan(browser, baseUrl);
  for (let run = 0; run < SLOW_RUNS; run++) {
    for (const timing of timings) {
      console.log(`Slow 3G run ${run + 1} of ${SLOW_RUNS}: ${timing.label}…`);
      timing.runs.push(await attempt(() => timeSlowLoad(browser, fan, timing.url, timing.kind)));
    }
  }
  return timings;
}

/** Starts the app, runs the three measurements and stops it. */
export async function runWebBench(): Promise<WebBenchResult> {
  console.log('Web: the production build (built first when stale) on its own database with the demo data…');
  const server = await startWebServer();
  try {
    const { category, pages } = await findPages(server.baseUrl);
    const lighthouse = await attempt(() => runLighthouse(server.baseUrl, pages, LIGHTHOUSE_RUNS));
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      const slowOutcome = await attempt(() =>
        runSlowNetwork(browser, server.baseUrl, `/categories/${category._id}`, category.name),
      );
      const slow = slowOutcome.value ?? [
        { label: 'slow 3G', targetMs: 0, runs: [{ error: slowOutcome.error }] },
      ];
      console.log('Home page JavaScript, first visit…');
      const homeScripts = await attempt(() => measureHomeScripts(browser, server.baseUrl));
      return { lighthouse, slow, homeScripts };
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

const mark = (met: boolean) => (met ? '✓' : '✗');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function printLighthouse(result: WebBenchResult['lighthouse'], missed: string[]) {
  console.log(
    `\nWeb: Lighthouse 12 mobile (simulated slow 4G, 4× CPU), ${LIGHTHOUSE_RUNS === 1 ? 'one run a page' : `median of ${LIGHTHOUSE_RUNS} runs a page`}\n`,
  );
  if (!result.value) {
    console.log(`Lighthouse failed: ${result.error}`);
    missed.push(`web: Lighthouse failed (${result.error})`);
    return;
  }
  const measured = result.value.flatMap(({ figures }) => (figures ? [figures] : []));
  const busy = measured.length ? median(measured.map((figures) => figures.benchmarkIndex)) : Number.NaN;
  console.log(
    `Lighthouse's CPU benchmark index: ${busy.toFixed(0)} (median over the pages; lower when other work shares the cores, and the performance scores drop with it)\n`,
  );
  console.log(
    `| page | performance (≥ ${TARGET_PERFORMANCE}; /register ≥ ${TARGET_PERFORMANCE_REGISTER}) | accessibility (100) | best practices (100) | SEO (100) | LCP | TBT | script transferred |\n|---|---|---|---|---|---|---|---|`,
  );
  const names: Record<LighthouseCategory, string> = {
    performance: 'performance',
    accessibility: 'accessibility',
    'best-practices': 'best practices',
    seo: 'SEO',
  };
  for (const { page, figures, error } of result.value) {
    if (!figures) {
      console.log(`| ${page.label} | failed: ${error} | | | | | | |`);
      missed.push(`web: Lighthouse failed on ${page.label}`);
      continue;
    }
    const cells = (Object.keys(names) as LighthouseCategory[]).map((category) => {
      const target =
        category !== 'performance'
          ? TARGET_OTHER_SCORES
          : page.path === '/register'
            ? TARGET_PERFORMANCE_REGISTER
            : TARGET_PERFORMANCE;
      const score = figures.scores[category];
      if (score < target) missed.push(`web: ${names[category]} ${score} on ${page.label} (≥ ${target})`);
      return `${score} ${mark(score >= target)}`;
    });
    console.log(
      `| ${page.label} | ${cells.join(' | ')} | ${seconds(figures.lcpMs)} | ${figures.tbtMs.toFixed(0)} ms | ${kib(figures.scriptBytes)} |`,
    );
    if (figures.warning) console.log(`  Lighthouse warned on ${page.label}: ${figures.warning}`);
  }
}

function printSlowNetwork(slow: SlowTiming[], missed: string[]) {
  console.log(
    '\nWeb: slow 3G in Chromium (400 ms latency, 400 kbit/s = 50,000 bytes/s each way, CPU 4×, 360×740, empty cache, demo fan signed in), from navigation start\n',
  );
  console.log(
    `| run | ${Array.from({ length: SLOW_RUNS }, (_, run) => `run ${run + 1}`).join(' | ')} | median | target |\n|${'---|'.repeat(SLOW_RUNS + 3)}`,
  );
  for (const timing of slow) {
    // A failed run counts as never ready.
    const times = timing.runs.map((run) => run.value ?? Number.POSITIVE_INFINITY);
    const middle = median(times);
    const met = middle <= timing.targetMs;
    if (!met)
      missed.push(
        `web: ${timing.label} ${Number.isFinite(middle) ? seconds(middle) : 'failed'} on slow 3G (≤ ${seconds(timing.targetMs)})`,
      );
    const cells = timing.runs.map((run) => (run.value === undefined ? 'failed' : seconds(run.value)));
    console.log(
      `| ${timing.label} | ${cells.join(' | ')} | ${Number.isFinite(middle) ? seconds(middle) : 'failed'} ${mark(met)} | ≤ ${seconds(timing.targetMs)} |`,
    );
    for (const run of timing.runs) if (run.error) console.log(`  ${timing.label}: ${run.error}`);
  }
}

function printHomeScripts(result: WebBenchResult['homeScripts'], missed: string[]) {
  console.log('\nWeb: home page JavaScript on a first visit (language chooser included), gzipped\n');
  if (!result.value) {
    console.log(`Failed: ${result.error}`);
    missed.push(`web: home page JavaScript not measured (${result.error})`);
    return;
  }
  const { gzipBytes, files, menuOpened } = result.value;
  const met = gzipBytes <= TARGET_HOME_JS_BYTES;
  if (!met)
    missed.push(`web: home page JavaScript ${kib(gzipBytes)} gzipped (≤ ${kib(TARGET_HOME_JS_BYTES)})`);
  console.log('| what | measured | target |\n|---|---|---|');
  console.log(
    `| home page JavaScript, ${files.length} files | ${kib(gzipBytes)} (${gzipBytes.toLocaleString('en')} bytes) ${mark(met)} | ≤ ${kib(TARGET_HOME_JS_BYTES)} (1 KiB = 1,024 bytes) |`,
  );
  const largest = files.slice(0, LARGEST_FILES_SHOWN);
  console.log(`  Largest: ${largest.map((file) => `${file.path} ${kib(file.gzipBytes)}`).join(', ')}`);
  if (!menuOpened)
    console.log(
      "  The header's language menu could not be opened: what it loads on first use is not counted.",
    );
}

/** Prints the web part's tables; answers its missed targets. */
export function printWebBench(result: WebBenchResult): string[] {
  const missed: string[] = [];
  printLighthouse(result.lighthouse, missed);
  printSlowNetwork(result.slow, missed);
  printHomeScripts(result.homeScripts, missed);
  return missed;
}
