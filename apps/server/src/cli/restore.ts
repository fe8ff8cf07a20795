// `npm run restore -- FILE [--force]`: restores a backup (npm run backup) into the configured database,
// which must be new and empty unless --force. Stop the servers first; start them again afterwards.
import { parseArgs } from 'node:util';
import { parseConfig } from '../config';
import { restoreBackup } from './backup-archive';

export async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const [file] = positionals;
  if (!file) {
    console.error('Usage: npm run restore -- FILE [--force]');
    return 2;
  }
  const config = parseConfig();
  const started = performance.now();
  const { manifest, counts, uploadFilesOnDisk } = await restoreBackup(config, file, { force: values.force });
  const differing: string[] = (['users', 'songs', 'votes', 'validVotes', 'auditLog'] as const).filter(
    (name) => counts[name] !== manifest.counts[name],
  );
  // Uploads may change store on the way (a disk backup restored where they live in the database): count both.
  const uploads = counts.storedFiles + uploadFilesOnDisk;
  if (uploads !== manifest.counts.storedFiles + manifest.uploadFiles) differing.push('uploads');
  console.log(
    `Restored the backup of ${manifest.createdAt} (Ovation ${manifest.build.version}, ${manifest.build.commit.slice(0, 12)}) ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s: ${counts.users} users, ${counts.songs} songs, ` +
      `${counts.votes} votes, ${counts.auditLog} audit entries, ${uploads} uploads.`,
  );
  if (differing.length > 0) {
    console.error(`The restored counts differ from the backup's for: ${differing.join(', ')}.`);
    return 1;
  }
  console.log('Every count matches the backup. Start the servers.');
  return 0;
}
