import { describe, expect, it } from 'vitest';
import { server, setUpCatalog } from '../../test/catalog';

setUpCatalog();

describe('GET /api/stats', () => {
  it('counts approved songs, votes, fans and categories', async () => {
    const response = await server.request('GET', '/api/stats');
    expect(response.body.data).toEqual({ totalSongs: 3, totalVotes: 14, totalUsers: 1, totalCategories: 2 });
  });
});
