import { describe, expect, it } from 'vitest';
import { averageVotesPerSong, topVoteCount, voteShare, wrapIndex } from './dashboard-figures';

describe('dashboard figures', () => {
  it('averages votes per song, 0 with no songs', () => {
    expect(averageVotesPerSong(30, 4)).toBe(7.5);
    expect(averageVotesPerSong(12, 0)).toBe(0);
    expect(averageVotesPerSong(Number.NaN, 3)).toBe(0);
  });

  it('measures each song against the artist’s top song', () => {
    const songs = [{ totalVotes: 30 }, { totalVotes: 15 }, { totalVotes: 0 }];
    const top = topVoteCount(songs);
    expect(top).toBe(30);
    expect(songs.map((song) => voteShare(song.totalVotes, top))).toEqual([1, 0.5, 0]);
    expect(voteShare(0, 0)).toBe(0);
  });

  it('wraps the preview player at both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});
