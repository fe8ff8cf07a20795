import { eq, like } from 'drizzle-orm';
import { storedFiles } from '../db/schema';
import type { Database } from './db';
import { escapeLike } from './text';

/*
 * The stored_files table: uploaded files kept in the database every instance shares (UPLOAD_STORE=database).
 * Only lib/storage.ts calls these.
 */

/** Writes a file; writing a key again (a retried upload) keeps the one body a key may have. */
export async function insertStoredFile(db: Database, key: string, body: Buffer) {
  await db
    .insert(storedFiles)
    .values({ key, body, bytes: body.byteLength })
    .onConflictDoUpdate({ target: storedFiles.key, set: { body, bytes: body.byteLength } });
}

export async function findStoredFile(db: Database, key: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ body: storedFiles.body }).from(storedFiles).where(eq(storedFiles.key, key));
  // node-postgres answers a Buffer, PGlite a Uint8Array: one type for the callers.
  return row ? Buffer.from(row.body.buffer, row.body.byteOffset, row.body.byteLength) : undefined;
}

export async function deleteStoredFile(db: Database, key: string) {
  await db.delete(storedFiles).where(eq(storedFiles.key, key));
}

/** The keys starting with `prefix`, sorted. */
export async function listStoredFileKeys(db: Database, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(like(storedFiles.key, `${escapeLike(prefix)}%`))
    .orderBy(storedFiles.key);
  return rows.map((row) => row.key);
}

/** Whether the table holds any file (a deployment that kept its uploads on disk until now holds none). */
export async function hasStoredFiles(db: Database): Promise<boolean> {
  const [row] = await db.select({ key: storedFiles.key }).from(storedFiles).limit(1);
  return row !== undefined;
}
