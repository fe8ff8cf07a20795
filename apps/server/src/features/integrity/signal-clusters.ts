import type { ClusterKind, VoteCluster, VoteFilter } from '@ovation/shared';
import type { Database } from '../../lib/db';
import {
  type ClusterCandidate,
  findClusterCandidates,
  findPatternCandidates,
  readFilterFigures,
  type SpanKind,
} from './signal-cluster-repository';
import type { SongLabel } from './signal-repository';
import {
  CLUSTER_HALF_BIN_SECONDS,
  CONCENTRATION_EXCESS,
  CONCENTRATION_SIGMAS,
  MIN_CLUSTER_ACCOUNTS,
  MIN_CLUSTER_VOTES,
  MIN_REFERENCE_VOTES,
  QUICK_VOTE_MINUTES,
} from './signal-rules';

const KINDS: ClusterKind[] = ['network', 'device', 'registration-burst', 'email-pattern'];
const SPAN_KINDS: SpanKind[] = ['network', 'device', 'registration-burst'];

/** Votes per song and per category over the reference period. */
export interface Reference {
  bySong: Map<string, number>;
  byCategory: Map<string, number>;
}

/**
 * Whether a group's votes are concentrated on one song far beyond the song's reference share: `votes`
 * of its `categoryVotes` went to the song, where everybody else gave the song `songReference` of
 * `categoryReference` votes (the group's own votes still inside those reference counts).
 */
export function isConcentrated(candidate: {
  votes: number;
  categoryVotes: number;
  songReference: number;
  categoryReference: number;
}): boolean {
  const { votes, categoryVotes } = candidate;
  if (votes < MIN_CLUSTER_VOTES || categoryVotes <= 0) return false;
  const othersInCategory = candidate.categoryReference - categoryVotes;
  const share =
    othersInCategory >= MIN_REFERENCE_VOTES
      ? Math.max(0, candidate.songReference - votes) / othersInCategory
      : candidate.categoryReference > 0
        ? candidate.songReference / candidate.categoryReference
        : 0;
  // A song with every vote of its category is not pulled ahead of anyone.
  if (share >= 1) return false;
  const groupShare = votes / categoryVotes;
  if (groupShare < share + CONCENTRATION_EXCESS * (1 - share)) return false;
  if (share === 0) return true;
  const expected = categoryVotes * share;
  const deviation = Math.sqrt(categoryVotes * share * (1 - share));
  return (votes - expected) / deviation >= CONCENTRATION_SIGMAS;
}

interface MergedCandidate {
  kind: ClusterKind;
  key: string;
  categoryId: string;
  songId: string;
  votes: number;
  spanStart: number;
  spanEnd: number;
}

const SPAN_MS = 2 * CLUSTER_HALF_BIN_SECONDS * 1000;

/** Flagged spans of one key and song that overlap or touch become one cluster. */
function mergeSpans(flagged: ClusterCandidate[]): MergedCandidate[] {
  const sorted = [...flagged].sort(
    (a, b) =>
      a.kind.localeCompare(b.kind) ||
      a.key.localeCompare(b.key) ||
      a.songId.localeCompare(b.songId) ||
      a.spanStart.getTime() - b.spanStart.getTime(),
  );
  const merged: MergedCandidate[] = [];
  for (const candidate of sorted) {
    const last = merged.at(-1);
    const start = candidate.spanStart.getTime();
    if (
      last &&
      last.kind === candidate.kind &&
      last.key === candidate.key &&
      last.songId === candidate.songId &&
      start <= last.spanEnd
    ) {
      last.votes = Math.max(last.votes, candidate.votes);
      last.spanEnd = Math.max(last.spanEnd, start + SPAN_MS);
      continue;
    }
    merged.push({
      kind: candidate.kind,
      key: candidate.key,
      categoryId: candidate.categoryId,
      songId: candidate.songId,
      votes: candidate.votes,
      spanStart: start,
      spanEnd: start + SPAN_MS,
    });
  }
  return merged;
}

const isoAt = (milliseconds: number) => new Date(milliseconds).toISOString();

