import type { Page } from 'playwright-core';
import { registerAccount } from '../support/api';
import { uniqueEmail } from '../support/auth-flows';

/**
 * Every public screen (the public spec: visitor, fan and artist), in one place for the browser tests that walk them
 * all: reflow at 320 px, axe and HTML_CodeSniffer (e2e/reach.test.ts). A new public route gets a line here.
 */

/** Who looks at the screen: a guest, or the demo fan or artist (signed in). */
export type Visitor = 'guest' | 'fan' | 'artist';

/** Controls that must stay inside the viewport on a phone (they used to leave it). */
export type KeptInView = 'menuButton' | 'nextCategory';

/** Ids from the demo data that the addresses need. */
export interface DemoIds {
  /** The first category: it has a next one. */
  categoryId: string;
  /** An approved song in it. */
  songId: string;
}

export interface PublicScreen {
  name: string;
  as: Visitor;
  path: (ids: DemoIds) => string;
  /** Shows once the screen has its content (the data has loaded). */
  ready: string;
  /** Brings the opened address to the state under test (the code step after an unverified login). */
  reach?: (page: Page, baseUrl: string) => Promise<void>;
  keepInView?: KeptInView[];
}

const BAR = ['menuButton'] satisfies KeptInView[];

/** In visiting order: guests first, then the fan, then the artist (one sign-in change each). */
export const PUBLIC_SCREENS: PublicScreen[] = [
  { name: 'home', as: 'guest', path: () => '/', ready: 'main h1' },
  {
    name: 'categories list',
    as: 'guest',
    path: () => '/categories',
    ready: 'main ul li a[href^="/categories/"]',
    keepInView: BAR,
  },
  {
    name: 'category page',
    as: 'guest',
    path: ({ categoryId }) => `/categories/${categoryId}`,
    ready: 'main ol li',
    keepInView: [...BAR, 'nextCategory'],
  },
  {
    name: 'songs list',
    as: 'guest',
    path: () => '/songs',
    ready: 'main a[href^="/songs/"]',
    keepInView: BAR,
  },
  {
    name: 'songs search',
    as: 'guest',
    path: () => '/songs?q=love',
    ready: 'main a[href^="/songs/"]',
    keepInView: BAR,
  },
  {
    name: 'song page',
    as: 'guest',
    path: ({ songId }) => `/songs/${songId}`,
    ready: 'main h1',
    keepInView: BAR,
  },
  { name: 'login', as: 'guest', path: () => '/login', ready: 'main form', keepInView: BAR },
  { name: 'register', as: 'guest', path: () => '/register', ready: 'main form', keepInView: BAR },
  {
    name: 'verify-email code',
    as: 'guest',
    path: () => '/login',
    ready: 'main input[autocomplete="one-time-code"]',
    reach: showVerifyStep,
    keepInView: BAR,
  },
  {
    name: 'forgot password',
    as: 'guest',
    path: () => '/forgot-password',
    ready: 'main form',
    keepInView: BAR,
  },
  {
    name: 'reset password (code)',
    as: 'guest',
    path: () => '/reset-password?email=fan%40ovation.test',
    ready: 'main form',
    keepInView: BAR,
  },
  { name: 'terms', as: 'guest', path: () => '/terms-of-service', ready: 'main h1', keepInView: BAR },
  { name: 'privacy', as: 'guest', path: () => '/privacy-policy', ready: 'main h1', keepInView: BAR },
  {
    name: 'data protection',
    as: 'guest',
    path: () => '/data-protection',
    ready: 'main h1',
    keepInView: BAR,
  },
  { name: '404', as: 'guest', path: () => '/no/such/page', ready: 'main h1', keepInView: BAR },
  { name: 'profile', as: 'fan', path: () => '/profile', ready: 'main h1', keepInView: BAR },
  {
    name: 'voting: category page (fan)',
    as: 'fan',
    path: ({ categoryId }) => `/categories/${categoryId}`,
    ready: 'main ol li [data-vote-state]',
    keepInView: [...BAR, 'nextCategory'],
  },
  {
    name: 'voting: song page (fan)',
    as: 'fan',
    path: ({ songId }) => `/songs/${songId}`,
    ready: 'main [data-vote-state]',
    keepInView: BAR,
  },
  { name: 'artist dashboard', as: 'artist', path: () => '/dashboard', ready: 'main dl', keepInView: BAR },
  { name: 'upload', as: 'artist', path: () => '/upload', ready: 'main form', keepInView: BAR },
];

/** The first category and an approved song in it, read from the public API. */
export async function demoIds(baseUrl: string): Promise<DemoIds> {
  const categories = (await (await fetch(`${baseUrl}/api/categories`)).json()) as { data: { _id: string }[] };
  const categoryId = categories.data[0]!._id;
  const songs = (await (await fetch(`${baseUrl}/api/songs?category=${categoryId}&limit=1`)).json()) as {
    data: { _id: string }[];
  };
  return { categoryId, songId: songs.data[0]!._id };
}

/**
 * Registers a new account through the API (solving the ALTCHA as the widget would) and signs in with it
 * on /login without its code: the login page turns into the code step. A new account per call, so the
 * resend limit of one never decides what shows.
 */
async function showVerifyStep(page: Page, baseUrl: string) {
  const email = uniqueEmail('reach');
  const password = 'reach-pass-1';
  await registerAccount(baseUrl, { name: 'Reach Tester', email, password });
  await page.locator('main input[type="email"]').fill(email);
  await page.locator('main input[name="password"]').fill(password);
  await page.locator('main form button[type="submit"]').click();
}
