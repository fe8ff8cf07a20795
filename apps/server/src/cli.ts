// The operator's commands, compiled with the server (scripts/build-server.mjs) so they run on a production
// install: `npm run db:migrate`, `npm run db:seed`, `npm run admin:create -- …`, `npm run jobs -- …`,
// `npm run backup -- …`, `npm run restore -- …`. Each reads the same environment as the server (config.ts).
import { OperatorError } from './lib/operator-error';

const COMMANDS: Record<string, () => Promise<{ main(args: string[]): Promise<number> }>> = {
  'db:migrate': () => import('./cli/migrate'),
  'db:seed': () => import('./cli/seed'),
  'admin:create': () => import('./cli/create-admin'),
  jobs: () => import('./cli/jobs'),
  backup: () => import('./cli/backup'),
  restore: () => import('./cli/restore'),
  'uploads:import': () => import('./cli/import-uploads'),
};

const [name = '', ...args] = process.argv.slice(2);
const load = COMMANDS[name];
if (!load) {
  console.error(`Usage: cli.js <${Object.keys(COMMANDS).join(' | ')}> [options]`);
  process.exit(2);
}
try {
  process.exitCode = await (await load()).main(args);
} catch (error) {
  if (error instanceof OperatorError) {
    console.error(`${name} failed: ${error.message}`);
    process.exitCode = 1;
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  }
}
