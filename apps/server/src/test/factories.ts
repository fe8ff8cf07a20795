import { detectLinkKind, type Role, type SongStatus } from '@ovation/shared';
import { auditLog, categories, songs, songVoteTallies, users, votes } from '../db/schema';
import type { BallotToCast } from '../features/voting/cast-vote-repository';
import { saveVotingWindow } from '../features/voting/repository';
import { DAY_MS } from '../features/voting/vote-rules';
import type { Database } from '../lib/db';
import { foldForSearch } from '../lib/text';

let sequence = 0;
const next = () => ++sequence;

export async function createCategory(db: Database, values: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  const name = values.name ?? `Category ${n}`;
  const translatedNames = Object.values(values.translations ?? {}).map((words) => words?.name ?? '');
  const [row] = await db
    .insert(categories)
    .values({
      description: `Description ${n}`,
      sortOrder: n,
      searchText: foldForSearch([name, ...translatedNames].join(' ')),
      ...values,
      name,
    })
    .returning();
  return row!;
}

export async function createUser(
  db: Database,
  values: Partial<typeof users.$inferInsert> & { role?: Role } = {},
) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      name: `User ${n}`,
      email: `user${n}@example.com`,
      emailVerified: true,
      emailVerifiedAt: values.emailVerified === false ? null : new Date(),
      ...values,
    })
    .returning();
  return row!;
}

export async function createSong(
  db: Database,
  values: Partial<typeof songs.$inferInsert> & { categoryId: string; status?: SongStatus; votes?: number },
) {
  const n = next();
  const { votes = 0, ...rest } = values;
  const title = rest.title ?? `Song ${n}`;
  const artist = rest.artist ?? `Artist ${n}`;
  const songLink = rest.songLink ?? `https://www.youtube.com/watch?v=abcdefgh${String(n).padStart(3, '0')}`;
  const [row] = await db
    .insert(songs)
    .values({
      status: 'approved',
      ...rest,
      title,
      artist,
      songLink,
      linkKind: detectLinkKind(songLink),
      searchText: foldForSearch(`${title} ${artist}`),
    })
    .returning();
  if (votes > 0) await db.insert(songVoteTallies).values({ songId: row!.id, shard: 0, votes });
  return row!;
}

/** A vote row as the vote transaction writes it (without the tally), cast at `createdAt`. */
export async function createVote(
  db: Database,
  values: Partial<typeof votes.$inferInsert> & { userId: string; songId: string; categoryId: string },
) {
  const [row] = await db.insert(votes).values(values).returning();
  return row!;
}

/** An audit log entry written at `createdAt` (before and after go into details, as `audit` does). */
export async function createAuditEntry(
  db: Database,
  values: Partial<typeof auditLog.$inferInsert> & { action: string; before?: unknown; after?: unknown },
) {
  const { before, after, details, ...rest } = values;
  const [row] = await db
    .insert(auditLog)
    .values({
      ...rest,
      details: {
        ...(details as object),
        ...(before !== undefined ? { before } : {}),
        ...(after !== undefined ? { after } : {}),
      },
    })
    .returning();
  return row!;
}

/**
 * `count` audited song approvals by `actorId` from one network, one a minute from an hour before `base`
 * ("Song 0" oldest): a log for the audit screen's and export's tests to read.
 */
export async function createSongApprovalEntries(db: Database, actorId: string, count: number, base: number) {
  for (let index = 0; index < count; index++) {
    await createAuditEntry(db, {
      action: 'song.approved',
      actorId,
      targetType: 'song',
      targetId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      ip: '203.0.113.7',
      before: { title: `Song ${index}`, status: 'pending' },
      after: { title: `Song ${index}`, status: 'approved' },
      createdAt: new Date(base - (60 - index) * 60_000),
    });
  }
}

/** Stores a voting window without an audit entry, for tests of other features (voting's own use its repository). */
export { saveVotingWindow };

/** Voting open, without dates, in UTC; written without an audit entry. */
export async function openVoting(db: Database) {
  await saveVotingWindow(db, { isEnabled: true, startDate: null, endDate: null });
}

/** The platform's timezone (the voting settings'), voting open without dates; written without an audit entry. */
export async function setPlatformTimezone(db: Database, timezone: string) {
  await saveVotingWindow(db, { isEnabled: true, startDate: null, endDate: null, timezone });
}

/**
 * A vote as the batcher hands it to the database (features/voting/cast-vote-repository.ts): from no
 * network or device, cast at `at`, under the default quota of one vote per category and song a day.
 */
export function ballotFor(userId: string, songId: string, at: Date): BallotToCast {
  return {
    vote: {
      userId,
      songId,
      ip: null,
      ipPrefix: null,
      deviceType: null,
      deviceSignature: null,
      deviceId: null,
      at,
    },
    quota: { perCategory: 1, perSong: 1, windowStart: new Date(at.getTime() - DAY_MS) },
  };
}
