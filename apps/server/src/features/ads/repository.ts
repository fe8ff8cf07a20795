import type { AdminAdSort } from '@ovation/shared';
import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { orderOfList } from '../../db/queries/list-order';
import { ads, images, users } from '../../db/schema';
import { type Database, FOREIGN_KEY_VIOLATION, refusingWith } from '../../lib/db';
import { NotFound } from '../../lib/errors';
import { escapeLike } from '../../lib/text';

/** The stored columns an admin writes (and the audit log's before/after). */
const storedColumns = {
  id: ads.id,
  title: ads.title,
  description: ads.description,
  targetUrl: ads.targetUrl,
  imageId: ads.imageId,
  isActive: ads.isActive,
  locations: ads.locations,
  weight: ads.weight,
  startDate: ads.startDate,
  endDate: ads.endDate,
  maxDailyImpressions: ads.maxDailyImpressions,
  maxTotalImpressions: ads.maxTotalImpressions,
  updatedAt: ads.updatedAt,
};

/** An ad's picture as the screens and serving show it: its renditions and size, joined to the ad. */
export const adPictureColumns = {
  storageKey: images.storageKey,
  width: images.width,
  height: images.height,
  widths: images.widths,
};

/** A library image deleted between the form's check and the write: its foreign key refuses the ad. */
const pictureGone = { [FOREIGN_KEY_VIOLATION]: () => NotFound('IMAGE_NOT_FOUND') };

export type StoredAd = NonNullable<Awaited<ReturnType<typeof lockAd>>>;
export type AdValues = Partial<Omit<typeof ads.$inferInsert, 'id' | 'createdBy'>>;

const adminColumns = {
  ...storedColumns,
  createdAt: ads.createdAt,
  creatorName: users.name,
  image: { id: images.id, kind: images.kind, ...adPictureColumns },
};

export type AdminAdRow = Awaited<ReturnType<typeof selectAdminAds>>[number];

function selectAdminAds(db: Database) {
  return db
    .select(adminColumns)
    .from(ads)
    .leftJoin(images, eq(images.id, ads.imageId))
    .leftJoin(users, eq(users.id, ads.createdBy));
}

/** By part of the title or of the description, whatever the case. */
function searchFilter(pattern: string) {
  return or(ilike(ads.title, pattern), ilike(ads.description, pattern));
}

function listFilter(query: { search?: string; isActive?: boolean }): SQL | undefined {
  return and(
    query.search ? searchFilter(`%${escapeLike(query.search)}%`) : undefined,
    query.isActive !== undefined ? eq(ads.isActive, query.isActive) : undefined,
  );
}

/** The ads list's sortable columns (ADMIN_AD_SORTS); `status` is the on/off switch. */
const AD_SORT_COLUMNS = {
  createdAt: ads.createdAt,
  title: ads.title,
  status: ads.isActive,
  startDate: ads.startDate,
  endDate: ads.endDate,
};

/** One page of ads sorted by the chosen column (newest first by default), searched, with the total matching. */
export async function listAdminAds(
  db: Database,
  query: {
    search?: string;
    isActive?: boolean;
    limit: number;
    offset: number;
    sort: AdminAdSort;
    order: 'asc' | 'desc';
  },
) {
  const where = listFilter(query);
  const [rows, [total]] = await Promise.all([
    selectAdminAds(db)
      .where(where)
      .orderBy(...orderOfList(AD_SORT_COLUMNS, query, ads.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(ads).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findAdminAd(db: Database, id: string) {
  const rows = await selectAdminAds(db).where(eq(ads.id, id)).limit(1);
  return rows[0];
}

/** An ad's stored columns, its row locked until the transaction ends (writes to one ad take turns). */
export async function lockAd(tx: Database, id: string) {
  const rows = await tx.select(storedColumns).from(ads).where(eq(ads.id, id)).for('update');
  return rows[0];
}

export async function insertAd(
  tx: Database,
  values: AdValues & Pick<typeof ads.$inferInsert, 'title' | 'targetUrl' | 'createdBy'>,
) {
  const [row] = await refusingWith(pictureGone, () => tx.insert(ads).values(values).returning(storedColumns));
  return row!;
}

export async function updateAd(tx: Database, id: string, values: AdValues) {
  const [row] = await refusingWith(pictureGone, () =>
    tx.update(ads).set(values).where(eq(ads.id, id)).returning(storedColumns),
  );
  return row!;
}

export async function deleteAd(tx: Database, id: string) {
  await tx.delete(ads).where(eq(ads.id, id));
}

/** What serving and counting read of an ad: its stored columns but the picture's id and the edit time. */
const { imageId: _imageId, updatedAt: _updatedAt, ...servedColumns } = storedColumns;

/** Every ad with its picture's renditions, as serving and counting keep them (a few dozen rows at most). */
export function findKnownAds(db: Database) {
  return db
    .select({ ...servedColumns, image: adPictureColumns })
    .from(ads)
    .leftJoin(images, eq(images.id, ads.imageId));
}
