#!/usr/bin/env node
// Compiles the server into apps/server/dist with esbuild: plain JavaScript that `node` runs with no
// TypeScript loader, so a production install (`npm ci --omit=dev`) can start it.
//
// - main.js: the server (`npm start`); cli.js: the operator's commands (`npm run db:migrate`, `admin:create`,
//   `jobs`, `backup`, `restore`, `db:seed`).
// - The workspace package @ovation/shared (TypeScript source) is bundled in; every other package stays an
//   import resolved from node_modules at run time (native modules such as sharp and argon2 cannot be bundled).
// - The SQL migrations are copied beside the bundle; build-info.json records the version and the commit the
//   health routes report.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const out = path.join(server, 'dist');

/** The commit being built: the CI's or the platform's variable when there is no .git (a build image). */
function currentCommit() {
  if (process.env.SOURCE_COMMIT) return process.env.SOURCE_COMMIT;
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}

const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const buildInfo = { version, commit: currentCommit(), builtAt: new Date().toISOString() };

/** Bare imports stay imports, except the workspace's own TypeScript packages, which are bundled. */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@ovation/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
fs.rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(server, 'src/main.ts'), cli: path.join(server, 'src/cli.ts') },
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Names survive (error classes and stack traces stay readable); the code is not minified.
  keepNames: true,
  define: { __OVATION_BUILD__: JSON.stringify(buildInfo) },
  plugins: [keepPackagesExternal],
  logLevel: 'warning',
});
fs.cpSync(path.join(server, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
// Written last: its time is what build-state.mjs compares the sources with.
fs.writeFileSync(path.join(out, 'build-info.json'), `${JSON.stringify(buildInfo, null, 2)}\n`);
console.log(
  `Built the server into ${path.relative(root, out)}/ in ${Date.now() - started} ms (${buildInfo.commit}).`,
);
