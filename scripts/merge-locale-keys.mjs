#!/usr/bin/env node
// Merges a fragment `{ "en": {...}, "fr": {...}, "pt": {...}, "ar": {...}, "sw": {...} }` into the web
// app's five catalogs (apps/web/src/locales/<lang>.json), deep-merging objects and keeping key order.
// Several people can add keys at once: the catalogs are rewritten under a lock, one writer at a time.
// Usage: node scripts/merge-locale-keys.mjs fragment.json [--namespace legal]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANGUAGES = ['en', 'fr', 'pt', 'ar', 'sw'];
const [fragmentPath, flag, namespace] = process.argv.slice(2);
if (!fragmentPath) {
  console.error('usage: node scripts/merge-locale-keys.mjs fragment.json [--namespace legal]');
  process.exit(2);
}
const folder = path.join(root, 'apps/web/src/locales', flag === '--namespace' && namespace ? namespace : '');
const fragment = JSON.parse(fs.readFileSync(fragmentPath, 'utf8'));
const missing = LANGUAGES.filter((language) => !fragment[language]);
if (missing.length) {
  console.error(`The fragment lacks: ${missing.join(', ')}`);
  process.exit(1);
}

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

const lock = path.join(folder, '.merge-lock');
const deadline = Date.now() + 30_000;
for (;;) {
  try {
    fs.mkdirSync(lock);
    break;
  } catch {
    if (Date.now() > deadline) throw new Error(`Could not take ${lock}; remove it if no merge is running`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
try {
  for (const language of LANGUAGES) {
    const file = path.join(folder, `${language}.json`);
    const catalog = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(merge(catalog, fragment[language]), null, 2)}\n`);
    fs.renameSync(`${file}.tmp`, file);
  }
  console.log(
    `Merged ${Object.keys(fragment.en).join(', ')} into ${LANGUAGES.length} catalogs in ${path.relative(root, folder) || '.'}`,
  );
} finally {
  fs.rmdirSync(lock);
}
