import { describe, expect, it } from 'vitest';
import { afrobeats, server, setUpCatalog } from '../../test/catalog';

setUpCatalog();

describe('GET /api/categories', () => {
  it('lists categories in order with their approved song counts and no public vote totals', async () => {
    const response = await server.request('GET', '/api/categories');
    expect(response.status).toBe(200);
    const names = response.body.data.map((category: { name: string }) => category.name);
    expect(names).toEqual(['Best Afrobeats Song', 'Best Gospel Song']);
    expect(response.body.data[0].totalSongs).toBe(3);
    expect(response.body.data[1].totalSongs).toBe(0);
    expect(response.body.data[0]).not.toHaveProperty('totalVotes');
  });

  it('gives one category with its songs ranked by votes', async () => {
    const response = await server.request('GET', `/api/categories/${afrobeats.id}`);
    expect(response.status).toBe(200);
    expect(response.body.data.category.name).toBe('Best Afrobeats Song');
    expect(response.body.data.songs.map((song: { title: string }) => song.title)).toEqual([
      'Essence',
      'Love Me JeJe',
      'Béyoncé Dance',
    ]);
  });

  it('answers an unknown category with 404 and the spec message', async () => {
    const response = await server.request('GET', '/api/categories/00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe("The category you're looking for doesn't exist");
  });
});
