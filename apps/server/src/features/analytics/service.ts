import type {
  AdminAnalytics,
  AdminAnalyticsQuery,
  AnalyticsCategory,
  AnalyticsSong,
  SelectWinnerBody,
  WinnerChange,
} from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import type { DownloadOutcome } from '../../lib/downloads';
import { Conflict, NotFound } from '../../lib/errors';
import { toImageRef } from '../../lib/images';
import { averageOf, compareByVotes, competitionRanks, percentOf } from '../../lib/ranking';
import type { FileStorage } from '../../lib/storage';
import { type Actor, audit } from '../audit/service';
import { getVotingStatus } from '../voting/service';
import * as repository from './repository';
import { getResultsSettings, lockResults } from './results-service';

export interface AnalyticsDependencies {
  db: Database;
  clock: Clock;
  storage: FileStorage;
}

type CategoryRow = Awaited<ReturnType<typeof repository.findCategories>>[number];
type SetAsideCounts = Map<string, { quarantined: number; invalid: number }>;

/** Quarantined and invalid votes by song. */
function setAsideBySong(rows: Awaited<ReturnType<typeof repository.countSetAsideVotes>>): SetAsideCounts {
  const bySong: SetAsideCounts = new Map();
  for (const row of rows) {
    const counts = bySong.get(row.songId) ?? { quarantined: 0, invalid: 0 };
    if (row.status === 'quarantined') counts.quarantined += row.count;
    else if (row.status === 'invalid') counts.invalid += row.count;
    bySong.set(row.songId, counts);
  }
  return bySong;
}

/**
 * One category's ranked list: by valid votes (then title), with each song's share of the category's valid
 * votes, its competition rank, and the same ranking with the set-aside votes counted back in, so an
 * admin sees what a fraud-review decision changes before it is final.
 */
function rankCategory(
  storage: FileStorage,
  category: CategoryRow,
  songs: repository.AnalyticsSongRow[],
  setAside: SetAsideCounts,
): AnalyticsCategory {
  const ordered = [...songs].sort(compareByVotes((song) => song.validVotes));
  const totalVotes = ordered.reduce((sum, song) => sum + song.validVotes, 0);
  const withSetAside = ordered.map((song) => {
    const counts = setAside.get(song.id) ?? { quarantined: 0, invalid: 0 };
    return { ...counts, votes: song.validVotes + counts.quarantined + counts.invalid };
  });
  const ranks = competitionRanks(ordered, (song) => song.validVotes);
  const ranksWithSetAside = competitionRanks(withSetAside, (song) => song.votes);
  const rows: AnalyticsSong[] = ordered.map((song, index) => ({
    _id: song.id,
    title: song.title,
    artist: song.artist,
    albumCover: song.cover?.storageKey ? (toImageRef(storage, song.cover)?.url ?? null) : null,
    totalVotes: song.validVotes,
    share: percentOf(song.validVotes, totalVotes),
    rank: ranks[index]!,
    quarantinedVotes: withSetAside[index]!.quarantined,
    invalidVotes: withSetAside[index]!.invalid,
    votesWithSetAside: withSetAside[index]!.votes,
    rankWithSetAside: ranksWithSetAside[index]!,
    isWinner: category.winnerSongId === song.id,
  }));
  const winner = rows.find((song) => song.isWinner) ?? null;
  return {
    _id: category.id,
    name: category.name,
    description: category.description,
    icon: category.icon,
    translations: category.translations ?? {},
    totalVotes,
    totalSongs: rows.length,
    winnerSongId: category.winnerSongId,
    rankingDiffers: rows.some((song) => song.rank !== song.rankWithSetAside),
    winner,
    winnerNoLongerLeads: winner !== null && winner.rank > 1,
    leadUnderReview: leadRestsOnReview(rows),
    offset: 0,
    songs: rows,
  };
}

/**
 * Whether the votes under review decide who leads: the songs ranked first by valid votes are not the ones
 * that would rank first with the quarantined votes counted back in. Invalid votes are decided, so they
 * are left out: only a pending review can still change the order.
 */
