import { describe, expect, it } from 'vitest';
import { voteQuotaRule } from './vote-quota';

const DEFAULTS = {
  enableDailyVoting: true,
  dailyVotesPerCategory: 1,
  allowMultipleVotes: false,
  maxVotesPerUser: 1,
};

describe('voteQuotaRule', () => {
  it('gives a song one vote unless multiple votes are allowed', () => {
    expect(voteQuotaRule({ ...DEFAULTS, dailyVotesPerCategory: 3, maxVotesPerUser: 5 })).toEqual({
      perCategory: 3,
      perSong: 1,
      daily: true,
    });
  });

  it('lets a song take up to the maximum, never more than the category allows', () => {
    const multiple = { ...DEFAULTS, allowMultipleVotes: true, dailyVotesPerCategory: 3 };
    expect(voteQuotaRule({ ...multiple, maxVotesPerUser: 2 }).perSong).toBe(2);
    expect(voteQuotaRule({ ...multiple, maxVotesPerUser: 50 }).perSong).toBe(3);
  });

  it('counts over the whole period when daily voting is off', () => {
    expect(voteQuotaRule({ ...DEFAULTS, enableDailyVoting: false }).daily).toBe(false);
  });
});
