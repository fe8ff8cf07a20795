import type { TestServer } from './server';

/*
 * Uploaded files as the tests look at them, whatever the store (the disk on the embedded database, the
 * stored_files table on PostgreSQL): through the server's own FileStorage, never a path on disk.
 */

/** The file names in one folder of the uploads (`library`), sorted; an empty folder is an empty list. */
export async function storedFileNames(server: TestServer, folder: string): Promise<string[]> {
  return (await server.storage.list(`${folder}/`)).map((key) => key.slice(folder.length + 1));
}

/** A stored file's bytes, by its key (`covers/x-320.webp`) or its URL (`/uploads/covers/x-320.webp`). */
export async function storedFile(server: TestServer, keyOrUrl: string): Promise<Buffer> {
  const key = keyOrUrl.replace(/^\/uploads\//, '');
  const body = await server.storage.get(key);
  if (!body) throw new Error(`no stored file ${key}`);
  return body;
}
