import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../lib/db';
import { createStorage } from '../lib/storage';
import { newDeployment, runCli } from '../test/cli';
import { createAuditEntry, createCategory, createSong, createUser, createVote } from '../test/factories';
import { readManifest } from './backup-archive';

/**
 * `npm run backup` and `npm run restore`: a deployment with votes (some set aside), audit entries and an
 * uploaded picture is backed up, restored into a new, empty database, and found identical: every song's
 * valid-vote total, the tallies, the audit log's length and the picture's bytes.
 */
let source: Awaited<ReturnType<typeof newDeployment>>;
let target: Awaited<ReturnType<typeof newDeployment>>;
let backupFile: string;
const PICTURE = Buffer.from('RIFF-not-really-a-webp-but-bytes-are-bytes');

async function withDatabase<T>(deployment: typeof source, work: (db: Database) => Promise<T>): Promise<T> {
  const config = deployment.config();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** What must survive a restore exactly: per-song valid votes and tallies, and the audit log's length. */
async function snapshot(db: Database) {
  const songs = rowsOf<{ id: string; valid: number; tallied: number }>(
    await db.execute(sql`
      select s.id::text,
             (select count(*)::int from votes v where v.song_id = s.id and v.status = 'valid') as valid,
             coalesce((select sum(t.votes)::int from song_vote_tallies t where t.song_id = s.id), 0) as tallied
      from songs s order by s.id`),
  );
  const [audit] = rowsOf<{ entries: number }>(
    await db.execute(sql`select count(*)::int as entries from audit_log`),
  );
  return { songs, auditEntries: audit!.entries };
}

beforeAll(async () => {
  source = await newDeployment();
  target = await newDeployment();
  backupFile = path.join(source.environment.DATA_DIR!, 'backups', 'night-before.ovation-backup');
  const config = source.config();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const db = database.db;
    const categories = [await createCategory(db), await createCategory(db)];
    const songs = [];
    for (const category of categories)
      for (let index = 0; index < 3; index++) songs.push(await createSong(db, { categoryId: category.id }));
    for (let fan = 0; fan < 12; fan++) {
      const user = await createUser(db);
      for (const [index, category] of categories.entries()) {
        const song = songs.filter((candidate) => candidate.categoryId === category.id)[(fan + index) % 3]!;
        await createVote(db, {
          userId: user.id,
          songId: song.id,
          categoryId: category.id,
          status: fan % 5 === 0 ? 'quarantined' : 'valid',
        });
      }
    }
    // The tallies, as the vote batches keep them: one counter row per song for its valid votes.
    await db.execute(sql`insert into song_vote_tallies (song_id, shard, votes)
      select song_id, 0, count(*) from votes where status = 'valid' group by song_id`);
    for (let entry = 0; entry < 7; entry++) await createAuditEntry(db, { action: 'song.approved' });
    await createStorage({ ...config.uploads, dataDir: config.dataDir }, db).put(
      'covers/backed-up-320.webp',
      PICTURE,
    );
  } finally {
    await database.close();
  }
});
afterAll(async () => {
  await source?.remove();
  await target?.remove();
});

describe('npm run backup, then npm run restore', () => {
  it('backs up into one private file whose manifest says what it holds', async () => {
    const backedUp = await runCli(['backup', '--out', backupFile], { environment: source.environment });
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toMatch(/Backed up the (PostgreSQL|embedded) database to .* 7 audit entries/);
    expect(backedUp.stdout).toMatch(/SHA-256 [0-9a-f]{64}\. It holds personal data/);
    expect((await fs.stat(backupFile)).mode & 0o777).toBe(0o600);
    const manifest = await readManifest(backupFile);
    expect(manifest).toMatchObject({
      format: 'ovation-backup',
      database: process.env.DATABASE_URL ? 'postgres' : 'embedded',
      uploads: process.env.DATABASE_URL ? 'database' : 'disk',
      counts: { songs: 6, votes: 24, auditLog: 7 },
    });
    // Writing over an existing backup needs --force.
    const again = await runCli(['backup', '--out', backupFile], { environment: source.environment });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists/);
  });

  it('with --prune, deletes the backups beside it taken over 90 days ago, and nothing else', async () => {
    const folder = await fs.mkdtemp(path.join(source.environment.DATA_DIR!, 'nightly-'));
    const staging = await fs.mkdtemp(path.join(source.environment.DATA_DIR!, 'staging-'));
    await tar.x({ file: backupFile, cwd: staging });
    const manifest = JSON.parse(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8'));
    /** A copy of the backup whose manifest says it was taken `days` days ago. */
    async function backupTaken(days: number, name: string) {
      const createdAt = new Date(Date.now() - days * 86_400_000).toISOString();
      await fs.writeFile(path.join(staging, 'manifest.json'), JSON.stringify({ ...manifest, createdAt }));
      await tar.c({ file: path.join(folder, name), cwd: staging }, await fs.readdir(staging));
    }
    await backupTaken(91, 'ovation-old.backup');
    await backupTaken(89, 'ovation-recent.backup');
    await fs.writeFile(path.join(folder, 'notes.txt'), 'not a backup, and very old');
    await fs.utimes(path.join(folder, 'notes.txt'), new Date(2020, 0, 1), new Date(2020, 0, 1));

    const run = await runCli(['backup', '--out', path.join(folder, 'ovation-tonight.backup'), '--prune'], {
      environment: source.environment,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Deleted 1 backup\(s\) over 90 days old: ovation-old\.backup\./);
    expect((await fs.readdir(folder)).sort()).toEqual([
      'notes.txt',
      'ovation-recent.backup',
      'ovation-tonight.backup',
    ]);
  });

  it('restores into a new, empty database with every total, the audit log and the uploads equal', async () => {
    const restored = await runCli(['restore', backupFile], { environment: target.environment });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Every count matches the backup/);
    const before = await withDatabase(source, snapshot);
    const after = await withDatabase(target, snapshot);
    expect(after).toEqual(before);
    expect(after.songs.every((song) => song.valid === song.tallied)).toBe(true);
    expect(after.songs.reduce((sum, song) => sum + song.valid, 0)).toBe(24 - 6);
    const picture = await withDatabase(target, (db) =>
      createStorage({ ...target.config().uploads, dataDir: target.config().dataDir }, db).get(
        'covers/backed-up-320.webp',
      ),
    );
    expect(picture?.equals(PICTURE)).toBe(true);
  });

  it('refuses a backup made by a newer version, whose schema this one does not know', async () => {
    const staging = await fs.mkdtemp(path.join(target.environment.DATA_DIR!, 'newer-'));
    await tar.x({ file: backupFile, cwd: staging });
    const manifest = JSON.parse(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8'));
    await fs.writeFile(path.join(staging, 'manifest.json'), JSON.stringify({ ...manifest, migrations: 999 }));
    const newer = path.join(target.environment.DATA_DIR!, 'from-the-future.backup');
    await tar.c({ file: newer, cwd: staging }, await fs.readdir(staging));
    const refused = await runCli(['restore', newer], { environment: target.environment });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/whose database has 999 migrations; this build knows \d+/);
  });

  it('refuses to restore over a database that holds data, unless told to replace it', async () => {
    const refused = await runCli(['restore', backupFile], { environment: target.environment });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not empty|already holds/);
    const notABackup = path.join(target.environment.DATA_DIR!, 'notes.txt');
    await fs.writeFile(notABackup, 'hello');
    const wrong = await runCli(['restore', notABackup], { environment: target.environment });
    expect(wrong.code).not.toBe(0);
  });
});
