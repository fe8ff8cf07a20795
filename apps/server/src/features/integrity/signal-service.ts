import type { IntegritySignals, IntegritySignalsQuery, SignalWindow } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { ok } from '../../lib/envelope';
import { NotFound } from '../../lib/errors';
import { computeSignalGroup, viewOf, type WindowSignals } from './signal-computation';
import { categoryExists, findFirstVoteAt } from './signal-repository';
import { REFERENCE_MIN_MS, SIGNALS_FRESH_MS, SIGNALS_STALE_MS } from './signal-rules';

export interface IntegritySignalDependencies {
  db: Database;
  clock: Clock;
}

/** The windows computed together: every one of them reads the last 7 days' votes anyway. */
const RECENT_WINDOWS: SignalWindow[] = ['1h', '6h', '24h', '7d'];
type Group = 'recent' | 'all';

/**
 * The kept signals of one database, per window (see SIGNALS_FRESH_MS): a fresh entry is answered as is;
 * a stale one is answered while a single recomputation runs; an older one (or none) is waited for.
 * The windows up to 7 days are computed together, from one reading of the week's votes; 'all' joins
 * them while the first vote is less than 7 days old, else it is computed alone. Computations run one at
 * a time per process, so cold windows do not pile up on the database beside the votes. `forget` drops
 * everything: the next answer is computed anew.
 */
class SignalsKeeper {
  private readonly entries = new Map<
    SignalWindow,
    { signals: WindowSignals; computedAt: number; group: Group }
  >();
  private readonly pending = new Map<Group, Promise<Map<SignalWindow, WindowSignals>>>();
  private queue: Promise<unknown> = Promise.resolve();
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async get(window: SignalWindow): Promise<WindowSignals> {
    const entry = this.entries.get(window);
    const age = entry ? this.clock.now().getTime() - entry.computedAt : Number.POSITIVE_INFINITY;
    if (entry && age < SIGNALS_FRESH_MS) return entry.signals;
    const group: Group = window !== 'all' ? 'recent' : (entry?.group ?? (await this.groupOfAll()));
    const refresh = this.refresh(group);
    if (entry && age < SIGNALS_STALE_MS) {
      // Answered from what is kept; a failed background refresh leaves it for the next try.
      refresh.catch(() => {});
      return entry.signals;
    }
    const computed = (await refresh).get(window);
    // 'all' left the recent group since (its first vote turned 7 days old): computed alone.
    return computed ?? (await this.refresh('all')).get(window)!;
  }

  forget() {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  private async groupOfAll(): Promise<Group> {
    const first = await findFirstVoteAt(this.db);
    return !first || this.clock.now().getTime() - first.getTime() <= REFERENCE_MIN_MS ? 'recent' : 'all';
  }

  private refresh(group: Group): Promise<Map<SignalWindow, WindowSignals>> {
    const running = this.pending.get(group);
    if (running) return running;
    const started = this.generation;
    const computing = this.queue
      .catch(() => {})
      .then(async () => {
        const now = this.clock.now();
        const first = await findFirstVoteAt(this.db);
        const allIsRecent = !first || now.getTime() - first.getTime() <= REFERENCE_MIN_MS;
        const windows: SignalWindow[] =
          group === 'all' ? ['all'] : [...RECENT_WINDOWS, ...(allIsRecent ? (['all'] as const) : [])];
        const signals = await computeSignalGroup(this.db, windows, now, first);
        if (started === this.generation) {
          for (const [window, computed] of signals)
            this.entries.set(window, { signals: computed, computedAt: now.getTime(), group });
        }
        return signals;
      })
      .finally(() => {
        if (this.pending.get(group) === computing) this.pending.delete(group);
      });
    this.queue = computing;
    this.pending.set(group, computing);
    return computing;
  }
}

const keepers = new WeakMap<Database, SignalsKeeper>();

function keeperOf(deps: IntegritySignalDependencies) {
  let keeper = keepers.get(deps.db);
  if (!keeper) {
    keeper = new SignalsKeeper(deps.db, deps.clock);
    keepers.set(deps.db, keeper);
  }
  return keeper;
}

/**
 * GET /admin/integrity/signals: velocity and clusters of one category (or all) within a window. Leads for
 * a person to review, never verdicts. 404 CATEGORY_NOT_FOUND for an unknown category.
 */
export async function getIntegritySignals(
  deps: IntegritySignalDependencies,
  query: IntegritySignalsQuery,
): Promise<IntegritySignals> {
  const categoryId = query.categoryId ?? null;
  if (categoryId && !(await categoryExists(deps.db, categoryId))) throw NotFound('CATEGORY_NOT_FOUND');
  const signals = await keeperOf(deps).get(query.window);
  return viewOf(signals, categoryId);
}

/**
 * The same answer as getIntegritySignals, as the JSON of its envelope, built once per scope and
 * computation: every admin on the screen is then answered without rebuilding or re-serialising it.
 */
export async function getIntegritySignalsAnswer(
  deps: IntegritySignalDependencies,
  query: IntegritySignalsQuery,
): Promise<string> {
  const categoryId = query.categoryId ?? null;
  const signals = await keeperOf(deps).get(query.window);
  const scope = categoryId ?? '';
  let answer = signals.answers.get(scope);
  if (answer === undefined) {
    // A scope with votes in the window is known without asking the database whether it exists.
    const known =
      categoryId === null || [...signals.labels.values()].some((song) => song.categoryId === categoryId);
    if (!known && !(await categoryExists(deps.db, categoryId!))) throw NotFound('CATEGORY_NOT_FOUND');
    answer = JSON.stringify(ok(viewOf(signals, categoryId)));
    signals.answers.set(scope, answer);
  }
  return answer;
}

/**
 * Drops the kept signals of a database: call it after votes change state (quarantine, invalidate,
 * restore), so the clusters' valid votes are never shown from before the change.
 */
export function forgetIntegritySignals(db: Database) {
  keepers.get(db)?.forget();
}
