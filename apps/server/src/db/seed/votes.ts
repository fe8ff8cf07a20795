import type { songVoteTallies, voteQuotas, votes } from '../../db/schema';
import { VOTE_TALLY_SHARDS } from '../../features/voting/tally';
import { createSeededRandom, pick } from './deterministic';
import { type NetworkedFan, voteOriginOf } from './networks';

/** Days of voting history to simulate: enough for trends, short enough that every song already existed. */
const VOTING_HISTORY_DAYS = 7;
/**
 * Hours between two votes of one fan in one category. The rule is one vote per fan per category per 24 h;
 * 25 h keeps every simulated vote clear of that limit whatever the rounding.
 */
const HOURS_BETWEEN_VOTES = 25;
/** Fixed seed of the vote generator, so every run gives the same rankings. */
const VOTES_SEED = 2025;
/** Share of votes from phones, desktops and tablets, roughly the traffic mix of African music sites. */
const DEVICE_TYPES = ['mobile', 'mobile', 'mobile', 'mobile', 'mobile', 'desktop', 'desktop', 'tablet'];

const HOUR_MS = 60 * 60 * 1000;

export interface VotableSong {
  id: string;
  categoryId: string;
  /** 1 to 10, how much the simulated fans like it. */
  buzz: number;
}

export interface SimulatedVotes {
  votes: Array<typeof votes.$inferInsert>;
  tallies: Array<typeof songVoteTallies.$inferInsert>;
  quotas: Array<typeof voteQuotas.$inferInsert>;
  /** Latest vote per fan, used as the fan's last sign-in. */
  lastVoteByUser: Map<string, Date>;
  countBySong: Map<string, number>;
}

/** Picks a song with probability growing with the square of its buzz, so favourites pull ahead. */
function pickByBuzz(random: () => number, songs: readonly VotableSong[]): VotableSong {
  const total = songs.reduce((sum, song) => sum + song.buzz ** 2, 0);
  let target = random() * total;
  for (const song of songs) {
    target -= song.buzz ** 2;
    if (target <= 0) return song;
  }
  return songs[songs.length - 1]!;
}

/** Spreads `count` votes over the tally shards the way random shard picks would, keeping only non-empty ones. */
export function splitIntoShards(songId: string, count: number): Array<typeof songVoteTallies.$inferInsert> {
  const rows: Array<typeof songVoteTallies.$inferInsert> = [];
  for (let shard = 0; shard < VOTE_TALLY_SHARDS; shard += 1) {
    const votesInShard = Math.floor(count / VOTE_TALLY_SHARDS) + (shard < count % VOTE_TALLY_SHARDS ? 1 : 0);
    if (votesInShard > 0) rows.push({ songId, shard, votes: votesInShard });
  }
  return rows;
}

/** A demo fan who votes: their id, and what their network and browser are derived from. */
export interface VotingFan extends NetworkedFan {
  id: string;
}

/**
 * Simulates a week of votes by the demo fans: each fan follows some categories, has a favourite in each
 * and votes on some days, at most once per category per 25 hours, from their carrier's network and their
 * own browser (networks.ts). Returns the vote rows together with tallies and quotas that agree with them
 * exactly.
 */
export function simulateVotes(
  fans: readonly VotingFan[],
  songs: readonly VotableSong[],
  now: Date,
): SimulatedVotes {
  const random = createSeededRandom(VOTES_SEED);
  const songsByCategory = new Map<string, VotableSong[]>();
  for (const song of songs) {
    const list = songsByCategory.get(song.categoryId) ?? [];
    list.push(song);
    songsByCategory.set(song.categoryId, list);
  }
  const result: SimulatedVotes = {
    votes: [],
    tallies: [],
    quotas: [],
    lastVoteByUser: new Map(),
    countBySong: new Map(),
  };
  for (const fan of fans) {
    const userId = fan.id;
    const engagement = 0.25 + random() * 0.6;
    const device = pick(random, DEVICE_TYPES);
    for (const [categoryId, candidates] of songsByCategory) {
      if (random() > 0.3 + engagement * 0.6) continue;
      const favourite = pickByBuzz(random, candidates);
      const offsetHours = 1 + random() * 20;
      let votesCast = 0;
      let lastVoteAt: Date | undefined;
      for (let day = VOTING_HISTORY_DAYS - 1; day >= 0; day -= 1) {
        if (random() > engagement) continue;
        const song = random() < 0.7 ? favourite : pickByBuzz(random, candidates);
        const createdAt = new Date(now.getTime() - (day * HOURS_BETWEEN_VOTES + offsetHours) * HOUR_MS);
        const deviceType = random() < 0.85 ? device : pick(random, DEVICE_TYPES);
        result.votes.push({
          userId,
          songId: song.id,
          categoryId,
          ...voteOriginOf(fan, day, deviceType),
          deviceType,
          createdAt,
        });
        result.countBySong.set(song.id, (result.countBySong.get(song.id) ?? 0) + 1);
        votesCast += 1;
        lastVoteAt = createdAt;
      }
      if (!lastVoteAt) continue;
      result.quotas.push({ userId, categoryId, votesCast, lastVoteAt });
      const previous = result.lastVoteByUser.get(userId);
      if (!previous || previous < lastVoteAt) result.lastVoteByUser.set(userId, lastVoteAt);
    }
  }
  for (const [songId, count] of result.countBySong) result.tallies.push(...splitIntoShards(songId, count));
  return result;
}
