import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../lib/db';
import { createStorage } from '../lib/storage';
import { newDeployment, runCli } from '../test/cli';

/**
 * `npm run uploads:import`: a deployment that kept its uploads on disk moves to the database store (the
 * default with DATABASE_URL), so every instance serves them.
 */
describe.runIf(process.env.DATABASE_URL)('npm run uploads:import', () => {
  let deployment: Awaited<ReturnType<typeof newDeployment>>;
  beforeAll(async () => {
    deployment = await newDeployment();
    await runCli(['db:migrate'], { environment: deployment.environment });
  });
  afterAll(() => deployment.remove());

  it('copies every file of DATA_DIR/uploads into the database store, and again harmlessly', async () => {
    const folder = path.join(deployment.environment.DATA_DIR!, 'uploads', 'covers');
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'kept-on-disk-320.webp'), 'first picture');
    await fs.writeFile(path.join(folder, 'kept-on-disk-640.webp'), 'second picture');
    for (let run = 0; run < 2; run++) {
      const imported = await runCli(['uploads:import'], { environment: deployment.environment });
      expect(imported.stderr).toBe('');
      expect(imported.stdout).toMatch(/Imported 2 files .* into the database store/);
    }
    const config = deployment.config();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const store = createStorage({ ...config.uploads, cacheBytes: 0, dataDir: config.dataDir }, database.db);
      expect(await store.list('covers/')).toEqual([
        'covers/kept-on-disk-320.webp',
        'covers/kept-on-disk-640.webp',
      ]);
      expect((await store.get('covers/kept-on-disk-320.webp'))?.toString()).toBe('first picture');
    } finally {
      await database.close();
    }
  });
});