/**
 * The filter that lists exactly a cluster's votes: what the group shares, the song, and the span (both
 * ends inclusive, so the span's end is its last millisecond), cut to the window. For a registration
 * burst the span is the accounts' creation and the votes are those of the window; an e-mail pattern's
 * span is the window.
 */
function filterOf(cluster: MergedCandidate, window: { from: Date; to: Date }): VoteFilter {
  const windowFrom = window.from.getTime();
  const windowTo = window.to.getTime() - 1;
  const inWindow = { from: isoAt(windowFrom), to: isoAt(windowTo) };
  const span = {
    from: isoAt(Math.max(cluster.spanStart, windowFrom)),
    to: isoAt(Math.min(cluster.spanEnd - 1, windowTo)),
  };
  switch (cluster.kind) {
    case 'network':
      return { ipPrefix: cluster.key, songId: cluster.songId, ...span };
    case 'device':
      return { deviceSignature: cluster.key, songId: cluster.songId, ...span };
    case 'email-pattern':
      return { emailPattern: cluster.key, songId: cluster.songId, ...inWindow };
    case 'registration-burst':
      return {
        accountsCreatedFrom: isoAt(cluster.spanStart),
        accountsCreatedTo: isoAt(cluster.spanEnd - 1),
        songId: cluster.songId,
        ...inWindow,
      };
  }
}

/**
 * The same votes, named by their own bounds: the first and last vote (and, for a registration burst, the
 * first and last account's creation) instead of the span's edges. Every vote of the first filter lies
 * within these bounds, so the second selects exactly the same votes, and reads as what happened.
 */
function tightened(
  filter: VoteFilter,
  figures: { firstAt: Date; lastAt: Date; accountsFirstAt: Date | null; accountsLastAt: Date | null },
): VoteFilter {
  const tight = { ...filter, from: figures.firstAt.toISOString(), to: figures.lastAt.toISOString() };
  if (filter.accountsCreatedFrom && figures.accountsFirstAt && figures.accountsLastAt) {
    tight.accountsCreatedFrom = figures.accountsFirstAt.toISOString();
    tight.accountsCreatedTo = figures.accountsLastAt.toISOString();
  }
  return tight;
}

/** What the accounts share, as data: see voteClusterSchema's `label`. */
function labelOf(cluster: MergedCandidate, filter: VoteFilter): string {
  if (cluster.kind !== 'registration-burst') return cluster.key;
  return `${filter.accountsCreatedFrom}/${filter.accountsCreatedTo}`;
}

/** One window of a group computation: its range, and the votes its clusters are judged against. */
export interface ClusterWindow {
  from: Date;
  to: Date;
  reference: Reference;
  /** Votes of each song within the window (every status): the base of a cluster's share. */
  songTotals: Map<string, number>;
}

/**
 * The clusters of several windows ending now, every category, from one reading of the votes: candidate
 * groups of each kind over the widest range, kept for a window when they touch it and are concentrated
 * (isConcentrated) against its reference, merged, cut to the window, then measured through their own
 * filter, so the figures shown are exactly those of the votes the filter lists and a quarantine of it
 * sets aside. Largest first.
 */
