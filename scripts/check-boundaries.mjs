#!/usr/bin/env node
// Import boundaries, checked rather than hoped for (docs: conventions "One direction of imports").
//
//   web    (a) a file under apps/web/src/features/<A>/ never imports apps/web/src/features/<B>/ (B != A).
//              In the admin area each apps/web/src/features/admin/<screen>/ is a feature of its own: a screen
//              may import features/admin/layout/ and features/admin/lib/, never another screen.
//          (c) apps/web/src/components/ and apps/web/src/lib/ (the domain-free kit) never import domain/, features/
//              or app/.
//          (d) apps/web/src/domain/ (what several features share about songs, categories, voting, ...: their
//              queries and the pieces that show them) sits below the features: it never imports features/ or app/.
//   server (b) a file under apps/server/src/features/<A>/ imports from another feature <B> only its services
//              (*service.ts), and in tests its testing/ stand-ins: never its repository, routes or helpers.
//              Who may run SQL at all is checked by scripts/check-one-way.mjs (the database rule).
//
// There is no baseline: any breach fails.
//
// Plain Node, no dependencies: run by `npm run lint`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['apps/web/src', 'apps/server/src'];
const SOURCE_FILE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

const WEB_FEATURES = 'apps/web/src/features/';
const SERVER_FEATURES = 'apps/server/src/features/';
const WEB_KIT = ['apps/web/src/components/', 'apps/web/src/lib/'];
const WEB_DOMAIN = 'apps/web/src/domain/';
const WEB_UPPER_LAYERS = ['apps/web/src/features/', 'apps/web/src/app/'];
/** Folders of features/admin/ that every admin screen may use. */
const ADMIN_SHARED = new Set(['admin/layout', 'admin/lib']);
/** What one server feature may import from another: its services, and in tests its testing/ stand-ins. */
const SERVER_SHAREABLE = /(?:service\.ts|\/testing\/[^/]+\.ts)$/;

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
      return `features/${fromFeature} may not import features/${toFeature}: move what both need down to domain/ (or components/ or lib/ when it is domain-free)`;
    }
    // Both in the admin area, different units.
    if (ADMIN_SHARED.has(to) || to === 'admin') return null;
    return `features/${from} may not import features/${to}: admin screens share only features/admin/layout/ and features/admin/lib/`;
  }
  if (
    WEB_KIT.some((kit) => file.startsWith(kit)) &&
    [WEB_DOMAIN, ...WEB_UPPER_LAYERS].some((upper) => target.startsWith(upper))
  ) {
    const layer = WEB_KIT.find((kit) => file.startsWith(kit)).slice('apps/web/src/'.length, -1);
    return `${layer}/ is domain-free and may not import ${target.slice('apps/web/src/'.length).split('/')[0]}/`;
  }
  if (file.startsWith(WEB_DOMAIN) && WEB_UPPER_LAYERS.some((upper) => target.startsWith(upper))) {
    return `domain/ sits below the features and may not import ${target.slice('apps/web/src/'.length).split('/')[0]}/: pass what it needs in as props`;
  }
  if (file.startsWith(SERVER_FEATURES) && target.startsWith(SERVER_FEATURES)) {
    const fromFeature = file.slice(SERVER_FEATURES.length).split('/')[0];
    const toFeature = target.slice(SERVER_FEATURES.length).split('/')[0];
    if (fromFeature !== toFeature && !SERVER_SHAREABLE.test(target)) {
      return `server feature ${fromFeature} may use only ${toFeature}'s services (*service.ts) or its testing/ stand-ins: call its service`;
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

function main() {
  const breaches = findBreaches();
  for (const { file, target, reason } of breaches) {
    console.error(`✗ ${file}\n    imports ${target}\n    ${reason}`);
  }
  if (breaches.length > 0) {
    console.error(`\ncheck-boundaries: ${breaches.length} import(s) across a boundary.`);
    process.exit(1);
  }
  console.log('check-boundaries: ok, no import crosses a boundary.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
