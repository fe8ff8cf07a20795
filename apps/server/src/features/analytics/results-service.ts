import type { ResultsSettings, UpdateResultsBody } from '@ovation/shared';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Conflict } from '../../lib/errors';
import { type Actor, type AuditEvent, auditAll } from '../audit/service';
import { findStoredSetting, lockSetting, storeSetting } from '../settings/service';
import { getVotingStatus } from '../voting/service';
import type { PublicResults } from './policy';
import * as repository from './repository';

export { type PublicResults, seesRanking, seesResults, standingsOf } from './policy';

/** The `settings` key the results visibility is stored under. */
const RESULTS_KEY = 'results';

/**
 * What is stored: each field falls back to its default on its own, so a value written by an older build
 * (or by hand) never hides the others. Before any admin touched it: unpublished, live standings on (the
 * spec ranks the category pages' songs).
 */
const storedResultsSchema = z
  .object({
    published: z.boolean().catch(false),
    showLiveStandings: z.boolean().catch(true),
    publishedAt: z.string().nullable().catch(null),
    publishedBy: z.string().nullable().catch(null),
  })
  .catch({ published: false, showLiveStandings: true, publishedAt: null, publishedBy: null });
export type StoredResults = z.infer<typeof storedResultsSchema>;

async function readStoredResults(db: Database): Promise<StoredResults> {
  return storedResultsSchema.parse((await findStoredSetting(db, RESULTS_KEY)) ?? {});
}

/**
 * What the public may see now, read from the database on each call rather than from a memo. The public
 * answers that call this are themselves cached (lib/response-cache.ts) and dropped on every instance when
 * an admin changes the setting; a memo dropped through another channel could arrive later than that
 * invalidation and let a page be cached again under the old setting. One primary-key read per cache miss.
 */
export async function getPublicResults(db: Database): Promise<PublicResults> {
  const stored = await readStoredResults(db);
  return { published: stored.published, showLiveStandings: stored.showLiveStandings };
}

/** The admin view: the publisher's id becomes `{ _id, name }` (null once that account is gone). */
async function present(db: Database, stored: StoredResults): Promise<ResultsSettings> {
  const publisher = stored.publishedBy ? await repository.findUserName(db, stored.publishedBy) : undefined;
  return {
    published: stored.published,
    showLiveStandings: stored.showLiveStandings,
    publishedAt: stored.publishedAt,
    publishedBy: publisher ? { _id: publisher.id, name: publisher.name } : null,
  };
}

/** GET /admin/results. */
export async function getResultsSettings(db: Database): Promise<ResultsSettings> {
  return present(db, await readStoredResults(db));
}

/**
 * Inside a transaction: waits for any change of the results setting to commit, holds it until this
 * transaction ends, and answers it. What may not happen to published results (a winner change, a vote
 * quarantined or invalidated) takes this first, so publishing cannot slip in between its check and its write.
 */
export async function lockResults(tx: Database): Promise<StoredResults> {
  await lockSetting(tx, RESULTS_KEY);
  return readStoredResults(tx);
}

/**
 * Inside a transaction: refuses with 409 RESULTS_PUBLISHED when the results are published (unpublish
 * first), and keeps them unpublished until the transaction ends. For any change of the count or winners.
 */
export async function assertResultsNotPublished(tx: Database): Promise<void> {
  if ((await lockResults(tx)).published) throw Conflict('RESULTS_PUBLISHED');
}

/** What a PUT /admin/results did, for the answer's message. */
export type ResultsChange = 'published' | 'unpublished' | 'saved' | 'unchanged';

/**
 * An admin publishes or unpublishes the results, or turns live standings on or off (PUT /admin/results).
 * Each change is audited in the same transaction (`results.publish`, `results.unpublish`,
 * `results.liveStandings`); an unchanged PUT writes nothing. The caller invalidates the public cache.
 */
export async function updateResultsSettings(
  deps: { db: Database; clock: Clock },
  body: UpdateResultsBody,
  actor: Actor,
): Promise<{ settings: ResultsSettings; change: ResultsChange }> {
  const votingOpen = (await getVotingStatus(deps.db, deps.clock)).isAllowed;
  const { stored, change } = await deps.db.transaction(async (tx) => {
    const before = await lockResults(tx);
    const wanted = {
      published: body.published ?? before.published,
      showLiveStandings: body.showLiveStandings ?? before.showLiveStandings,
    };
    const publishing = wanted.published !== before.published;
    const live = wanted.showLiveStandings !== before.showLiveStandings;
    if (!publishing && !live) return { stored: before, change: 'unchanged' as const };
    const now = deps.clock.now().toISOString();
    const after: StoredResults = {
      published: wanted.published,
      showLiveStandings: wanted.showLiveStandings,
      publishedAt: wanted.published ? (publishing ? now : before.publishedAt) : null,
      publishedBy: wanted.published ? (publishing ? actor.id : before.publishedBy) : null,
    };
    await storeSetting(tx, RESULTS_KEY, after, actor.id);
    const entries: AuditEvent[] = [];
    const entry = (action: AuditEvent['action'], from: unknown, to: unknown): AuditEvent => ({
      action,
      targetType: 'setting',
      targetId: RESULTS_KEY,
      before: from,
      after: to,
      details: { votingOpen },
    });
    if (publishing) {
      entries.push(
        entry(
          wanted.published ? 'results.publish' : 'results.unpublish',
          { published: before.published, publishedAt: before.publishedAt },
          { published: after.published, publishedAt: after.publishedAt },
        ),
      );
    }
    if (live) {
      entries.push(
        entry(
          'results.liveStandings',
          { showLiveStandings: before.showLiveStandings },
          { showLiveStandings: after.showLiveStandings },
        ),
      );
    }
    await auditAll(tx, actor, entries);
    const outcome: ResultsChange = publishing ? (wanted.published ? 'published' : 'unpublished') : 'saved';
    return { stored: after, change: outcome };
  });
  return { settings: await present(deps.db, stored), change };
}
