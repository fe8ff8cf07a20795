#!/usr/bin/env node
// The operator's commands, run from the compiled server like `npm start` (so they work on a production
// install): `npm run db:migrate`, `db:seed`, `admin:create`, `jobs`, `backup`, `restore`, `uploads:import`.
// Outside production a missing or stale server build is made first.
import path from 'node:path';
import { ensureBuilt, runCompiled, serverDist } from './build-state.mjs';

ensureBuilt(['server']);
runCompiled(path.join(serverDist, 'cli.js'), process.argv.slice(2));
