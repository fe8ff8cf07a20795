#!/usr/bin/env node
// Measures the JavaScript the home page loads (first visit with a language chosen, plus a first
// visit without one), gzip -9 per file as served, by opening it in Chromium against a running
// server. Usage: node scripts/measure-home-js.mjs http://localhost:3000 (WEB_DIST: the build the server serves)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.argv[2] ?? 'http://localhost:3000';

async function measure(browser, language) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (language) await context.addInitScript((code) => localStorage.setItem('language', code), language);
  const page = await context.newPage();
  const scripts = new Set();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2500); // idle-time loads (English fallback catalog, the nav chunk)
  await context.close();
  let total = 0;
  const rows = [];
  for (const pathname of scripts) {
    const bytes = zlib.gzipSync(
      fs.readFileSync(path.join(process.env.WEB_DIST || path.join(root, 'apps/web/dist'), pathname)),
      {
        level: 9,
      },
    ).length;
    total += bytes;
    rows.push([bytes, pathname]);
  }
  rows.sort((a, b) => b[0] - a[0]);
  return { total, rows };
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const language of ['en', null]) {
  const { total, rows } = await measure(browser, language);
  console.log(
    `\nHome page JS, ${language ? `language ${language} chosen` : 'first visit (chooser)'}: ${total} bytes gzipped (${(total / 1024).toFixed(1)} KiB)`,
  );
  for (const [bytes, name] of rows) console.log(`  ${String(bytes).padStart(7)}  ${name}`);
}
await browser.close();
