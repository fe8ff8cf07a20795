// The stack test's machinery: the tools it needs from Debian, the processes it starts (each logging to a
// file of its own, all stopped at the end), and waiting for something to become true.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** The commands the stack needs and the Debian package of each. */
const PACKAGES: Record<string, string> = {
  haproxy: 'haproxy',
  prometheus: 'prometheus',
  'redis-server': 'redis-server',
  openssl: 'openssl',
};

export function which(tool: string) {
  for (const folder of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin'])) {
    const candidate = path.join(folder, tool);
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** Installs what is missing from Debian's packages (as root; else says the command to run). */
export function installMissingTools() {
  const missing = Object.keys(PACKAGES).filter((tool) => !which(tool));
  if (missing.length === 0) return;
  const packages = missing.map((tool) => PACKAGES[tool]!);
  if (process.getuid?.() !== 0) {
    throw new Error(
      `missing ${missing.join(', ')}: run \`apt-get install -y ${packages.join(' ')}\` as root first`,
    );
  }
  console.log(`  installing ${packages.join(', ')} from Debian's packages…`);
  const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: environment });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: environment,
  });
}

export interface Managed {
  name: string;
  child: ChildProcess;
  log: string;
}

/** Every process the test starts, each logging to its own file; all stopped at the end. */
export class Processes {
  private readonly running = new Map<string, Managed>();
  constructor(private readonly logDir: string) {}

  start(
    name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv = process.env,
    cwd = root,
  ): Managed {
    const log = path.join(this.logDir, `${name}.log`);
    const out = fs.openSync(log, 'a');
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const managed = { name, child, log };
    this.running.set(name, managed);
    return managed;
  }

  get(name: string) {
    const managed = this.running.get(name);
    if (!managed) throw new Error(`no process ${name}`);
    return managed;
  }

  async stop(name: string, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 10_000) {
    const managed = this.running.get(name);
    if (!managed) return;
    this.running.delete(name);
    await stopChild(managed.child, signal, timeoutMs);
  }

  async stopAll() {
    await Promise.all([...this.running.keys()].map((name) => this.stop(name, 'SIGTERM', 8000)));
  }

  /** The last lines of every log, for a failure's report. */
  tails(lines = 15) {
    return fs
      .readdirSync(this.logDir)
      .map((file) => {
        const text = fs.readFileSync(path.join(this.logDir, file), 'utf8').trimEnd().split('\n');
        return `--- ${file} (last ${lines} lines)\n${text.slice(-lines).join('\n')}`;
      })
      .join('\n');
  }
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals, timeoutMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Polls `probe` until it answers something true (its value), or fails with what it last threw. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
}

/**
 * A production install, as docs/operations.md makes one: the repository's files and this checkout's build
 * in a folder of their own, then `npm ci --omit=dev` (no TypeScript, no bundler, no test tools). The
 * instances and the operator's commands run from there, so a dependency the compiled server needs but
 * only a development install has fails here. `--from-checkout` skips it (runs from this checkout).
 */
export async function prepareRelease(work: string): Promise<string> {
  if (process.argv.includes('--from-checkout')) return root;
  const release = path.join(work, 'release');
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && fs.existsSync(path.join(root, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(release, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(release, file));
  }
  for (const built of ['apps/server/dist', 'apps/web/dist'])
    fs.cpSync(path.join(root, built), path.join(release, built), { recursive: true });
  execFileSync(
    'npm',
    ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    {
      cwd: release,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  return release;
}
