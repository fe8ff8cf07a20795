#!/usr/bin/env node
// Import boundaries, checked rather than hoped for (docs: conventions "One direction of imports").
//
//   web    (a) a file under apps/web/src/features/<A>/ never imports apps/web/src/features/<B>/ (B != A).
//              In the admin area each apps/web/src/features/admin/<screen>/ is a feature of its own: a screen
//              may import features/admin/layout/ and features/admin/lib/, never another screen.
//          (c) apps/web/src/components/ and apps/web/src/lib/ (the domain-free kit) never import features/ or app/.
//   server (b) a file under apps/server/src/features/<A>/ never imports a repository file of another feature
//              (apps/server/src/features/<B>/*repository*): it calls that feature's service.
//
// Imports that broke a rule before the check existed are listed in scripts/boundaries-baseline.json
// (importing file -> imported files). They are allowed; any other breach fails, and so does a baseline entry
// that no longer exists, so the list only ever shrinks. `--prune` removes the entries that no longer exist;
// nothing ever adds one but `--init` on a missing baseline.
//
// Plain Node, no dependencies: run by `npm run lint`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASELINE_FILE = path.join(ROOT, 'scripts/boundaries-baseline.json');
const SOURCE_DIRS = ['apps/web/src', 'apps/server/src'];
const SOURCE_FILE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

const WEB_FEATURES = 'apps/web/src/features/';
const SERVER_FEATURES = 'apps/server/src/features/';
const WEB_KIT = ['apps/web/src/components/', 'apps/web/src/lib/'];
const WEB_UPPER_LAYERS = ['apps/web/src/features/', 'apps/web/src/app/'];
/** Folders of features/admin/ that every admin screen may use. */
const ADMIN_SHARED = new Set(['admin/layout', 'admin/lib']);

/** Every source file under the checked folders, repository-relative with forward slashes. */
function listSourceFiles() {
  const files = [];
  const walk = (directory) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE_FILE.test(entry.name)) files.push(toRepoPath(full));
    }
  };
  for (const directory of SOURCE_DIRS) {
    const full = path.join(ROOT, directory);
    if (fs.existsSync(full)) walk(full);
  }
  return files.sort();
}

function toRepoPath(absolute) {
  return path.relative(ROOT, absolute).split(path.sep).join('/');
}

/**
 * The module specifiers a file imports: static imports and re-exports (type-only ones too: they couple the
 * code just the same) and dynamic import(). Comments are removed first so a doc example is not an import.
 */
export function importSpecifiers(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specifiers = [];
  const patterns = [
    /(?:^|[\s;{}])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) specifiers.push(match[1]);
  }
  return specifiers;
}

/** A relative specifier as the repository path of the file it names (with its extension when found). */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(ROOT, path.dirname(fromFile), specifier);
  for (const suffix of RESOLVE_SUFFIXES) {
    const candidate = base + suffix;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return toRepoPath(candidate);
  }
  // TypeScript lets `./x.js` name `./x.ts`.
  const withoutJs = base.replace(/\.js$/, '');
  for (const suffix of ['.ts', '.tsx']) {
    if (fs.existsSync(withoutJs + suffix)) return toRepoPath(withoutJs + suffix);
  }
  return toRepoPath(base);
}

/**
 * The unit of a web feature file: `songs` for features/songs/..., `admin/<screen>` for a file inside a
 * folder of features/admin/, `admin` for a file directly in features/admin/.
 */
function webUnit(file) {
  const parts = file.slice(WEB_FEATURES.length).split('/');
  if (parts[0] === 'admin' && parts.length > 2) return `admin/${parts[1]}`;
  return parts[0];
}

