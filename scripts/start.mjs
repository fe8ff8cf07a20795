#!/usr/bin/env node
// `npm start`: serves the API and the built web app on one port (PORT, default 3000) from the compiled
// server, run by plain `node`. Outside production, a missing or stale build is made first (so the quick
// start's two commands work on a fresh clone); with NODE_ENV=production nothing is ever built here.
import path from 'node:path';
import { ensureBuilt, runCompiled, serverDist, webDist } from './build-state.mjs';

ensureBuilt(['server', 'web']);
runCompiled(path.join(serverDist, 'main.js'), [], { WEB_DIST: webDist, ...process.env });
