import { LEGAL_DOCUMENT_NAMES, LEGAL_DOCUMENTS } from '@ovation/shared';
import { sql } from 'drizzle-orm';
import {
  banners,
  categories,
  consents,
  images,
  songs,
  songVoteTallies,
  users,
  voteQuotas,
  votes,
  votingSettings,
} from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { hashPassword } from '../../lib/passwords';
import type { FileStorage } from '../../lib/storage';
import { buildAdPlan, insertAdPlan } from './ads';
import { ARTWORK_CONCURRENCY, mapWithConcurrency, removeArtwork, renderArtwork } from './artwork';
import { DEMO_PASSWORD } from './demo-accounts';
import { buildDemoPlan, type DemoPlan } from './plan';

export interface SeedDependencies {
  db: Database;
  storage: FileStorage;
  clock: Clock;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Key of the transaction-scoped advisory lock taken while seeding: two servers starting together on one
 * PostgreSQL then seed one after the other, and the second finds the data and backs off. The number only
 * has to be unlikely to clash with another lock of this database; it spells "OVATION" on a phone keypad.
 */
const SEED_LOCK_KEY = 6_828_466;
/** Rows per INSERT statement: 500 votes take 3,500 bind parameters, far below PostgreSQL's 65,535. */
const INSERT_BATCH_SIZE = 500;

/** True when no account and no category exist yet, the only state in which demo data may be added. */
async function isDatabaseEmpty(db: Database | Transaction): Promise<boolean> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return false;
  const [anyCategory] = await db.select({ id: categories.id }).from(categories).limit(1);
  return !anyCategory;
}

async function insertInBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH_SIZE) {
    await insert(rows.slice(start, start + INSERT_BATCH_SIZE));
  }
}

/** Writes every planned row, parents before children so each foreign key finds its target. */
async function insertPlan(
  tx: Transaction,
  plan: DemoPlan,
  passwordHash: string,
  bytesByKey: ReadonlyMap<string, number>,
): Promise<void> {
  await tx.insert(users).values(plan.users.map((user) => ({ ...user, passwordHash })));
  // Every demo account accepted the current legal documents when it signed up.
  const accepted = plan.users.flatMap((user) =>
    LEGAL_DOCUMENT_NAMES.map((document) => ({
      userId: user.id!,
      document,
      version: LEGAL_DOCUMENTS[document].version,
      acceptedAt: user.createdAt ?? new Date(),
    })),
  );
  await insertInBatches(accepted, (batch) => tx.insert(consents).values(batch));
  await tx.insert(images).values(
    plan.artwork.map((item) => ({
      id: item.imageId,
      kind: item.kind,
      storageKey: item.storageKey,
      width: item.width,
      height: item.height,
      widths: [...item.widths],
      bytes: bytesByKey.get(item.storageKey) ?? 0,
      uploadedBy: item.uploadedBy,
      createdAt: item.createdAt,
      updatedAt: item.createdAt,
    })),
  );
  await tx.insert(categories).values(plan.categories);
  await tx.insert(songs).values(plan.songs);
  await insertInBatches(plan.tallies, (batch) => tx.insert(songVoteTallies).values(batch));
  await insertInBatches(plan.votes, (batch) => tx.insert(votes).values(batch));
  await insertInBatches(plan.quotas, (batch) => tx.insert(voteQuotas).values(batch));
  await tx.insert(banners).values(plan.banners);
  const { id: _id, ...window } = plan.votingSettings;
  await tx.insert(votingSettings).values(plan.votingSettings).onConflictDoUpdate({
    target: votingSettings.id,
    set: window,
  });
}

/**
 * Adds the demo data set: three sign-in accounts and forty voting fans, the 2025 categories, a catalogue
 * of nominated songs with generated covers, hero banners, a week of votes from the fans' carrier networks,
 * one planted suspicious cluster of forty accounts for the fraud review to find (planted-cluster.ts), six
 * sponsors' ads with a month of counted traffic (ads.ts), and an open voting window.
 * The artwork is rendered and stored first so the database transaction stays short; it is removed again
 * when the transaction fails or finds that another process seeded in the meantime. Returns whether the
 * data was added.
 */
export async function seedDemoData(deps: SeedDependencies): Promise<boolean> {
  const plan = buildDemoPlan(deps.clock.now());
  const adminId = plan.users.find((user) => user.role === 'admin')!.id!;
  const adPlan = buildAdPlan(deps.clock.now(), adminId);
  const artwork = [...plan.artwork, ...adPlan.artwork];
  let inserted = false;
  try {
    // Hashed once for every demo account: argon2id is deliberately slow and the password is shared.
    const [passwordHash, rendered] = await Promise.all([
      hashPassword(DEMO_PASSWORD),
      mapWithConcurrency(artwork, ARTWORK_CONCURRENCY, (job) => renderArtwork(job, deps.storage)),
    ]);
    const bytesByKey = new Map(rendered.map((item) => [item.storageKey, item.bytes]));
    inserted = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      if (!(await isDatabaseEmpty(tx))) return false;
      await insertPlan(tx, plan, passwordHash, bytesByKey);
      await insertAdPlan(tx, adPlan, bytesByKey);
      return true;
    });
  } finally {
    if (!inserted) await removeArtwork(deps.storage, artwork);
  }
  return inserted;
}

/**
 * Seeds the demo data when the database has neither users nor categories, so a first start shows a
 * lively site and later starts leave real data alone. Returns true when it seeded.
 */
export async function seedDemoDataIfEmpty(deps: SeedDependencies): Promise<boolean> {
  if (!(await isDatabaseEmpty(deps.db))) return false;
  return seedDemoData(deps);
}
