// What `npm run build` produces and whether it is current: shared by build.mjs, start.mjs and cli.mjs.
//
//   apps/server/dist/   the compiled server (main.js, cli.js, the SQL migrations, build-info.json), by esbuild
//   apps/web/dist/      the built web app, by Vite
//
// A build is stale when any of its sources changed after it was made (file times), so a developer's
// `npm start` rebuilds what they edited; a production start never builds (start.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'apps/server/dist');
export const webDist = path.join(root, 'apps/web/dist');

const builds = {
  server: {
    name: 'server',
    marker: path.join(serverDist, 'build-info.json'),
    sources: [
      'apps/server/src',
      'apps/server/package.json',
      'packages/shared/src',
      'scripts/build-server.mjs',
      'package.json',
    ],
  },
  web: {
    name: 'web app',
    marker: path.join(webDist, 'index.html'),
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/build',
      'apps/web/vite.config.ts',
      'apps/web/public',
      'apps/web/package.json',
      'packages/shared/src',
    ],
  },
};

function newestModification(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    // Tests do not go into a build: editing one must not rebuild it.
    if (/\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

/** 'missing', 'stale' or 'current'. */
export function buildState(which) {
  const build = builds[which];
  const builtAt = fs.statSync(build.marker, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (builtAt === 0) return 'missing';
  const newest = Math.max(...build.sources.map((source) => newestModification(path.join(root, source))));
  return newest > builtAt ? 'stale' : 'current';
}

/** Runs one build in this terminal; exits the process when it fails. */
export function runBuild(which) {
  const [command, args] =
    which === 'server'
      ? [process.execPath, [path.join(root, 'scripts/build-server.mjs')]]
      : ['npm', ['run', 'build', '-w', '@ovation/web']];
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Makes sure the named builds exist and are current. Outside production, a missing or stale one is built
 * first; with NODE_ENV=production nothing is ever built here (a live server must not start a compiler),
 * and a missing build is a clear error.
 */
export function ensureBuilt(which) {
  const production = process.env.NODE_ENV === 'production';
  for (const name of which) {
    const state = buildState(name);
    if (state === 'current') continue;
    if (production) {
      if (state === 'missing') {
        console.error(
          `No ${builds[name].name} build in ${path.relative(root, path.dirname(builds[name].marker))}/.\n` +
            'With NODE_ENV=production, Ovation never builds at start: run `npm run build` first (see docs/operations.md).',
        );
        process.exit(1);
      }
      // A stale build in production is what was deployed: its sources may have been touched since.
      continue;
    }
    console.log(
      state === 'missing'
        ? `Building the ${builds[name].name}…`
        : `The ${builds[name].name}'s sources changed: rebuilding…`,
    );
    runBuild(name);
  }
}

/**
 * Runs a compiled script with plain `node` (source maps on, so stack traces name the TypeScript), in this
 * terminal: Ctrl-C and SIGTERM reach it, and this process exits with its code.
 */
export function runCompiled(script, args = [], env = process.env) {
  const child = spawn(process.execPath, ['--enable-source-maps', script, ...args], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
