import { describe, expect, it } from 'vitest';
import { BatchedLookup } from './batched-lookup';

describe('BatchedLookup', () => {
  it('answers the lookups of one event-loop turn with one query, each caller its own row', async () => {
    const queries: string[][] = [];
    const lookup = new BatchedLookup<string, string>(async (keys) => {
      queries.push(keys);
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.toUpperCase()]));
    });
    const answers = await Promise.all(['a', 'b', 'a', 'missing'].map((key) => lookup.get(key)));
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(queries).toEqual([['a', 'b', 'missing']]);
    // A later turn is a new query.
    expect(await lookup.get('c')).toBe('C');
    expect(queries).toHaveLength(2);
  });

  it('splits a large turn into queries of at most maxKeys, and hands a failure to its own callers', async () => {
    const lookup = new BatchedLookup<number, number>(async (keys) => {
      if (keys.includes(3)) throw new Error('database gone');
      return new Map(keys.map((key) => [key, key * 10]));
    }, 2);
    const settled = await Promise.allSettled([1, 2, 3, 4].map((key) => lookup.get(key)));
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    expect((settled[1] as PromiseFulfilledResult<number>).value).toBe(20);
  });
});
