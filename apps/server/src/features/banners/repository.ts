import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { banners, images, users } from '../../db/schema';
import { type Database, FOREIGN_KEY_VIOLATION, refusingWith } from '../../lib/db';
import { NotFound } from '../../lib/errors';

/** The stored columns an admin writes (and the audit log's before/after). */
const storedColumns = {
  id: banners.id,
  title: banners.title,
  description: banners.description,
  translations: banners.translations,
  imageId: banners.imageId,
  sortOrder: banners.sortOrder,
  isActive: banners.isActive,
  updatedAt: banners.updatedAt,
};

export type StoredBanner = NonNullable<Awaited<ReturnType<typeof lockBanner>>>;
export type BannerValues = Partial<
  Pick<
    typeof banners.$inferInsert,
    'title' | 'description' | 'translations' | 'imageId' | 'sortOrder' | 'isActive' | 'updatedAt'
  >
>;

/** The banner's picture as the admin screen shows it (renditions, size), joined to the banner. */
const imageColumns = {
  id: images.id,
  kind: images.kind,
  storageKey: images.storageKey,
  width: images.width,
  height: images.height,
  widths: images.widths,
  bytes: images.bytes,
};

/** A library image deleted between the form's check and the write: its foreign key refuses the banner. */
const pictureGone = { [FOREIGN_KEY_VIOLATION]: () => NotFound('IMAGE_NOT_FOUND') };

const adminColumns = {
  ...storedColumns,
  createdAt: banners.createdAt,
  uploaderName: users.name,
  image: imageColumns,
};

export type AdminBannerRow = Awaited<ReturnType<typeof selectAdminBanners>>[number];

function selectAdminBanners(db: Database) {
  return db
    .select(adminColumns)
    .from(banners)
    .leftJoin(images, eq(images.id, banners.imageId))
    .leftJoin(users, eq(users.id, banners.uploadedBy));
}

/** Slideshow order: by order, then newest first. */
const displayOrder = [asc(banners.sortOrder), desc(banners.createdAt), asc(banners.id)];

/** Every banner, as the admin screen lists them. */
export function listAdminBanners(db: Database) {
  return selectAdminBanners(db).orderBy(...displayOrder);
}

export async function findAdminBanner(db: Database, id: string) {
  const rows = await selectAdminBanners(db).where(eq(banners.id, id)).limit(1);
  return rows[0];
}

/** A banner's stored columns, its row locked until the transaction ends (writes take turns). */
export async function lockBanner(tx: Database, id: string) {
  const rows = await tx.select(storedColumns).from(banners).where(eq(banners.id, id)).for('update');
  return rows[0];
}

/** Banner creations and reorderings take turns, so the limit and the set of ids hold under races. */
export async function lockBannerSet(tx: Database) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ovation-banners'))`);
}

export async function countBanners(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(banners);
  return row?.value ?? 0;
}

/** Every banner's id and order, in slideshow order. */
export function listBannerOrder(tx: Database) {
  return tx
    .select({ id: banners.id, sortOrder: banners.sortOrder, updatedAt: banners.updatedAt })
    .from(banners)
    .orderBy(...displayOrder)
    .for('update');
}

export async function insertBanner(
  tx: Database,
  values: Required<Omit<BannerValues, 'updatedAt'>> & { uploadedBy: string; updatedAt: Date },
) {
  const [row] = await refusingWith(pictureGone, () =>
    tx.insert(banners).values(values).returning(storedColumns),
  );
  return row!;
}

export async function updateBanner(tx: Database, id: string, values: BannerValues) {
  const [row] = await refusingWith(pictureGone, () =>
    tx.update(banners).set(values).where(eq(banners.id, id)).returning(storedColumns),
  );
  return row!;
}

export async function deleteBanner(tx: Database, id: string) {
  await tx.delete(banners).where(eq(banners.id, id));
}

/** Active banners with a picture, in slideshow order: what the home page shows. */
export function findPublicBanners(db: Database) {
  return db
    .select({
      id: banners.id,
      imageId: images.id,
      title: banners.title,
      description: banners.description,
      translations: banners.translations,
      sortOrder: banners.sortOrder,
      storageKey: images.storageKey,
      widths: images.widths,
      width: images.width,
      height: images.height,
    })
    .from(banners)
    .innerJoin(images, eq(images.id, banners.imageId))
    .where(eq(banners.isActive, true))
    .orderBy(...displayOrder);
}
