import type { Category } from '@ovation/shared';
import { objectIdSchema } from '@ovation/shared';
import { ok } from '../../lib/envelope';
import type { CachedAnswer, ResponseCache } from '../../lib/response-cache';
import { type CategoryPagesDependencies, getCategoryWithSongs, listCategories } from './service';

/** The response cache's key of a category page's answer: the API route and the page's share tags share it. */
export const categoryPageKey = (id: string) => `category:${id}`;

const parsedCategories = new WeakMap<CachedAnswer, Category>();

/**
 * A category as a guest sees it on its public page, from the same cached answer the API serves;
 * undefined for an unknown id.
 */
export async function readPublicCategory(
  deps: CategoryPagesDependencies & { cache: ResponseCache },
  id: string,
): Promise<Category | undefined> {
  if (!objectIdSchema.safeParse(id).success) return undefined;
  try {
    const answer = await deps.cache.get(categoryPageKey(id), async () =>
      ok(await getCategoryWithSongs(deps, id, null)),
    );
    let category = parsedCategories.get(answer);
    if (!category) {
      category = (JSON.parse(answer.identity.body.toString('utf8')) as { data: { category: Category } }).data
        .category;
      parsedCategories.set(answer, category);
    }
    return category;
  } catch {
    // Unknown (CATEGORY_NOT_FOUND) or unreadable: the page gets the generic tags.
    return undefined;
  }
}

/** Every category's id, in display order, for the sitemap. */
export async function listCategoryIds(deps: CategoryPagesDependencies): Promise<string[]> {
  return (await listCategories(deps.db, null)).map((category) => category._id);
}
