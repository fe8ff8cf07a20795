import type { ImageSourceFilter, ImageUsage } from '@ovation/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { ads, banners, images, songs } from '../../db/schema';
import type { Database } from '../../lib/db';
import { escapeLike } from '../../lib/text';

export const imageColumns = {
  id: images.id,
  kind: images.kind,
  storageKey: images.storageKey,
  originalName: images.originalName,
  width: images.width,
  height: images.height,
  widths: images.widths,
  bytes: images.bytes,
  createdAt: images.createdAt,
  updatedAt: images.updatedAt,
};

export type ImageRow = NonNullable<Awaited<ReturnType<typeof lockLibraryImage>>>;

/** Library images live under `library/<uuid>`. */
export const LIBRARY_FOLDER = 'library';

/** The name a library image goes by (`<uuid>-<largest width>.webp`), in SQL, for search. */
const filenameSql = sql<string>`split_part(${images.storageKey}, '/', 2) || '-' || ${images.width} || '.webp'`;

/**
 * The pictures of `source` (every source: library uploads and the banners' and ads' own pictures), matching
 * `search` in the server's file name or the uploader's original file name, ignoring case.
 */
function libraryFilter(search: string | undefined, source: ImageSourceFilter): SQL {
  const kinds = source === 'all' ? (['library', 'banner', 'ad'] as const) : [source];
  const ofSource = inArray(images.kind, [...kinds]);
  if (!search) return ofSource;
  const pattern = `%${escapeLike(search)}%`;
  return and(ofSource, or(ilike(filenameSql, pattern), ilike(images.originalName, pattern)))!;
}

/** One page of library images, newest first, with the total matching the search. */
export async function listLibraryImages(
  db: Database,
  query: { search?: string; source: ImageSourceFilter; limit: number; offset: number; newestFirst: boolean },
) {
  const where = libraryFilter(query.search, query.source);
  const [rows, [total]] = await Promise.all([
    db
      .select(imageColumns)
      .from(images)
      .where(where)
      .orderBy(
        ...(query.newestFirst
          ? [desc(images.createdAt), desc(images.id)]
          : [asc(images.createdAt), asc(images.id)]),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(images).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** A library image by its uuid, its row locked until the transaction ends (a delete and a use take turns). */
export async function lockLibraryImage(tx: Database, uuid: string) {
  const rows = await tx
    .select(imageColumns)
    .from(images)
    .where(and(eq(images.storageKey, `${LIBRARY_FOLDER}/${uuid}`), eq(images.kind, 'library')))
    .for('update');
  return rows[0];
}

/** A library image by its uuid (no lock). */
export async function findLibraryImage(db: Database, uuid: string) {
  const rows = await db
    .select(imageColumns)
    .from(images)
    .where(and(eq(images.storageKey, `${LIBRARY_FOLDER}/${uuid}`), eq(images.kind, 'library')))
    .limit(1);
  return rows[0];
}

/** What shows each image: banners, ads and song covers, by image id. */
export async function findUsage(db: Database, imageIds: string[]): Promise<Map<string, ImageUsage[]>> {
  const usage = new Map<string, ImageUsage[]>();
  if (imageIds.length === 0) return usage;
  const [bannerRows, adRows, songRows] = await Promise.all([
    db
      .select({ imageId: banners.imageId, id: banners.id, title: banners.title })
      .from(banners)
      .where(inArray(banners.imageId, imageIds))
      .orderBy(asc(banners.sortOrder), asc(banners.title)),
    db
      .select({ imageId: ads.imageId, id: ads.id, title: ads.title })
      .from(ads)
      .where(inArray(ads.imageId, imageIds))
      .orderBy(asc(ads.title)),
    db
      .select({ imageId: songs.coverImageId, id: songs.id, title: songs.title })
      .from(songs)
      .where(inArray(songs.coverImageId, imageIds))
      .orderBy(asc(songs.title)),
  ]);
  const add = (
    kind: ImageUsage['kind'],
    rows: Array<{ imageId: string | null; id: string; title: string }>,
  ) => {
    for (const row of rows) {
      if (!row.imageId) continue;
      const list = usage.get(row.imageId) ?? [];
      list.push({ kind, id: row.id, title: row.title });
      usage.set(row.imageId, list);
    }
  };
  add('banner', bannerRows);
  add('ad', adRows);
  add('song', songRows);
  return usage;
}

/**
 * Records a processed upload (`encodePicture(...).row`) inside the caller's transaction, and answers the
 * stored row.
 */
export async function insertImage(tx: Database, row: typeof images.$inferInsert) {
  const [inserted] = await tx.insert(images).values(row).returning(imageColumns);
  return inserted!;
}

/**
 * Deletes a banner's, an ad's or a song's own uploaded picture (`kind`) once nothing shows it any more
 * (a copied song shares its original's cover; library images stay: the library manages them), answering
 * its files for removal after the commit.
 */
export async function deleteUnusedImage(
  tx: Database,
  imageId: string,
  kind: Extract<(typeof images.$inferSelect)['kind'], 'ad' | 'banner' | 'cover'>,
) {
  const rows = await tx
    .delete(images)
    .where(
      and(
        eq(images.id, imageId),
        eq(images.kind, kind),
        sql`not exists (select 1 from ${banners} where ${banners.imageId} = ${imageId})`,
        sql`not exists (select 1 from ${ads} where ${ads.imageId} = ${imageId})`,
        sql`not exists (select 1 from ${songs} where ${songs.coverImageId} = ${imageId})`,
      ),
    )
    .returning({ storageKey: images.storageKey, widths: images.widths, height: images.height });
  return rows[0];
}

/** An uploaded image by its storage key, of one of `kinds`. */
export async function findImageByStorageKey(
  db: Database,
  storageKey: string,
  kinds: Array<(typeof images.$inferSelect)['kind']>,
) {
  const rows = await db
    .select({ id: images.id, storageKey: images.storageKey })
    .from(images)
    .where(and(eq(images.storageKey, storageKey), inArray(images.kind, kinds)))
    .limit(1);
  return rows[0];
}

/** Records the widths now stored for an image (banners stored before their smaller widths existed). */
export async function updateImageWidths(db: Database, imageId: string, widths: number[]) {
  await db.update(images).set({ widths }).where(eq(images.id, imageId));
}

/**
 * Deletes an image row; the banners, ads and songs pointing at it get null (their foreign keys say so).
 * The banners that lose their picture are marked changed, so an edit opened before this one is refused
 * as stale rather than silently putting back what the admin just saw removed.
 */
export async function deleteImage(tx: Database, imageId: string, now: Date) {
  await tx.update(banners).set({ updatedAt: now }).where(eq(banners.imageId, imageId));
  await tx.delete(images).where(eq(images.id, imageId));
}
