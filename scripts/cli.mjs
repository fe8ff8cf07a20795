#!/usr/bin/env node
// The operator's commands, run from the compiled server like `npm start` (so they work on a production
// install): `npm run db:migrate`, `db:seed`, `admin:create`, `jobs`, `backup`, `restore`.
// Outside production a missing or stale server build is made first.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, root, serverDist } from './build-state.mjs';

ensureBuilt(['server']);

const child = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(serverDist, 'cli.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