/** Why `file` may not import `target`, or null when it may. */
export function breach(file, target) {
  if (file.startsWith(WEB_FEATURES) && target.startsWith(WEB_FEATURES)) {
    const from = webUnit(file);
    const to = webUnit(target);
    if (from === to) return null;
    const fromFeature = from.split('/')[0];
    const toFeature = to.split('/')[0];
    if (fromFeature !== toFeature) {
      return `features/${fromFeature} may not import features/${toFeature}: move what both need down to components/ or lib/`;
    }
    // Both in the admin area, different units.
    if (ADMIN_SHARED.has(to) || to === 'admin') return null;
    return `features/${from} may not import features/${to}: admin screens share only features/admin/layout/ and features/admin/lib/`;
  }
  if (
    WEB_KIT.some((kit) => file.startsWith(kit)) &&
    WEB_UPPER_LAYERS.some((upper) => target.startsWith(upper))
  ) {
    const layer = WEB_KIT.find((kit) => file.startsWith(kit)).slice('apps/web/src/'.length, -1);
    return `${layer}/ is domain-free and may not import ${target.slice('apps/web/src/'.length).split('/')[0]}/`;
  }
  if (file.startsWith(SERVER_FEATURES) && target.startsWith(SERVER_FEATURES)) {
    const fromFeature = file.slice(SERVER_FEATURES.length).split('/')[0];
    const toFeature = target.slice(SERVER_FEATURES.length).split('/')[0];
    if (fromFeature !== toFeature && path.posix.basename(target).includes('repository')) {
      return `server feature ${fromFeature} may not reach into ${toFeature}'s repository: call its service`;
    }
  }
  return null;
}

/** Every breach in the tree: [{ file, target, reason }]. */
function findBreaches() {
  const found = [];
  for (const file of listSourceFiles()) {
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const seen = new Set();
    for (const specifier of importSpecifiers(source)) {
      const target = resolveImport(file, specifier);
      if (!target || seen.has(target)) continue;
      seen.add(target);
      const reason = breach(file, target);
      if (reason) found.push({ file, target, reason });
    }
  }
  return found;
}

function readBaseline() {
  if (!fs.existsSync(BASELINE_FILE)) return null;
  const parsed = JSON.parse(fs.readFileSync(BASELINE_FILE, 'utf8'));
  const { _comment, ...entries } = parsed;
  return entries;
}

function writeBaseline(entries) {
  const sorted = Object.fromEntries(
    Object.keys(entries)
      .sort()
      .filter((file) => entries[file].length > 0)
      .map((file) => [file, [...entries[file]].sort()]),
  );
  const body = {
    _comment:
      'Cross-feature imports that predate scripts/check-boundaries.mjs: importing file -> imported files. Allowed, but the list may only shrink: fix one, then run `node scripts/check-boundaries.mjs --prune`.',
    ...sorted,
  };
  fs.writeFileSync(BASELINE_FILE, `${JSON.stringify(body, null, 2)}\n`);
}

function main() {
  const args = new Set(process.argv.slice(2));
  const breaches = findBreaches();
  let baseline = readBaseline();

  if (baseline === null) {
    if (!args.has('--init')) {
      console.error(`check-boundaries: ${path.relative(ROOT, BASELINE_FILE)} is missing.`);
      process.exit(1);
    }
    const entries = {};
    for (const { file, target } of breaches) {
      entries[file] ??= [];
      entries[file].push(target);
    }
    writeBaseline(entries);
    console.log(`check-boundaries: wrote ${breaches.length} existing breaches to the baseline.`);
    return;
  }

  const current = new Set(breaches.map(({ file, target }) => `${file} -> ${target}`));
  const allowed = new Set(
    Object.entries(baseline).flatMap(([file, targets]) => targets.map((target) => `${file} -> ${target}`)),
  );
  const added = breaches.filter(({ file, target }) => !allowed.has(`${file} -> ${target}`));
  const stale = [...allowed].filter((entry) => !current.has(entry));

  if (args.has('--prune') && stale.length > 0) {
    const staleSet = new Set(stale);
    baseline = Object.fromEntries(
      Object.entries(baseline).map(([file, targets]) => [
        file,
        targets.filter((target) => !staleSet.has(`${file} -> ${target}`)),
      ]),
    );
    writeBaseline(baseline);
    console.log(`check-boundaries: removed ${stale.length} entries that no longer exist from the baseline.`);
    stale.length = 0;
  }

  for (const { file, target, reason } of added) {
    console.error(`✗ ${file}\n    imports ${target}\n    ${reason}`);
  }
  for (const entry of stale) {
    console.error(
      `✗ baseline entry no longer exists: ${entry}\n    good: remove it from scripts/boundaries-baseline.json (or run node scripts/check-boundaries.mjs --prune)`,
    );
  }
  if (added.length > 0 || stale.length > 0) {
    console.error(
      `\ncheck-boundaries: ${added.length} new import(s) across a boundary, ${stale.length} stale baseline entr${stale.length === 1 ? 'y' : 'ies'}.`,
    );
    process.exit(1);
  }
  console.log(`check-boundaries: ok (${breaches.length} known breaches in the baseline, none new).`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
