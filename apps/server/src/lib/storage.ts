import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Database } from './db';
import {
  deleteStoredFile,
  findStoredFile,
  insertStoredFile,
  listStoredFileKeys,
} from './stored-files-repository';

/**
 * Where uploaded files live. Keys are relative paths like `covers/<uuid>-320.webp`, written once and never
 * given other bytes (a new picture gets a new key), so their URLs are cached for a year by browsers and
 * CDNs. Two stores: the disk (DATA_DIR/uploads, one machine: the embedded set-up) and the database (the
 * PostgreSQL every instance already shares), chosen by UPLOAD_STORE.
 */
export interface FileStorage {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
  /** The keys under a folder (`covers/`), sorted: for operators' sweeps, backups and tests. */
  list(prefix: string): Promise<string[]>;
  /** The public URL path the file is served at. */
  urlFor(key: string): string;
  /** The folder holding the files when they live on this machine's disk (backups copy it). */
  readonly localRoot?: string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Whether a key is one the stores may use: no absolute paths, no `..`, nothing but plain characters. */
export function isSafeKey(key: string) {
  return SAFE_KEY.test(key) && !key.includes('..');
}

function assertSafeKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

const urlFor = (key: string) => `/uploads/${key}`;

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
    async list(prefix) {
      const folder = path.join(root, prefix);
      const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
        .sort();
    },
    urlFor,
  };
}

/** Files in the database's stored_files table: what a second instance needs to serve the first one's uploads. */
export function createDatabaseStorage(db: Database): FileStorage {
  return {
    async put(key, body) {
      assertSafeKey(key);
      await insertStoredFile(db, key, body);
    },
    async get(key) {
      assertSafeKey(key);
      return findStoredFile(db, key);
    },
    async remove(key) {
      assertSafeKey(key);
      await deleteStoredFile(db, key);
    },
    list: (prefix) => listStoredFileKeys(db, prefix),
    urlFor,
  };
}

/** How long a key the store does not have is answered "missing" without asking it again. */
const MISSING_KEPT_MS = 60_000;

/**
 * Keeps the most recently read files in memory, up to `maxBytes`: a cover on the home page is read from
 * the store once per instance, not once per visitor, and the readers who ask for it while it is being read
 * share that one read. Keys are immutable, so nothing cached goes stale; a removed file may still be served
 * by another instance's cache until it is evicted (nothing links to it). A key the store lacks is
 * remembered for a minute, so a scan of made-up names costs the store nothing; a real key cannot be asked
 * for before it exists (it is a random id nobody has seen).
 */
export function withMemoryCache(storage: FileStorage, maxBytes: number): FileStorage {
  if (maxBytes <= 0) return storage;
  const cache = new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (body) => body.byteLength || 1,
  });
  const missing = new LRUCache<string, true>({ max: 10_000, ttl: MISSING_KEPT_MS });
  const reading = new Map<string, Promise<Buffer | undefined>>();
  const read = (key: string) => {
    const body = storage.get(key).then((found) => {
      if (!found) missing.set(key, true);
      else if (found.byteLength <= maxBytes) cache.set(key, found);
      return found;
    });
    reading.set(key, body);
    void body.finally(() => reading.delete(key)).catch(() => undefined);
    return body;
  };
  return {
    ...storage,
    async put(key, body) {
      await storage.put(key, body);
      missing.delete(key);
      if (body.byteLength <= maxBytes) cache.set(key, body);
    },
    async get(key) {
      const cached = cache.get(key);
      if (cached) return cached;
      if (missing.has(key)) return undefined;
      return reading.get(key) ?? read(key);
    },
    async remove(key) {
      cache.delete(key);
      await storage.remove(key);
    },
  };
}

/** The store UPLOAD_STORE names, with each instance's memory cache in front. */
export function createStorage(
  options: { store: 'disk' | 'database'; cacheBytes: number; dataDir: string },
  db: Database,
): FileStorage {
  const store = options.store === 'database' ? createDatabaseStorage(db) : createDiskStorage(options.dataDir);
  return withMemoryCache(store, options.cacheBytes);
}
