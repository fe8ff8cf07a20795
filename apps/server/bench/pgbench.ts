import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface PgbenchResult {
  tps: number;
  p50Ms: number;
  p99Ms: number;
  transactions: number;
}

function percentile(sorted: number[], fraction: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** Runs the vote transaction with pgbench and reads TPS and latency percentiles from its per-transaction log. */
export async function runPgbench(options: {
  databaseUrl: string;
  clients: number;
  seconds: number;
  variables: Record<string, number>;
}): Promise<PgbenchResult> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-pgbench-'));
  const script = path.join(import.meta.dirname, 'vote.pgbench.sql');
  const args = [
    '-n',
    '-M',
    'extended',
    '-c',
    String(options.clients),
    '-j',
    '2',
    '-T',
    String(options.seconds),
    '-f',
    script,
    '--log',
    '--log-prefix',
    path.join(folder, 'log'),
    ...Object.entries(options.variables).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
    options.databaseUrl,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('pgbench', args, { cwd: folder });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.stderr.on('data', (chunk) => {
      text += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench failed:\n${text}`))));
  });
  const tps = Number(output.match(/tps = ([\d.]+)/)?.[1] ?? 0);
  const latencies: number[] = [];
  for (const file of await fs.readdir(folder)) {
    if (!file.startsWith('log')) continue;
    for (const line of (await fs.readFile(path.join(folder, file), 'utf8')).split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (Number.isFinite(micros) && micros > 0) latencies.push(micros / 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  await fs.rm(folder, { recursive: true, force: true });
  return {
    tps,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    transactions: latencies.length,
  };
}
