#!/usr/bin/env node
// One way of doing each thing, checked rather than hoped for (run by `npm run lint`):
//
//   envelope    the API's `{ success: true, … }` envelope is built in apps/server/src/lib/envelope.ts only;
//               routes answer through its helpers (services return domain values).
//   database    only repositories touch the database: a server file that imports drizzle-orm, the schema
//               (db/schema), the query builders several features' repositories share (db/queries) or what
//               runs SQL from lib/db.ts (rowsOf, queryRows, affectedRows, an SQLSTATE, refusingWith…)
//               is a repository (its name says `repository`, or it sits in a `repositories/` folder). Types
//               (`import type { Database }`) and opening a database (openDatabase, for the composition
//               roots: server.ts, the commands) may go anywhere. The database layer itself (lib/db.ts, db/:
//               schema, migrations, seed), tests and the benchmark are exempt.
//   sentences   no source file compares a sentence of the English catalogs, or looks one up as a key:
//               codes cross the wire, and only the catalogs turn them into words. A string literal equal to
//               a catalog sentence (three words or more) beside ===, !==, includes(), startsWith(),
//               endsWith(), indexOf(), `case`, or as an object key, outside the catalogs and tests, fails.
//
// Feature-to-feature imports are checked by scripts/check-boundaries.mjs. Plain Node, no dependencies.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = 'apps/server/src/';
const SOURCE_FILE = /\.(ts|tsx|mjs|js)$/;
const TEST_FILE = /\.test\.(ts|tsx)$|\/test\/|\/e2e\//;

function walk(directory, files = []) {
  const full = path.join(ROOT, directory);
  if (!fs.existsSync(full)) return files;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const relative = `${directory}/${entry.name}`;
    if (entry.isDirectory()) walk(relative, files);
    else if (SOURCE_FILE.test(entry.name)) files.push(relative);
  }
  return files;
}

/** The code of a file without its comments (a doc comment may quote what the code must not do). */
function codeOf(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function envelopeBreaches(files) {
  return files
    .filter((file) => file.startsWith(SERVER) && !TEST_FILE.test(file) && file !== `${SERVER}lib/envelope.ts`)
    .flatMap((file) => {
      const code = codeOf(fs.readFileSync(path.join(ROOT, file), 'utf8'));
      return /\bsuccess:\s*true\b/.test(code)
        ? [{ file, reason: 'builds `success: true` by hand: answer through lib/envelope.ts (ok, page)' }]
        : [];
    });
}

const DATABASE_LAYER = [`${SERVER}lib/db.ts`, `${SERVER}db/`];
/** What lib/db.ts offers for opening a database rather than running SQL in it. */
const OPENING_A_DATABASE = new Set([
  'openDatabase',
  'embeddedDatabaseDirectory',
  'EmbeddedDatabaseInUse',
  'buildMigrations',
]);
const isRepository = (file) => /repository[^/]*\.ts$/.test(file) || file.includes('/repositories/');

/** What a file imports that runs SQL: drizzle-orm, the schema, or a value (not a type) of lib/db. */
function databaseImports(file, source) {
  const code = codeOf(source);
  const found = [];
  for (const match of code.matchAll(/(?:^|[\s;])import\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g)) {
    const [, typeOnly, names, specifier] = match;
    if (typeOnly) continue;
    if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) found.push(specifier);
    else if (specifier.startsWith('.')) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (/db\/(schema|queries)(\/|$)/.test(target)) found.push(specifier);
      else if (target.endsWith('lib/db')) {
        // `import { type Database }`: only types; opening a database is the composition roots' work.
        const values = names
          .replace(/[{}]/g, '')
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type ') && !OPENING_A_DATABASE.has(name));
        if (values.length > 0) found.push(`${specifier} (${values.join(', ')})`);
      }
    }
  }
  return found;
}

function databaseBreaches(files) {
  return files
    .filter(
      (file) =>
        file.startsWith(SERVER) &&
        !TEST_FILE.test(file) &&
        !DATABASE_LAYER.some((layer) => file.startsWith(layer)) &&
        !isRepository(file),
    )
    .flatMap((file) => {
      const imports = databaseImports(file, fs.readFileSync(path.join(ROOT, file), 'utf8'));
      return imports.length > 0
        ? [{ file, reason: `imports ${imports.join(', ')}: only a repository touches the database` }]
        : [];
    });
}

/** Every English sentence of the catalogs (the shared one and the web's). */
function englishSentences() {
  const sentences = new Set();
  const collect = (value) => {
    if (typeof value === 'string') {
      // Three words or more: a sentence, not a stored name ('West Africa' is a region's value).
      if (value.length >= 12 && value.trim().split(/\s+/).length >= 3) sentences.add(value);
    } else if (value && typeof value === 'object') for (const inner of Object.values(value)) collect(inner);
  };
  const catalogs = ['packages/shared/src/locales/en.json', 'apps/web/src/locales/en.json'];
  for (const folder of fs.readdirSync(path.join(ROOT, 'apps/web/src/locales'), { withFileTypes: true })) {
    if (folder.isDirectory()) catalogs.push(`apps/web/src/locales/${folder.name}/en.json`);
  }
  for (const catalog of catalogs) {
    const full = path.join(ROOT, catalog);
    if (fs.existsSync(full)) collect(JSON.parse(fs.readFileSync(full, 'utf8')));
  }
  return sentences;
}

const BROAD = process.env.BROAD === '1';
function sentenceBreaches(files) {
  const sentences = englishSentences();
  return files
    .filter((file) => !TEST_FILE.test(file) && !file.includes('/locales/') && !file.includes('/db/seed/'))
    .flatMap((file) => {
      const code = codeOf(fs.readFileSync(path.join(ROOT, file), 'utf8'));
      const found = [];
      for (const match of code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g)) {
        const literal = (match[1] ?? match[2] ?? '').replace(/\\'/g, "'").replace(/\\"/g, '"');
        if (!sentences.has(literal)) continue;
        const before = code.slice(Math.max(0, match.index - 30), match.index);
        const after = code.slice(match.index + match[0].length, match.index + match[0].length + 6);
        const compared = /(===|!==|==|!=|\b(includes|startsWith|endsWith|indexOf)\(|\bcase)\s*$/.test(before);
        const comparedAfter = /^\s*(===|!==|==|!=)/.test(after);
        const asKey = /^\s*:/.test(after) || /\[\s*$/.test(before);
        if (compared || comparedAfter || asKey || BROAD) found.push(literal);
      }
      return found.map((sentence) => ({
        file,
        reason: `holds the catalog sentence '${sentence}': send or compare its code, translate from the catalog`,
      }));
    });
}

export const RULES = { envelope: envelopeBreaches, database: databaseBreaches, sentences: sentenceBreaches };

function main() {
  const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const rules = asked.length > 0 ? asked : Object.keys(RULES);
  const files = [...walk('apps/server/src'), ...walk('apps/web/src'), ...walk('packages/shared/src')];
  let total = 0;
  for (const rule of rules) {
    const breaches = RULES[rule](files);
    total += breaches.length;
    for (const { file, reason } of breaches) console.error(`✗ [${rule}] ${file}\n    ${reason}`);
  }
  if (total > 0) {
    console.error(`\ncheck-one-way: ${total} breach(es) of ${rules.join(', ')}.`);
    process.exit(1);
  }
  console.log(`check-one-way: ok (${rules.join(', ')}).`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
