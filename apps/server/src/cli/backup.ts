// `npm run backup -- --out FILE [--force] [--prune]`: one file holding the configured database (pg_dump for
// PostgreSQL, PGlite's data folder for the embedded one) and, when they live on disk, the uploads. With
// --prune, the Ovation backups beside it taken more than RETENTION.backupDeletionDays ago are deleted.
// See docs/operations.md, "Backups", for how often, where and how long to keep them.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RETENTION } from '@ovation/shared';
import { parseConfig } from '../config';
import { createBackup, pruneBackups } from './backup-archive';

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      out: { type: 'string' },
      force: { type: 'boolean', default: false },
      prune: { type: 'boolean', default: false },
    },
  });
  if (!values.out) {
    console.error('Usage: npm run backup -- --out FILE [--force] [--prune]');
    return 2;
  }
  const config = parseConfig();
  const started = performance.now();
  const { manifest, bytes, sha256 } = await createBackup(config, values.out, { overwrite: values.force });
  const { counts } = manifest;
  console.log(
    `Backed up the ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${values.out} ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s: ${(bytes / 1024 / 1024).toFixed(1)} MiB, ` +
      `${counts.users} users, ${counts.songs} songs, ${counts.votes} votes, ${counts.auditLog} audit entries, ` +
      `${manifest.uploads === 'disk' ? `${manifest.uploadFiles} upload files` : `${counts.storedFiles} uploads in the database`}.`,
  );
  console.log(
    `SHA-256 ${sha256}. It holds personal data: keep it encrypted, and delete it within ${RETENTION.backupDeletionDays} days.`,
  );
  if (values.prune) {
    const deleted = await pruneBackups(path.dirname(path.resolve(values.out)), new Date());
    console.log(
      deleted.length === 0
        ? `No backup beside it is over ${RETENTION.backupDeletionDays} days old.`
        : `Deleted ${deleted.length} backup(s) over ${RETENTION.backupDeletionDays} days old: ${deleted.join(', ')}.`,
    );
  }
  return 0;
}
