import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import type { Config } from '../config';
import { buildInfo } from '../lib/build-info';
import { embeddedDatabaseDirectory, openDatabase } from '../lib/db';
import { OperatorError } from '../lib/operator-error';
import { createStorage } from '../lib/storage';
import {
  type BackedUpCounts,
  countAppliedMigrations,
  countBackedUpRows,
  isDatabaseEmpty,
} from './backup-repository';

/*
 * One backup is one tar file:
 *   manifest.json      what it holds: the kind of database, the build, the migrations, row counts
 *   database.pgdump    PostgreSQL: pg_dump's custom format (compressed), restored with pg_restore
 *   pglite.tar.gz      the embedded database: PGlite's own dump of its data folder
 *   uploads/...        the uploaded files, when they live on disk (UPLOAD_STORE=disk); in the database
 *                      store they are rows of stored_files, inside the dump
 * It holds personal data: written with mode 0600, to be kept encrypted and deleted within 90 days
 * (docs/operations.md, "Backups").
 */

export const BACKUP_FORMAT = 'ovation-backup';
const FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  database: 'postgres' | 'embedded';
  /** Where uploads were: inside the dump (`database`) or as files in the archive (`disk`). */
  uploads: 'database' | 'disk';
  build: { version: string; commit: string };
  /** The migrations applied when the backup was taken (restoring into an older build is refused). */
  migrations: number;
  counts: BackedUpCounts;
  /** Upload files in the archive (disk store). */
  uploadFiles: number;
}

/** A backup cannot be made or restored; the message says why and what to do. */
export class BackupError extends OperatorError {
  override name = 'BackupError';
}

/** Runs a PostgreSQL client tool; the URL's password goes in the environment, not the visible arguments. */
function runTool(tool: string, args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const connection = url.toString();
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${connection}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install PostgreSQL's client tools (Debian: postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit ${code}):\n${errors.trim()}`)),
    );
  });
}

async function sha256Of(file: string) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/**
 * Writes a backup of the configured database (and its uploads when they live on disk) to `out`. The
 * embedded database must not be open in another process meanwhile (a running server): PGlite copies its
 * data folder, which only one process may open; stopping the server for the seconds it takes is the price
 * of the embedded set-up. PostgreSQL is dumped live, in one consistent snapshot (pg_dump).
 */