function leadRestsOnReview(rows: AnalyticsSong[]): boolean {
  if (!rows.some((song) => song.quarantinedVotes > 0)) return false;
  const restored = competitionRanks(rows, (song) => song.totalVotes + song.quarantinedVotes);
  return rows.some((song, index) => (song.rank === 1) !== (restored[index] === 1));
}

/** One page of a category's ranking: `limit` songs from `offset`, every song when no limit is given. */
function pageOf(category: AnalyticsCategory, query: AdminAnalyticsQuery): AnalyticsCategory {
  if (query.songsPerCategory === undefined && query.offset === 0) return category;
  const end = query.songsPerCategory === undefined ? undefined : query.offset + query.songsPerCategory;
  return { ...category, offset: query.offset, songs: category.songs.slice(query.offset, end) };
}

/**
 * Every category's ranked songs from one consistent snapshot (a read-only REPEATABLE READ transaction), so
 * a quarantine committing meanwhile cannot show a vote both valid and set aside. Valid totals come from
 * the tally shards and set-aside counts from the partial index: nothing scans the votes.
 */
async function readStandings(deps: AnalyticsDependencies, categoryId?: string) {
  return deps.db.transaction(
    async (tx) => {
      const categories = await repository.findCategories(tx, categoryId);
      const songs = await repository.findApprovedSongs(tx, categoryId);
      const setAside = await repository.countSetAsideVotes(tx, categoryId);
      const validVotes = categoryId ? 0 : await repository.countValidVotes(tx);
      return { categories, songs, setAside, validVotes };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Each category's ranking, in the admins' category order. */
function rankCategories(deps: AnalyticsDependencies, standings: Awaited<ReturnType<typeof readStandings>>) {
  const bySong = setAsideBySong(standings.setAside);
  const songsByCategory = new Map<string, repository.AnalyticsSongRow[]>();
  for (const song of standings.songs) {
    const list = songsByCategory.get(song.categoryId) ?? [];
    list.push(song);
    songsByCategory.set(song.categoryId, list);
  }
  return standings.categories.map((category) =>
    rankCategory(deps.storage, category, songsByCategory.get(category.id) ?? [], bySong),
  );
}

/**
 * GET /admin/analytics: totals, the results setting, whether voting is open, and every category ranked
 * (or the one `categoryId` names, 404 CATEGORY_NOT_FOUND when there is none); each category lists every
 * song, or `songsPerCategory` of them from `offset`. Ranks, shares and flags always come from the whole
 * category, whichever page is listed.
 */
export async function getAnalytics(
  deps: AnalyticsDependencies,
  query: AdminAnalyticsQuery = { offset: 0 },
): Promise<AdminAnalytics> {
  const [standings, results, votingStatus] = await Promise.all([
    readStandings(deps),
    getResultsSettings(deps.db),
    getVotingStatus(deps.db, deps.clock),
  ]);
  const chosen = query.categoryId
    ? { ...standings, categories: standings.categories.filter((each) => each.id === query.categoryId) }
    : standings;
  if (query.categoryId && chosen.categories.length === 0) throw NotFound('CATEGORY_NOT_FOUND');
  const categories = rankCategories(deps, chosen).map((category) => pageOf(category, query));
  let quarantinedVotes = 0;
  let invalidVotes = 0;
  for (const row of standings.setAside) {
    if (row.status === 'quarantined') quarantinedVotes += row.count;
    else if (row.status === 'invalid') invalidVotes += row.count;
  }
  return {
    totals: {
      totalVotes: standings.validVotes,
      totalSongs: standings.songs.length,
      totalCategories: standings.categories.length,
      avgVotesPerSong: averageOf(standings.validVotes, standings.songs.length),
      quarantinedVotes,
      invalidVotes,
    },
    results,
    votingOpen: votingStatus.isAllowed,
    categories,
  };
}

/** Every category ranked, for the report. */
export async function getRankedCategories(deps: AnalyticsDependencies): Promise<AnalyticsCategory[]> {
  return rankCategories(deps, await readStandings(deps));
}

/** The song's place in its category when it was chosen: what the audit entry keeps beside the choice. */
async function standingOf(deps: AnalyticsDependencies, categoryId: string, songId: string) {
  const [category] = rankCategories(deps, await readStandings(deps, categoryId));
  const song = category?.songs.find((entry) => entry._id === songId);
  return {
    votes: song?.totalVotes ?? 0,
    rank: song?.rank ?? null,
    rankWithSetAside: song?.rankWithSetAside ?? null,
    rankingDiffers: category?.rankingDiffers ?? false,
  };
}

/**
 * An admin picks a category's winner (POST /admin/categories/{categoryId}/winner): one per category, a new
 * choice replacing the old, both recorded in the one audit entry (`category.winner`, before and after).
 * The song must exist (404), be in that category and approved (409); choosing the current winner again is
 * ALREADY_WINNER. While voting is open the admin must confirm so (VOTING_STILL_OPEN); published results
 * cannot change (RESULTS_PUBLISHED, unpublish first).
 */
export async function selectWinner(
  deps: AnalyticsDependencies,
  categoryId: string,
  body: SelectWinnerBody,
  actor: Actor,
): Promise<WinnerChange> {
  const votingOpen = (await getVotingStatus(deps.db, deps.clock)).isAllowed;
  const standing = await standingOf(deps, categoryId, body.songId);
  return deps.db.transaction(async (tx) => {
    // The results first, then the category: the same order as every other change that checks them.
    const results = await lockResults(tx);
    const category = await repository.lockCategory(tx, categoryId);
    if (!category) throw NotFound('CATEGORY_NOT_FOUND');
    const song = await repository.findSong(tx, body.songId);
    if (!song) throw NotFound('SONG_NOT_FOUND');
    if (results.published) throw Conflict('RESULTS_PUBLISHED');
    if (song.categoryId !== categoryId) throw Conflict('SONG_NOT_IN_CATEGORY');
    if (song.status !== 'approved') throw Conflict('SONG_NOT_APPROVED');
    if (category.winnerSongId === song.id) throw Conflict('ALREADY_WINNER');
    if (votingOpen && body.confirmVotingOpen !== true) throw Conflict('VOTING_STILL_OPEN');
    const previous = category.winnerSongId ? await repository.findSong(tx, category.winnerSongId) : undefined;
    await repository.storeWinner(tx, categoryId, song.id, deps.clock.now());
    await audit(tx, actor, {
      action: 'category.winner',
      targetType: 'category',
      targetId: categoryId,
      before: { winnerSongId: category.winnerSongId, winner: previous?.title ?? null },
      after: { winnerSongId: song.id, winner: song.title },
      details: { label: category.name, votingOpen, ...standing },
    });
    return { categoryId, songId: song.id, previousSongId: category.winnerSongId };
  });
}

/**
 * An admin clears a category's winner (DELETE /admin/categories/{categoryId}/winner): 409 NO_WINNER when
 * none is chosen, RESULTS_PUBLISHED while the results are public. Audited `category.winnerCleared`.
 */
export async function clearWinner(
  deps: AnalyticsDependencies,
  categoryId: string,
  actor: Actor,
): Promise<WinnerChange> {
  return deps.db.transaction(async (tx) => {
    const results = await lockResults(tx);
    const category = await repository.lockCategory(tx, categoryId);
    if (!category) throw NotFound('CATEGORY_NOT_FOUND');
    if (results.published) throw Conflict('RESULTS_PUBLISHED');
    if (!category.winnerSongId) throw Conflict('NO_WINNER');
    const previous = await repository.findSong(tx, category.winnerSongId);
    await repository.storeWinner(tx, categoryId, null, deps.clock.now());
    await audit(tx, actor, {
      action: 'category.winnerCleared',
      targetType: 'category',
      targetId: categoryId,
      before: { winnerSongId: category.winnerSongId, winner: previous?.title ?? null },
      after: { winnerSongId: null, winner: null },
      details: { label: category.name },
    });
    return { categoryId, songId: null, previousSongId: category.winnerSongId };
  });
}

/**
 * The vote report's download, audited after it was sent with its SHA-256, byte and row counts (or what
 * had been sent when the client went away), so the file an admin publishes can be matched to the log.
 */
export async function recordVoteReportDownload(
  db: Database,
  actor: Actor,
  download: { filename: string } & DownloadOutcome,
) {
  await audit(db, actor, { action: 'results.exported', details: download });
}
