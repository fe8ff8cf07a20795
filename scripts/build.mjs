#!/usr/bin/env node
// `npm run build`: compiles the server (apps/server/dist) and builds the web app (apps/web/dist).
// `--server` or `--web` builds one of them.
import { runBuild } from './build-state.mjs';

const asked = process.argv.slice(2);
const which = asked.length === 0 ? ['server', 'web'] : asked.map((flag) => flag.replace(/^--/, ''));
for (const name of which) {
  if (name !== 'server' && name !== 'web') {
    console.error(`Unknown build '${name}': use --server or --web (or nothing for both).`);
    process.exit(2);
  }
  runBuild(name);
}