export async function createBackup(
  config: Config,
  out: string,
  options: { overwrite?: boolean } = {},
): Promise<{ manifest: BackupManifest; bytes: number; sha256: string }> {
  if (!options.overwrite && (await fs.stat(out).catch(() => null))) {
    throw new BackupError(`${out} exists: choose another name (or pass --force to replace it).`);
  }
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-backup-'));
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    let manifest: BackupManifest;
    const entries = ['manifest.json'];
    try {
      const pending = await database.pendingMigrations();
      if (pending.length > 0) {
        throw new BackupError('The database is behind this build: run `npm run db:migrate` first.');
      }
      const counts = await countBackedUpRows(database.db);
      const migrations = await countAppliedMigrations(database.db);
      const diskUploads = config.uploads.store === 'disk';
      const uploadRoot = path.join(config.dataDir, 'uploads');
      const uploadFiles = diskUploads ? await listFiles(uploadRoot) : [];
      manifest = {
        format: BACKUP_FORMAT,
        formatVersion: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        database: database.kind,
        uploads: diskUploads ? 'disk' : 'database',
        build: { version: buildInfo.version, commit: buildInfo.commit },
        migrations,
        counts,
        uploadFiles: uploadFiles.length,
      };
      if (database.kind === 'postgres') {
        await runTool(
          'pg_dump',
          [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--file=${path.join(staging, 'database.pgdump')}`,
          ],
          config.databaseUrl!,
        );
        entries.push('database.pgdump');
      } else {
        const client = (database.db as unknown as { $client: PGlite }).$client;
        const dump = await client.dumpDataDir('gzip');
        await fs.writeFile(path.join(staging, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
        entries.push('pglite.tar.gz');
      }
      if (uploadFiles.length > 0) {
        await fs.symlink(uploadRoot, path.join(staging, 'uploads'));
        entries.push(...uploadFiles.map((file) => path.join('uploads', file)));
      }
    } finally {
      await database.close();
    }
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.mkdir(path.dirname(path.resolve(out)), { recursive: true });
    const temporary = `${out}.partial`;
    await tar.c({ file: temporary, cwd: staging, follow: true, portable: true, mode: 0o600 }, entries);
    await fs.chmod(temporary, 0o600);
    await fs.rename(temporary, out);
    const { size } = await fs.stat(out);
    return { manifest, bytes: size, sha256: await sha256Of(out) };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Reads a backup's manifest without extracting anything else. */
export async function readManifest(file: string): Promise<BackupManifest> {
  let text = '';
  await tar.t({
    file,
    filter: (entry) => entry === 'manifest.json',
    onReadEntry: (entry) => {
      entry.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
    },
  });
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not an Ovation backup (no manifest.json).`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not an Ovation backup.`);
  if (manifest.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `${file} was written by a newer Ovation (format ${manifest.formatVersion}): restore it with that version.`,
    );
  }
  return manifest;
}

/**
 * Restores a backup into the configured database, which must be empty (a new PostgreSQL database, or an
 * embedded DATA_DIR without a database yet): a restore never merges into live data. `force` replaces an
 * existing one instead (PostgreSQL: its objects are dropped first; embedded: the old folder is kept beside,
 * renamed). Uploads in the archive go to the configured store. Answers the manifest and what was restored.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ manifest: BackupManifest; counts: BackedUpCounts; uploadsRestored: number }> {
  const manifest = await readManifest(file);
  const target = config.databaseUrl ? 'postgres' : 'embedded';
  if (manifest.database !== target) {
    throw new BackupError(
      `This backup is of ${manifest.database === 'postgres' ? 'a PostgreSQL' : 'an embedded'} database; the configuration ` +
        `names ${target === 'postgres' ? 'a PostgreSQL one (DATABASE_URL)' : 'the embedded one (no DATABASE_URL)'}. Restore it into the same kind.`,
    );
  }
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-restore-'));
  try {
    await tar.x({ file, cwd: staging, strict: true });
    if (target === 'postgres') await restorePostgres(config, staging, options.force ?? false);
    else await restoreEmbedded(config, staging, options.force ?? false);

    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      // A restored database older than this build is migrated by its next start (or `npm run db:migrate`).
      let uploadsRestored = 0;
      const uploadRoot = path.join(staging, 'uploads');
      const files = await listFiles(uploadRoot);
      if (files.length > 0) {
        const storage = createStorage(
          { ...config.uploads, cacheBytes: 0, dataDir: config.dataDir },
          database.db,
        );
        for (const key of files) {
          await storage.put(key.split(path.sep).join('/'), await fs.readFile(path.join(uploadRoot, key)));
          uploadsRestored++;
        }
      }
      return { manifest, counts: await countBackedUpRows(database.db), uploadsRestored };
    } finally {
      await database.close();
    }
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function restorePostgres(config: Config, staging: string, force: boolean) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let empty: boolean;
  try {
    empty = await isDatabaseEmpty(database.db);
  } finally {
    await database.close();
  }
  if (!empty && !force) {
    throw new BackupError(
      'The database named by DATABASE_URL is not empty: restore into a new database (createdb), or pass --force to replace its contents.',
    );
  }
  await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(empty ? [] : ['--clean', '--if-exists']),
      path.join(staging, 'database.pgdump'),
    ],
    config.databaseUrl!,
  );
}

async function restoreEmbedded(config: Config, staging: string, force: boolean) {
  const directory = embeddedDatabaseDirectory(config.dataDir);
  const existing = await fs.readdir(directory).catch(() => []);
  if (existing.length > 0) {
    if (!force) {
      throw new BackupError(
        `${config.dataDir} already holds an embedded database: restore into an empty DATA_DIR, or pass --force (the current one is kept beside it, renamed).`,
      );
    }
    // Fails when a server has it open: the lock is checked by opening it.
    const check = await openDatabase({ dataDir: config.dataDir });
    await check.close();
    await fs.rename(
      directory,
      `${directory}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`,
    );
  }
  const dump = await fs.readFile(path.join(staging, 'pglite.tar.gz'));
  const restored = await openDatabase({ dataDir: config.dataDir, loadDataDir: new Blob([dump]) });
  await restored.close();
}
