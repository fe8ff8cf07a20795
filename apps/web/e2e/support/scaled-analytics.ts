import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { pickFreePort } from '../../../server/src/test/ports';

const root = path.resolve(import.meta.dirname, '../../../..');
/** The songs an event admin bulk-uploads in the scaled journey: the 5,000 the bulk upload takes at once. */
export const SCALED_SONGS = 5_000;
const START_TIMEOUT_MS = 120_000;

/** The demo admin's session: its token, and the user the app keeps beside it. */
export interface ScaledAdmin {
  token: string;
  user: { _id: string; name: string; role: string };
}

export interface ScaledServer {
  baseUrl: string;
  admin: ScaledAdmin;
  stop(): Promise<void>;
}

/**
 * A private server (the compiled one, embedded database in a temporary folder, demo data) with
 * `SCALED_SONGS` more approved songs bulk-uploaded across the demo categories: the analytics screen at the
 * scale of a real night, without touching the shared e2e server's data. Needs `npm run build` first.
 */
export async function startScaledServer(songs = SCALED_SONGS): Promise<ScaledServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-scaled-'));
  const port = await pickFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist'),
    DEMO_SEED: '1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseUrl,
  };
  delete environment.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: environment,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child);
    const admin = await signInAdmin(baseUrl);
    await bulkUpload(baseUrl, admin.token, songs);
    return { baseUrl, admin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The scaled server did not start');
}

/**
 * The demo admin signed in through the API (not support/session.ts: this module also runs in the bench,
 * whose types have no DOM).
 */
async function signInAdmin(baseUrl: string): Promise<ScaledAdmin> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@ovation.test', password: 'Ovation2025!' }),
  });
  const session = (await response.json()) as ScaledAdmin;
  if (!session.token) throw new Error('The demo admin could not sign in');
  return session;
}

/** Puts the admin's session in a browser context as the app keeps it, before any page script runs. */
export async function storeAdminSession(context: BrowserContext, admin: ScaledAdmin) {
  const values = {
    token: admin.token,
    user: JSON.stringify(admin.user),
    language: 'en',
    adPopupShownOn: new Date().toLocaleDateString('sv'),
  };
  // Text, not a function: the bench's types have no DOM. The language and the day's popup ad are taken as
  // chosen and seen (each would cover the screen); a journey's own language choice runs after this one.
  await context.addInitScript(
    `for (const [key, value] of Object.entries(${JSON.stringify(values)})) { if (key !== 'language' || !localStorage.getItem(key)) localStorage.setItem(key, value); } localStorage.setItem('lastActivity', String(Date.now()));`,
  );
}

/** `count` songs in one bulk upload (approved at once), spread over the demo categories. */
async function bulkUpload(baseUrl: string, token: string, count: number) {
  if (count === 0) return;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const listed = await fetch(`${baseUrl}/api/categories`, { headers });
  const categories = ((await listed.json()) as { data: Array<{ name: string }> }).data;
  const rows = Array.from({ length: count }, (_, index) => ({
    title: `Night Song ${index + 1}`,
    artist: `Artist ${index % 97}`,
    song_link: `https://www.youtube.com/watch?v=scaled${index}`,
    category_name: categories[index % categories.length]!.name,
  }));
  const response = await fetch(`${baseUrl}/api/admin/bulk-upload/songs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ songs: rows }),
  });
  if (!response.ok) throw new Error(`The bulk upload failed: ${response.status} ${await response.text()}`);
}

/** Every element of the page, as an admin's browser holds them. */
export async function countElements(page: Page): Promise<number> {
  // Written as text: this module also runs in the bench, whose types have no DOM.
  return Number(await page.evaluate("document.getElementsByTagName('*').length"));
}

/** Opens the analytics screen and waits for the first song of the first ranking. */
export async function openAnalytics(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/admin/analytics`);
  await page.locator('main section[data-category] article').first().waitFor({ timeout: 60_000 });
}
