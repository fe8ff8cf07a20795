import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { RETENTION } from '@ovation/shared';
import pg from 'pg';
import * as tar from 'tar';
import type { Config } from '../config';
import { buildInfo } from '../lib/build-info';
import { buildMigrations, type Database, embeddedDatabaseDirectory, openDatabase } from '../lib/db';
import { OperatorError } from '../lib/operator-error';
import { createDiskStorage, createStorage } from '../lib/storage';
import {
  type BackedUpCounts,
  countAppliedMigrations,
  countBackedUpRows,
  databaseOnConnection,
  dumpEmbeddedDataDir,
  isBehindThisBuild,
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

/**
 * Writes a backup of the configured database (and its uploads when they live on disk) to `out`, staging
 * beside it (not in a temporary folder that may be small or in memory) and renaming it into place whole.
 * PostgreSQL is dumped live: the manifest's counts and `pg_dump` read one exported snapshot, so they agree
 * whatever is written meanwhile. The embedded database must not be open in another process (a running
 * server): PGlite copies its data folder, which only one process may open; stopping the server for the
 * seconds it takes is the price of the embedded set-up.
 */
export async function createBackup(
  config: Config,
  out: string,
  options: { overwrite?: boolean } = {},
): Promise<{ manifest: BackupManifest; bytes: number; sha256: string }> {
  if (!options.overwrite && (await fs.stat(out).catch(() => null))) {
    throw new BackupError(`${out} exists: choose another name (or pass --force to replace it).`);
  }
  const folder = path.dirname(path.resolve(out));
  await fs.mkdir(folder, { recursive: true });
  const staging = await fs.mkdtemp(path.join(folder, '.ovation-backup-'));
  const temporary = `${out}.partial`;
  try {
    const dumped = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, staging)
      : await dumpEmbedded(config.dataDir, staging);
    const entries = ['manifest.json', dumped.file];
    const diskUploads = config.uploads.store === 'disk';
    const uploadFiles = diskUploads ? await createDiskStorage(config.dataDir).list('') : [];
    if (uploadFiles.length > 0) {
      await fs.symlink(path.join(config.dataDir, 'uploads'), path.join(staging, 'uploads'));
      entries.push(...uploadFiles.map((key) => `uploads/${key}`));
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: config.databaseUrl ? 'postgres' : 'embedded',
      uploads: diskUploads ? 'disk' : 'database',
      build: { version: buildInfo.version, commit: buildInfo.commit },
      migrations: dumped.migrations,
      counts: dumped.counts,
      uploadFiles: uploadFiles.length,
    };
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.c({ file: temporary, cwd: staging, follow: true, portable: true, mode: 0o600 }, entries);
    await fs.chmod(temporary, 0o600);
    await fs.rename(temporary, out);
    const { size } = await fs.stat(out);
    return { manifest, bytes: size, sha256: await sha256Of(out) };
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

interface Dumped {
  /** The dump's name in the archive. */
  file: string;
  counts: BackedUpCounts;
  migrations: number;
}

/** A database behind this build is migrated first: a backup records one schema this build knows. */
async function requireMigrated(db: Database) {
  if (await isBehindThisBuild(db)) {
    throw new BackupError('The database is behind this build: run `npm run db:migrate` first.');
  }
}

/**
 * pg_dump in its custom format, of the snapshot a read-only REPEATABLE READ transaction exports: the counts
 * read in that transaction are exactly what the dump holds.
 */
async function dumpPostgres(databaseUrl: string, staging: string): Promise<Dumped> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (
      await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
    ).rows as [{ snapshot: string }];
    const db = databaseOnConnection(client);
    await requireMigrated(db);
    const counts = await countBackedUpRows(db);
    const migrations = await countAppliedMigrations(db);
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${path.join(staging, 'database.pgdump')}`,
      ],
      databaseUrl,
    );
    await client.query('commit');
    return { file: 'database.pgdump', counts, migrations };
  } finally {
    await client.end();
  }
}

/** PGlite's own dump of its data folder (the database cannot change: this process holds its lock). */
async function dumpEmbedded(dataDir: string, staging: string): Promise<Dumped> {
  const database = await openDatabase({ dataDir });
  try {
    await requireMigrated(database.db);
    const counts = await countBackedUpRows(database.db);
    const migrations = await countAppliedMigrations(database.db);
    const dump = await dumpEmbeddedDataDir(database.db);
    await fs.writeFile(path.join(staging, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    return { file: 'pglite.tar.gz', counts, migrations };
  } finally {
    await database.close();
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
 * renamed). Uploads in the archive go to the configured store. A backup of a newer build (more migrations
 * than this one knows) is refused: this build would run on a schema it does not know. Answers the manifest,
 * the restored counts and how many upload files were written to the disk store.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ manifest: BackupManifest; counts: BackedUpCounts; uploadFilesOnDisk: number }> {
  const manifest = await readManifest(file);
  const known = (await buildMigrations()).length;
  if (manifest.migrations > known) {
    throw new BackupError(
      `This backup was made by Ovation ${manifest.build.version} (${manifest.build.commit.slice(0, 12)}), whose database has ` +
        `${manifest.migrations} migrations; this build knows ${known}. Restore it with that version or a newer one.`,
    );
  }
  const target = config.databaseUrl ? 'postgres' : 'embedded';
  if (manifest.database !== target) {
    throw new BackupError(
      `This backup is of ${manifest.database === 'postgres' ? 'a PostgreSQL' : 'an embedded'} database; the configuration ` +
        `names ${target === 'postgres' ? 'a PostgreSQL one (DATABASE_URL)' : 'the embedded one (no DATABASE_URL)'}. Restore it into the same kind.`,
    );
  }
  const staging = await fs.mkdtemp(path.join(path.dirname(path.resolve(file)), '.ovation-restore-'));
  try {
    await tar.x({ file, cwd: staging, strict: true });
    if (target === 'postgres') await restorePostgres(config, staging, options.force ?? false);
    else await restoreEmbedded(config, staging, options.force ?? false);

    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      // A restored database older than this build is migrated by its next start (or `npm run db:migrate`).
      const archived = createDiskStorage(staging);
      const files = await archived.list('');
      const storage = createStorage(
        { ...config.uploads, cacheBytes: 0, dataDir: config.dataDir },
        database.db,
      );
      for (const key of files) await storage.put(key, (await archived.get(key))!);
      return {
        manifest,
        counts: await countBackedUpRows(database.db),
        uploadFilesOnDisk: config.uploads.store === 'disk' ? files.length : 0,
      };
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

/**
 * Deletes the Ovation backups in `folder` (files whose manifest says so; anything else is left alone) taken
 * more than RETENTION.backupDeletionDays before `now`: the privacy policy's "backups deleted within 90 days",
 * kept by every backup run with --prune. Answers the names of the files deleted.
 */
export async function pruneBackups(folder: string, now: Date): Promise<string[]> {
  const before = now.getTime() - RETENTION.backupDeletionDays * 86_400_000;
  const deleted: string[] = [];
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(folder, entry.name);
    const manifest = await readManifest(file).catch(() => null);
    if (!manifest || !(Date.parse(manifest.createdAt) < before)) continue;
    await fs.rm(file);
    deleted.push(entry.name);
  }
  return deleted.sort();
}
