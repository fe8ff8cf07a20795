/**
 * What the web part of `npm run bench` stands on: the production build of the app served by the compiled
 * server on its own embedded database with the demo data (as `npm start` serves it), the pages it measures,
 * and the Chromium both Lighthouse and the slow-network runs use.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, webDist } from '../../../scripts/build-state.mjs';
import { pickFreePort } from '../src/test/ports';
import { startServer, stopServer } from './vote-load';

export { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';
/** The demo fan (README's demo accounts): no votes in the seed, so the Vote button is a real "Vote". */
export const DEMO_FAN = { email: 'fan@ovation.test', password: 'Ovation2025!' } as const;
/** The category the slow-network run opens, found by its English name. */
export const VOTE_CATEGORY_NAME = 'Song of the Year';

export interface WebServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The pages measured: path and a short label. */
export interface WebPage {
  label: string;
  path: string;
}

/**
 * Builds the web app when its build is missing or older than its sources, then starts the compiled server
 * serving it on 127.0.0.1 and a free port, on an embedded database of its own seeded with the demo data.
 */
export async function startWebServer(): Promise<WebServer> {
  ensureBuilt(['web']);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-bench-web-'));
  const port = await pickFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  try {
    child = await startServer({
      port,
      environment: {
        DATABASE_URL: undefined,
        REDIS_URL: undefined,
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        DEMO_SEED: '1',
        PUBLIC_URL: baseUrl,
      },
    });
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    async stop() {
      await stopServer(child);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function apiData<T>(baseUrl: string, apiPath: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${apiPath}`, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`GET /api${apiPath} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** The category the vote is timed on (Song of the Year, else the first) and the seven pages Lighthouse runs on. */
export async function findPages(baseUrl: string) {
  const categories = await apiData<Array<{ _id: string; name: string }>>(baseUrl, '/categories');
  const category = categories.find((each) => each.name === VOTE_CATEGORY_NAME) ?? categories[0];
  if (!category) throw new Error('The demo data has no category');
  const songs = await apiData<Array<{ _id: string }>>(baseUrl, '/songs');
  const song = songs[0];
  if (!song) throw new Error('The demo data has no approved song');
  const pages: WebPage[] = [
    { label: '/', path: '/' },
    { label: '/songs', path: '/songs' },
    { label: '/categories', path: '/categories' },
    { label: `a category (${category.name})`, path: `/categories/${category._id}` },
    { label: 'a song', path: `/songs/${song._id}` },
    { label: '/login', path: '/login' },
    { label: '/register', path: '/register' },
  ];
  return { category, pages };
}

/** The median of a few runs (the lower middle of an even count): one slow run does not decide the figure. */
export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
