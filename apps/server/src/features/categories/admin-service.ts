import {
  CATEGORY_TRANSLATION_LANGUAGES,
  type Category,
  type CategoryInput,
  type CategoryStats,
} from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Conflict, NotFound } from '../../lib/errors';
import { foldForSearch } from '../../lib/text';
import type { Actor } from '../audit/service';
import { audit } from '../audit/service';
import * as admin from './admin-repository';
import { getCategory } from './service';

export interface CategoryAdminDependencies {
  db: Database;
  clock: Clock;
}

/** Every name of the category, folded, so admin song search finds it in any language. */
function searchTextOf(input: CategoryInput): string {
  const names = [input.name, ...CATEGORY_TRANSLATION_LANGUAGES.map((code) => input.translations[code]?.name)];
  return foldForSearch(names.filter(Boolean).join(' '));
}

function valuesOf(input: CategoryInput): admin.CategoryValues {
  return { ...input, searchText: searchTextOf(input) };
}

const ADMIN_VIEWER = { role: 'admin' } as const;

/** The category as the admin screen shows it (with its song count and vote total). */
function adminView(db: Database, id: string, actor: Actor): Promise<Category> {
  return getCategory(db, id, { ...ADMIN_VIEWER, id: actor.id, emailVerified: true });
}

/**
 * An admin creates a category (POST /categories). The name must be free ignoring case: checked first for
 * a clear answer, and again by the unique index for two creates racing. Audited in the same transaction.
 */
export async function createCategory(
  deps: CategoryAdminDependencies,
  input: CategoryInput,
  actor: Actor,
): Promise<Category> {
  // The unique index answers two creates racing past this check (admin-repository.ts).
  const id = await deps.db.transaction(async (tx) => {
    if (await admin.findCategoryIdByName(tx, input.name)) throw Conflict('CATEGORY_NAME_TAKEN');
    const created = await admin.insertCategory(tx, valuesOf(input));
    await audit(tx, actor, {
      action: 'category.created',
      targetType: 'category',
      targetId: created.id,
      after: created,
    });
    return created.id;
  });
  return adminView(deps.db, id, actor);
}

/**
 * An admin replaces a category's fields (PUT /categories/{id}); its songs and votes stay with it. The
 * row is locked while it changes, so the audit's "before" is exactly what this write replaced.
 */
export async function updateCategory(
  deps: CategoryAdminDependencies,
  id: string,
  input: CategoryInput,
  actor: Actor,
): Promise<Category> {
  await deps.db.transaction(async (tx) => {
    const before = await admin.lockCategory(tx, id);
    if (!before) throw NotFound('CATEGORY_NOT_FOUND');
    if (await admin.findCategoryIdByName(tx, input.name, id)) throw Conflict('CATEGORY_NAME_TAKEN');
    const after = await admin.updateCategory(tx, id, valuesOf(input), deps.clock.now());
    await audit(tx, actor, {
      action: 'category.updated',
      targetType: 'category',
      targetId: id,
      before,
      after,
    });
  });
  return adminView(deps.db, id, actor);
}

/**
 * An admin deletes a category (DELETE /categories/{id}). Only an empty one: a category that still has
 * songs (any status) or votes is refused with CATEGORY_NOT_EMPTY, since deleting it would orphan votes
 * or need its songs moved first. The lock makes a song added meanwhile wait, then be seen.
 */
export async function deleteCategory(deps: CategoryAdminDependencies, id: string, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    const before = await admin.lockCategory(tx, id);
    if (!before) throw NotFound('CATEGORY_NOT_FOUND');
    if (await admin.categoryHasSongsOrVotes(tx, id)) throw Conflict('CATEGORY_NOT_EMPTY');
    await admin.deleteCategory(tx, id);
    await audit(tx, actor, {
      action: 'category.deleted',
      targetType: 'category',
      targetId: id,
      before,
    });
  });
}

/** The admin spec's "Category stats": the figures above the category cards. */
export async function getCategoryStats(db: Database): Promise<CategoryStats> {
  const figures = await admin.countCategoryFigures(db);
  const average = figures.total === 0 ? 0 : Math.round((figures.totalSongs / figures.total) * 10) / 10;
  return { ...figures, avgSongsPerCategory: average };
}
