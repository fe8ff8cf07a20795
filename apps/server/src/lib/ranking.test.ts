import { describe, expect, it } from 'vitest';
import { averageOf, compareByTitle, compareByVotes, competitionRanks, percentOf } from './ranking';

describe('competition ranks', () => {
  it('gives equal scores one rank and skips the places they take (1, 1, 3)', () => {
    expect(competitionRanks([9, 9, 5], (votes) => votes)).toEqual([1, 1, 3]);
    expect(competitionRanks([5, 9, 9, 0, 5], (votes) => votes)).toEqual([3, 1, 1, 5, 3]);
    expect(competitionRanks([0, 0], (votes) => votes)).toEqual([1, 1]);
    expect(competitionRanks([], (votes: number) => votes)).toEqual([]);
  });
});

describe('percentages and averages', () => {
  it('rounds to two decimals, and answers 0 for nothing to divide', () => {
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(2, 3)).toBe(66.67);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
    expect(averageOf(10, 3)).toBe(3.33);
    expect(averageOf(10, 0)).toBe(0);
  });
});

describe('song order', () => {
  const songs = [
    { id: 'c', title: 'essence', votes: 3 },
    { id: 'a', title: 'Béyoncé Dance', votes: 7 },
    { id: 'b', title: 'Calm Down', votes: 3 },
    { id: 'd', title: 'Song 10', votes: 0 },
    { id: 'e', title: 'Song 9', votes: 0 },
  ];

  it('ranks by votes, then by title ignoring case and accents', () => {
    const ordered = [...songs].sort(compareByVotes((song) => song.votes));
    expect(ordered.map((song) => song.title)).toEqual([
      'Béyoncé Dance',
      'Calm Down',
      'essence',
      'Song 9',
      'Song 10',
    ]);
  });

  it('lists titles A to Z for the neutral order', () => {
    const ordered = [...songs].sort(compareByTitle);
    expect(ordered.map((song) => song.id)).toEqual(['a', 'b', 'c', 'e', 'd']);
  });
});
