import {
  BREACH_NOTICE_HOURS,
  type Breach,
  type BreachListQuery,
  type BreachNotificationBody,
  ERROR_MESSAGES,
  type RecordBreachBody,
} from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { paginationOf } from '../../lib/pagination';
import { type Actor, audit } from '../audit/service';
import * as repository from './repository';

/*
 * The breach register: an admin records a suspected personal-data breach as soon as it is known, and then
 * when and how the authority was notified; the answer carries the deadline (found + 72 hours, the legal
 * pages' promise) so the screen counts it down. Every write is audited with the entry.
 */

export interface BreachesDependencies {
  db: Database;
  clock: Clock;
}

const HOUR_MS = 3_600_000;

function toBreach(row: NonNullable<Awaited<ReturnType<typeof repository.findBreach>>>): Breach {
  return {
    _id: row.id,
    foundAt: row.foundAt.toISOString(),
    summary: row.summary,
    affected: row.affected,
    noticeDeadline: new Date(row.foundAt.getTime() + BREACH_NOTICE_HOURS * HOUR_MS).toISOString(),
    notifiedAt: row.notifiedAt?.toISOString() ?? null,
    notification: row.notification,
    recordedBy: row.recorder?.id ? { _id: row.recorder.id, name: row.recorder.name } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A moment typed by an admin may not lie in the future: a breach is found, and notified, when it is. */
function pastInstant(value: string, now: Date, field: string): Date {
  const at = new Date(value);
  if (at.getTime() > now.getTime() + 60_000) {
    throw Invalid('BREACH_TIME_IN_FUTURE', {
      errors: [{ field, message: ERROR_MESSAGES.BREACH_TIME_IN_FUTURE, key: 'errors.BREACH_TIME_IN_FUTURE' }],
    });
  }
  return at;
}

export async function listBreaches(deps: BreachesDependencies, query: BreachListQuery) {
  const { rows, total } = await repository.findBreachPage(deps.db, query);
  return { breaches: rows.map(toBreach), pagination: paginationOf(query, total) };
}

export async function recordBreach(
  deps: BreachesDependencies,
  actor: Actor,
  body: RecordBreachBody,
): Promise<Breach> {
  const now = deps.clock.now();
  const foundAt = pastInstant(body.foundAt, now, 'foundAt');
  const id = await deps.db.transaction(async (tx) => {
    const created = await repository.insertBreach(tx, {
      foundAt,
      summary: body.summary,
      affected: body.affected,
      recordedBy: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, actor, {
      action: 'breach.recorded',
      targetType: 'breach',
      targetId: created,
      after: { foundAt: foundAt.toISOString(), summary: body.summary, affected: body.affected },
    });
    return created;
  });
  return toBreach((await repository.findBreach(deps.db, id))!);
}

export async function recordNotification(
  deps: BreachesDependencies,
  actor: Actor,
  id: string,
  body: BreachNotificationBody,
): Promise<Breach> {
  const now = deps.clock.now();
  const notifiedAt = pastInstant(body.notifiedAt, now, 'notifiedAt');
  await deps.db.transaction(async (tx) => {
    const entry = await repository.lockBreach(tx, id);
    if (!entry) throw NotFound('BREACH_NOT_FOUND');
    if (entry.notifiedAt) throw Conflict('BREACH_ALREADY_NOTIFIED');
    await repository.saveNotification(tx, id, { notifiedAt, notification: body.notification, at: now });
    await audit(tx, actor, {
      action: 'breach.notified',
      targetType: 'breach',
      targetId: id,
      before: { notifiedAt: null },
      after: { notifiedAt: notifiedAt.toISOString(), notification: body.notification },
    });
  });
  return toBreach((await repository.findBreach(deps.db, id))!);
}
