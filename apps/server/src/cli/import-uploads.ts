// `npm run uploads:import [-- --from FOLDER]`: copies uploaded files from a folder on disk (DATA_DIR/uploads
// by default) into the configured store: for a deployment that kept its uploads on disk (or a shared
// volume) and now keeps them in the database (UPLOAD_STORE=database, the default with DATABASE_URL).
// Idempotent: a key already stored is written again with the same bytes. Run it once, before the rollout.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../config';
import { openDatabase } from '../lib/db';
import { createDiskStorage, createStorage } from '../lib/storage';

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' } } });
  const config = parseConfig();
  // A folder that holds an `uploads` folder, as DATA_DIR does.
  const from = values.from ? path.resolve(values.from, '..') : config.dataDir;
  const source = createDiskStorage(from);
  const keys = await source.list('');
  if (config.uploads.store === 'disk' && path.resolve(from) === path.resolve(config.dataDir)) {
    console.log('UPLOAD_STORE is disk and the files are already there: nothing to import.');
    return 0;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const target = createStorage({ ...config.uploads, cacheBytes: 0, dataDir: config.dataDir }, database.db);
    let bytes = 0;
    for (const key of keys) {
      const body = (await source.get(key))!;
      await target.put(key, body);
      bytes += body.byteLength;
    }
    console.log(
      `Imported ${keys.length} files (${(bytes / 1024 / 1024).toFixed(1)} MiB) from ${path.join(from, 'uploads')} ` +
        `into the ${config.uploads.store} store.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
