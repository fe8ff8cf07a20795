/** The artist dashboard shows its first 6 songs until View All (the public spec). */
export const DASHBOARD_SONG_COUNT = 6;

/** Avg Votes/Song: total votes over total songs, 0 when there are no songs yet (never NaN). */
export function averageVotesPerSong(totalVotes: number, totalSongs: number): number {
  if (!Number.isFinite(totalVotes) || !Number.isFinite(totalSongs) || totalSongs <= 0) return 0;
  return Math.max(0, totalVotes) / totalSongs;
}

/** The most votes any of the songs has: the 100 % mark of every card's bar. */
export function topVoteCount(songs: ReadonlyArray<{ totalVotes: number }>): number {
  return songs.reduce((top, song) => Math.max(top, song.totalVotes), 0);
}

/** A song's bar, 0 to 1, relative to the artist's top song; 0 when no song has votes yet. */
export function voteShare(votes: number, topVotes: number): number {
  if (topVotes <= 0 || votes <= 0) return 0;
  return Math.min(1, votes / topVotes);
}

/** Steps through a list that wraps at both ends (the preview player's previous and next). */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}
