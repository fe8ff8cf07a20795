import { randomUUID } from 'node:crypto';
import type { users, voteQuotas, votes } from '../../db/schema';
import { deviceSignatureOf, ipPrefixOf } from '../../lib/network';
import { hashToDigits, hashToUint32 } from './deterministic';

/**
 * The one suspicious cluster of the demo, for the fraud-review screen to find: 40 fan accounts created
 * within 8 minutes with near-identical addresses (afrovote101@..., afrovote102@...), each verified within
 * a minute and voting within two minutes of verifying, all from one /24 with one browser, all for one
 * mid-ranked song: the network, device, registration-burst and e-mail-pattern signals all point at it.
 * It happened 3 hours before the seed, inside the screen's default 24-hour window.
 */
export const PLANTED_ACCOUNTS = 40;
const PLANTED_HOURS_AGO = 3;
/** Accounts come in waves of 10, 150 s apart, 3 s between two accounts of a wave: a script's rhythm. */
const WAVE_SIZE = 10;
const WAVE_GAP_MS = 150_000;
const ACCOUNT_GAP_MS = 3000;
/** Verified 25 to 45 s after creation, voting 60 to 100 s after verifying. */
const VERIFY_DELAY_MS = [25_000, 45_000] as const;
const VOTE_DELAY_MS = [60_000, 100_000] as const;
const PLANTED_NETWORK = '102.89.214';
const PLANTED_AGENT =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Mobile Safari/537.36';
const PLANTED_LANGUAGE = 'en-US,en;q=0.9';
/** The shortest category the cluster may target: a mid-ranked song needs songs above and below it. */
const MIN_SONGS_IN_TARGET_CATEGORY = 5;

const HOUR_MS = 60 * 60 * 1000;

function between(seed: string, [low, high]: readonly [number, number]) {
  return low + (hashToUint32(seed) % (high - low + 1));
}

export interface PlantedCluster {
  users: Array<Omit<typeof users.$inferInsert, 'passwordHash'>>;
  votes: Array<typeof votes.$inferInsert>;
  quotas: Array<typeof voteQuotas.$inferInsert>;
  songId: string;
}

/**
 * The planted cluster for a seed at `now`: its accounts, their votes and quotas. The target is the
 * middle song (by the simulated votes) of the first category, in seeding order, with at least five
 * approved songs.
 */
export function plantCluster(
  now: Date,
  categoryIds: readonly string[],
  songs: ReadonlyArray<{ id: string; categoryId: string; title: string }>,
  countBySong: ReadonlyMap<string, number>,
): PlantedCluster {
  const categoryId = categoryIds.find(
    (id) => songs.filter((song) => song.categoryId === id).length >= MIN_SONGS_IN_TARGET_CATEGORY,
  );
  if (!categoryId)
    throw new Error('The demo needs a category with five approved songs for its planted cluster');
  const ranked = songs
    .filter((song) => song.categoryId === categoryId)
    .sort(
      (a, b) => (countBySong.get(b.id) ?? 0) - (countBySong.get(a.id) ?? 0) || a.title.localeCompare(b.title),
    );
  const song = ranked[Math.floor(ranked.length / 2)]!;
  const deviceSignature = deviceSignatureOf(PLANTED_AGENT, PLANTED_LANGUAGE);
  const start = now.getTime() - PLANTED_HOURS_AGO * HOUR_MS;
  const cluster: PlantedCluster = { users: [], votes: [], quotas: [], songId: song.id };
  for (let index = 0; index < PLANTED_ACCOUNTS; index++) {
    const number = 101 + index;
    const email = `afrovote${number}@inbox.test`;
    const createdAt = new Date(
      start + Math.floor(index / WAVE_SIZE) * WAVE_GAP_MS + (index % WAVE_SIZE) * ACCOUNT_GAP_MS,
    );
    const verifiedAt = new Date(createdAt.getTime() + between(`${email}|verify`, VERIFY_DELAY_MS));
    const votedAt = new Date(verifiedAt.getTime() + between(`${email}|vote`, VOTE_DELAY_MS));
    const id = randomUUID();
    cluster.users.push({
      id,
      name: `Afro Vote ${number}`,
      email,
      role: 'fan',
      phoneNumber: `+2347${hashToDigits(email, 9)}`,
      country: 'Nigeria',
      state: 'Lagos',
      bio: '',
      emailVerified: true,
      emailVerifiedAt: verifiedAt,
      isActive: true,
      createdAt,
      updatedAt: verifiedAt,
      lastLogin: votedAt,
    });
    const ip = `${PLANTED_NETWORK}.${2 + (hashToUint32(`${email}|host`) % 250)}`;
    cluster.votes.push({
      userId: id,
      songId: song.id,
      categoryId,
      ip,
      ipPrefix: ipPrefixOf(ip),
      deviceType: 'mobile',
      deviceSignature,
      createdAt: votedAt,
    });
    cluster.quotas.push({ userId: id, categoryId, votesCast: 1, lastVoteAt: votedAt });
  }
  return cluster;
}
