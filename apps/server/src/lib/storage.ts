import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are relative paths like `covers/ab12-320.webp`; the disk store keeps
 * them under `DATA_DIR/uploads`, and an object store can replace it behind this interface.
 */
export interface FileStorage {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
  /** The public URL path the file is served at. */
  urlFor(key: string): string;
  /** Folder served at /uploads when the store is the local disk. */
  readonly localRoot?: string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

export function createDiskStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'uploads');
  return {
    localRoot: root,
    async put(key, body) {
      assertSafeKey(key);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, file);
    },
    async get(key) {
      assertSafeKey(key);
      try {
        return await fs.readFile(path.join(root, key));
      } catch {
        return undefined;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      await fs.rm(path.join(root, key), { force: true });
    },
    urlFor: (key) => `/uploads/${key}`,
  };
}
