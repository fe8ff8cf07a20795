import type { AdminCategoriesQuery, Category, Song, Standings } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { NotFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import type { Viewer } from '../../lib/viewer';
import { getPublicResults, seesResults, standingsOf } from '../analytics/results-service';
import { listCategorySongs } from '../songs/public-service';
import { seesAllSongCounts } from './policy';
import { toCategory } from './presenter';
import type { CategoryRow } from './repository';
import * as repository from './repository';

export interface CategoryPagesDependencies {
  db: Database;
  storage: FileStorage;
}

function present(row: CategoryRow, viewer: Viewer, resultsPublished: boolean): Category {
  return toCategory(row, {
    showAllSongCounts: seesAllSongCounts(viewer),
    showResults: seesResults(viewer, { published: resultsPublished }),
  });
}

/**
 * Every category in display order, as `viewer` may see it: vote totals and winners for admins, and for
 * everyone once the results are published.
 */
export async function listCategories(
  db: Database,
  viewer: Viewer,
  resultsPublished = false,
): Promise<Category[]> {
  const rows = await repository.findCategories(db);
  return rows.map((row) => present(row, viewer, resultsPublished));
}

/** One category as `viewer` may see it; an unknown id is CATEGORY_NOT_FOUND. */
export async function getCategory(
  db: Database,
  id: string,
  viewer: Viewer,
  resultsPublished = false,
): Promise<Category> {
  const row = await repository.findCategoryById(db, id);
  if (!row) throw NotFound('CATEGORY_NOT_FOUND');
  return present(row, viewer, resultsPublished);
}

/** GET /admin/categories: one page of categories as an admin sees them (song counts and vote totals). */
export async function listAdminCategories(db: Database, query: AdminCategoriesQuery, viewer: Viewer) {
  const { rows, total } = await repository.findCategoriesPage(db, query);
  return { categories: rows.map((row) => present(row, viewer, true)), total };
}

/** GET /categories: every category; vote totals and winners as the results' visibility allows. */
export async function listPublicCategories(deps: CategoryPagesDependencies, viewer: Viewer) {
  const { published } = await getPublicResults(deps.db);
  return listCategories(deps.db, viewer, published);
}

/**
 * GET /categories/{id}: a category with its approved songs and how the public may see them rank
 * (`standings`): by valid votes once the results are published ('final') or while live standings are on
 * ('live', without numbers), else in a neutral title order ('hidden'). Admins always get the songs ranked
 * by votes, with their totals.
 */
export async function getCategoryWithSongs(
  deps: CategoryPagesDependencies,
  id: string,
  viewer: Viewer,
): Promise<{ category: Category; songs: Array<Song & { rank?: number }>; standings: Standings }> {
  const results = await getPublicResults(deps.db);
  const [category, songs] = await Promise.all([
    getCategory(deps.db, id, viewer, results.published),
    listCategorySongs(deps, id, viewer, results),
  ]);
  return { category, songs, standings: standingsOf(results) };
}

/** How many categories exist: the admin dashboard's "Total Categories" figure. */
export function countCategories(db: Database): Promise<number> {
  return repository.countCategories(db);
}
