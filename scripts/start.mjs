#!/usr/bin/env node
// `npm start`: builds the web app when it is missing or older than its sources, then serves the API
// and the built app on one port (PORT, default 3000).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestModification(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  return newest;
}

const sources = ['src', 'index.html', 'vite.config.ts', 'public'].map((item) => path.join(web, item));
sources.push(path.join(root, 'packages/shared/src'));
const builtAt = fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (builtAt === 0 || Math.max(...sources.map(newestModification)) > builtAt) {
  console.log(builtAt === 0 ? 'Building the web app…' : 'Web sources changed: rebuilding the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@ovation/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', WEB_DIST: path.join(web, 'dist'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