export async function findClusters(
  db: Database,
  range: { from: Date; to: Date },
  windows: ClusterWindow[],
  labels: (songIds: string[]) => Promise<Map<string, SongLabel>>,
): Promise<VoteCluster[][]> {
  const rule = {
    halfBinSeconds: CLUSTER_HALF_BIN_SECONDS,
    minVotes: MIN_CLUSTER_VOTES,
    quickVoteMinutes: QUICK_VOTE_MINUTES,
  };
  const [spans, patterns] = await Promise.all([
    Promise.all(SPAN_KINDS.map((kind) => findClusterCandidates(db, kind, range, rule))).then((lists) =>
      lists.flat(),
    ),
    findPatternCandidates(db, { ...range, cuts: windows.map((window) => window.from) }, MIN_CLUSTER_ACCOUNTS),
  ]);
  const quickMs = QUICK_VOTE_MINUTES * 60_000;
  const flaggedByWindow = windows.map((window, index) => {
    const from = window.from.getTime();
    const touching = spans.filter((candidate) => {
      const end = candidate.spanStart.getTime() + SPAN_MS;
      // A registration span is when accounts were created: their votes may follow up to QUICK later.
      return (candidate.kind === 'registration-burst' ? end + quickMs : end) > from;
    });
    const byPattern: ClusterCandidate[] = patterns.map((candidate) => ({
      kind: 'email-pattern',
      key: candidate.pattern,
      categoryId: candidate.categoryId,
      songId: candidate.songId,
      spanStart: new Date(0),
      votes: candidate.votes[index] ?? 0,
      categoryVotes: candidate.categoryVotes[index] ?? 0,
    }));
    const flagged = [...touching, ...byPattern].filter((candidate) =>
      isConcentrated({
        votes: candidate.votes,
        categoryVotes: candidate.categoryVotes,
        songReference: window.reference.bySong.get(candidate.songId) ?? 0,
        categoryReference: window.reference.byCategory.get(candidate.categoryId) ?? 0,
      }),
    );
    return mergeSpans(flagged).map((cluster) => ({ cluster, filter: filterOf(cluster, window) }));
  });
  const songLabels = await labels([...new Set(flaggedByWindow.flat().map(({ cluster }) => cluster.songId))]);
  // A cluster inside several windows is cut the same way in each: measured once.
  const figuresByFilter = new Map<string, ReturnType<typeof readFilterFigures>>();
  const figuresOf = (filter: VoteFilter) => {
    const key = JSON.stringify(filter);
    let figures = figuresByFilter.get(key);
    if (!figures) {
      figures = readFilterFigures(db, filter);
      figuresByFilter.set(key, figures);
    }
    return figures;
  };
  return Promise.all(
    flaggedByWindow.map(async (flagged, index) => {
      const measured = await Promise.all(
        flagged.map(async ({ cluster, filter }) => ({ cluster, filter, figures: await figuresOf(filter) })),
      );
      return presentClusters(measured, songLabels, windows[index]!.songTotals);
    }),
  );
}

function presentClusters(
  measured: Array<{
    cluster: MergedCandidate;
    filter: VoteFilter;
    figures: Awaited<ReturnType<typeof readFilterFigures>>;
  }>,
  songLabels: Map<string, SongLabel>,
  songTotals: Map<string, number>,
): VoteCluster[] {
  const clusters: VoteCluster[] = [];
  for (const { cluster, filter, figures } of measured) {
    const song = songLabels.get(cluster.songId);
    const { firstAt, lastAt } = figures;
    if (!song || !firstAt || !lastAt || figures.accounts < MIN_CLUSTER_ACCOUNTS) continue;
    const tight = tightened(filter, { ...figures, firstAt, lastAt });
    const songVotes = Math.max(songTotals.get(cluster.songId) ?? 0, figures.votes);
    clusters.push({
      key: `${cluster.kind}:${cluster.key}:${cluster.songId}:${Math.floor(cluster.spanStart / 1000)}`,
      kind: cluster.kind,
      label: labelOf(cluster, tight),
      categoryId: song.categoryId,
      categoryName: song.categoryName,
      songId: song.id,
      songTitle: song.title,
      accounts: figures.accounts,
      votes: figures.votes,
      validVotes: figures.validVotes,
      shareOfSongVotes: songVotes > 0 ? Math.round((10_000 * figures.votes) / songVotes) / 10_000 : 0,
      firstAt: firstAt.toISOString(),
      lastAt: lastAt.toISOString(),
      filter: Object.fromEntries(Object.entries(tight).filter(([, value]) => value !== undefined)),
    });
  }
  // Largest first; one group's several signals (network, device, ...) side by side in KINDS order.
  return clusters.sort(
    (a, b) =>
      b.votes - a.votes ||
      a.songId.localeCompare(b.songId) ||
      KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) ||
      a.key.localeCompare(b.key),
  );
}
