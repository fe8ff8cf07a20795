import type { Category } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { NotFound } from '../../lib/errors';
import type { Viewer } from '../../lib/viewer';
import { toCategory } from './presenter';
import * as repository from './repository';

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
  return rows.map((row) => toCategory(row, viewer, resultsPublished));
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
  return toCategory(row, viewer, resultsPublished);
}
