/**
 * What a fan on a cheap phone over slow 3G feels, in Chromium under CDP throttling: 400 ms round trips,
 * 400 kbit/s each way (50,000 bytes a second: 1 kbit = 1,000 bits), the CPU slowed 4×, a 360×740 viewport
 * and an empty cache, the demo fan signed in (through the API before the throttling starts: the session is
 * in the page's storage and its cookies, as the app keeps it) with English chosen and today's popup ad
 * seen, as a returning fan. Timed from navigation start (performance.now() in the page) to the moment
 * the page says so, watched from inside the page so the watching costs no round trip.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { DEMO_FAN } from './web-server';

const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const CPU_SLOWDOWN = 4;
const PHONE_VIEWPORT = { width: 360, height: 740 };
/** Far beyond the targets: a page that takes longer is reported as failed rather than waited on. */
const READY_TIMEOUT_MS = 45_000;
/** The vote check a page starts when the button appears, waited for before the button counts as final. */
const VOTE_CHECK = '/api/votes/check';
/** After the button is ready, how long no vote check may be under way before its state counts as final. */
const QUIET_MS = 2_000;

export type Readiness = 'vote' | 'heading';

interface SignedInFan {
  token: string;
  user: unknown;
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
}

/** Signs the demo fan in through the API, unthrottled: what a returning fan's browser already holds. */
export async function signInFan(browser: Browser, baseUrl: string): Promise<SignedInFan> {
  const context = await browser.newContext();
  try {
    const response = await context.request.post(`${baseUrl}/api/auth/login`, {
      data: DEMO_FAN,
      timeout: 30_000,
    });
    const session = (await response.json()) as { token?: string; user?: unknown };
    if (!response.ok() || !session.token)
      throw new Error(`The demo fan's sign-in answered ${response.status()}`);
    return { token: session.token, user: session.user, cookies: await context.cookies() };
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page before its scripts (as text: this program has no DOM types): the session, the language
 * and today's popup ad, as the app stores them.
 */
function storeReturningFan(token: string, user: unknown) {
  return `(() => {
    const now = new Date();
    const pad = (value) => String(value).padStart(2, '0');
    localStorage.setItem('token', ${JSON.stringify(token)});
    localStorage.setItem('user', ${JSON.stringify(JSON.stringify(user))});
    localStorage.setItem('lastActivity', String(Date.now()));
    localStorage.setItem('language', 'en');
    localStorage.setItem('adPopupShownOn', now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate()));
  })();`;
}

/**
 * Runs in the page before its scripts: notes when the awaited element became ready (and has stayed so
 * since) and when the last vote check answered. Ready means, for 'heading', the page's own h1 visible (not
 * the boot logo); for 'vote', the page's Vote button visible, rendered by React (its props are on the
 * element: a click reaches the handler), not busy, and in a final state: votable, or voted.
 */
function watchReadiness(kind: Readiness) {
  return `(() => {
    const kind = ${JSON.stringify(kind)};
    const state = { readySince: null, voteCheckEnd: 0 };
    window.__benchReadiness = state;
    const visible = (element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 &&
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    const rendered = (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));
    const voteButton = () =>
      document.querySelector('main button[data-vote-state]') ??
      [...document.querySelectorAll('main button')].find((button) => /^\\s*vote/i.test(button.textContent ?? ''));
    const ready = () => {
      if (kind === 'heading') {
        const heading = document.querySelector('#root h1');
        return !!heading && !heading.closest('.boot') && !!heading.textContent?.trim() && visible(heading);
      }
      const button = voteButton();
      if (!button || !visible(button) || !rendered(button) || button.disabled) return false;
      if (button.getAttribute('aria-busy') === 'true') return false;
      const voteState = button.getAttribute('data-vote-state');
      if (voteState === 'voted') return true;
      return (voteState === null || voteState === 'votable') && button.getAttribute('aria-disabled') !== 'true';
    };
    const check = () => {
      if (!ready()) state.readySince = null;
      else state.readySince ??= performance.now();
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // Style sheets and fonts arriving change what is visible without a mutation.
    setInterval(check, 50);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name.includes(${JSON.stringify(VOTE_CHECK)}))
          state.voteCheckEnd = Math.max(state.voteCheckEnd, entry.responseEnd);
    }).observe({ type: 'resource', buffered: true });
  })();`;
}

type WatchedState = { readySince: number | null; voteCheckEnd: number };

/** What the page noted so far (a function, not a string: the app's content security policy forbids eval). */
const readState = (page: Page) =>
  page
    .evaluate(() => (globalThis as { __benchReadiness?: WatchedState }).__benchReadiness)
    // The page is still being committed: nothing noted yet.
    .catch(() => undefined);

/**
 * Opens `url` in a fresh context, throttled, with the cache cleared, and answers the milliseconds from
 * navigation start until the page is ready in the sense of `kind`.
 */
export async function timeSlowLoad(browser: Browser, fan: SignedInFan, url: string, kind: Readiness) {
  const context = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    storageState: { cookies: fan.cookies, origins: [] },
  });
  try {
    await context.addInitScript({ content: storeReturningFan(fan.token, fan.user) });
    await context.addInitScript({ content: watchReadiness(kind) });
    const page = await context.newPage();
    let checksUnderWay = 0;
    page.on('request', (request) => {
      if (request.url().includes(VOTE_CHECK)) checksUnderWay++;
    });
    const settled = (request: Request) => {
      if (request.url().includes(VOTE_CHECK)) checksUnderWay--;
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const deadline = Date.now() + READY_TIMEOUT_MS;
    await page.goto(url, { waitUntil: 'commit', timeout: READY_TIMEOUT_MS });
    const waitReady = async () => {
      while ((await readState(page))?.readySince == null) {
        if (Date.now() > deadline)
          throw new Error(`${url} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
        await page.waitForTimeout(100);
      }
    };
    await waitReady();
    if (kind === 'vote') {
      // The vote check the button starts may still be on its way: the button is final once it answered.
      let quietSince = Date.now();
      while (Date.now() - quietSince < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`The vote check on ${url} did not settle`);
        if (checksUnderWay > 0) quietSince = Date.now();
        await page.waitForTimeout(100);
      }
      await waitReady();
    }
    const state = await readState(page);
    return Math.max(state?.readySince ?? Number.NaN, state?.voteCheckEnd ?? 0);
  } finally {
    await context.close();
  }
}
