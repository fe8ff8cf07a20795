import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../config';
import { createEmptyDatabase } from './database';

const serverRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Runs an operator's command (src/cli.ts, as `npm run <command>` runs the compiled one) in its own process,
 * with `input` on its standard input: what an operator types or pipes. Answers its exit code and output.
 */
export function runCli(args: string[], options: { environment: Record<string, string>; input?: string }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', ...options.environment },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/**
 * A deployment's environment for the commands: a new empty database of its own (on the PostgreSQL server
 * of DATABASE_URL, else the embedded one in a new DATA_DIR), and how to parse it and remove it.
 */
export async function newDeployment() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-cli-'));
  const database = process.env.DATABASE_URL ? await createEmptyDatabase(process.env.DATABASE_URL) : undefined;
  const environment: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  return {
    environment,
    config: () =>
      parseConfig({ LOG_LEVEL: 'silent', WEB_DIST: '', DEMO_SEED: '0', SCHEDULER: '0', ...environment }),
    async remove() {
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
