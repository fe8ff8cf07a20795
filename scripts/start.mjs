#!/usr/bin/env node
// `npm start`: serves the API and the built web app on one port (PORT, default 3000) from the compiled
// server, run by plain `node`. Outside production, a missing or stale build is made first (so the quick
// start's two commands work on a fresh clone); with NODE_ENV=production nothing is ever built here.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, root, serverDist, webDist } from './build-state.mjs';

ensureBuilt(['server', 'web']);

const server = spawn(process.execPath, ['--enable-source-maps', path.join(serverDist, 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { WEB_DIST: webDist, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
