import { describe, expect, it } from 'vitest';
import type { VelocitySeries } from './api';
import { alignVelocity, seriesSummary, spikeFilter } from './velocity-data';

const song = (songId: string, points: [number, number][], spikes: number[] = []): VelocitySeries => ({
  songId,
  title: songId,
  artist: 'Artist',
  categoryId: 'c',
  points,
  spikes: spikes.map((at) => ({ at: new Date(at * 1000).toISOString(), votes: 9, baseline: 1 })),
});

describe('alignVelocity', () => {
  it('puts every song on one minute axis, zero where a song had no votes', () => {
    const aligned = alignVelocity(
      [
        song(
          'a',
          [
            [60, 2],
            [240, 9],
          ],
          [240],
        ),
        song('b', [[120, 1]]),
      ],
      60,
    );
    expect(aligned.times).toEqual([60, 120, 180, 240]);
    expect(aligned.values).toEqual([
      [2, 0, 0, 9],
      [0, 1, 0, 0],
    ]);
    expect(aligned.spikeIndices).toEqual([[3], []]);
  });

  it('joins only the busy minutes when the span is too long to fill', () => {
    const aligned = alignVelocity(
      [
        song('a', [
          [0, 1],
          [60 * 50_000, 3],
        ]),
      ],
      60,
    );
    expect(aligned.times).toEqual([0, 60 * 50_000]);
    expect(aligned.values).toEqual([[1, 3]]);
  });

  it('has an empty axis without votes', () => {
    expect(alignVelocity([song('a', [])], 60)).toEqual({ times: [], values: [[]], spikeIndices: [[]] });
  });
});

describe('seriesSummary', () => {
  it('adds the votes and finds the busiest minute', () => {
    expect(
      seriesSummary(
        song('a', [
          [0, 2],
          [60, 7],
          [120, 1],
        ]),
      ),
    ).toEqual({ votes: 10, peak: 7 });
  });
});

describe('spikeFilter', () => {
  it("lists the song's votes of the spike's minute, both ends inclusive to the millisecond", () => {
    const at = Date.UTC(2026, 4, 1, 10, 20) / 1000;
    expect(spikeFilter('song-1', at)).toEqual({
      songId: 'song-1',
      from: '2026-05-01T10:20:00.000Z',
      to: '2026-05-01T10:20:59.999Z',
    });
  });
});
