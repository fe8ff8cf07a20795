import { ERROR_MESSAGES, type PrivacyRequest, RETENTION } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Invalid } from '../../lib/errors';
import { deleteAccountOnRequest } from '../accounts/account-deletion-service';
import { type Actor, audit } from '../audit/service';
import { buildDataExport, type DataExportSources, fileReceipt } from './data-export-service';
import * as repository from './request-repository';

/*
 * Requests people send the organiser about their data (by e-mail, by post), answered by an admin from the
 * users screen: a copy of their data, or the deletion of their account. Each is recorded with the day it
 * was received and the moment it was answered, so the 30-day promise can be checked; each is audited.
 */

export interface PrivacyRequestDependencies extends DataExportSources {
  clock: Clock;
}

const DAY_MS = 86_400_000;

/** The day a request arrived, as the admin typed it: not in the future, and not older than a year. */
function receivedOn(day: string, now: Date): Date {
  const at = new Date(`${day}T00:00:00Z`);
  if (
    Number.isNaN(at.getTime()) ||
    at.getTime() > now.getTime() ||
    now.getTime() - at.getTime() > 366 * DAY_MS
  ) {
    throw Invalid('PRIVACY_REQUEST_DATE_INVALID', {
      errors: [
        {
          field: 'receivedAt',
          message: ERROR_MESSAGES.PRIVACY_REQUEST_DATE_INVALID,
          key: 'errors.PRIVACY_REQUEST_DATE_INVALID',
        },
      ],
    });
  }
  return at;
}

export async function listPrivacyRequests(db: Database, userId: string): Promise<PrivacyRequest[]> {
  const rows = await repository.findPrivacyRequests(db, userId);
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind as PrivacyRequest['kind'],
    receivedAt: row.receivedAt.toISOString(),
    answerDueBy: new Date(row.receivedAt.getTime() + RETENTION.userRequestDays * DAY_MS).toISOString(),
    answeredAt: row.answeredAt.toISOString(),
    answeredBy: row.answerer?.id ? { _id: row.answerer.id, name: row.answerer.name } : null,
  }));
}

/** A copy of a user's data, asked for outside the app: the same file they would download, recorded. */
export async function answerAccessRequest(
  deps: PrivacyRequestDependencies,
  actor: Actor,
  userId: string,
  day: string,
) {
  const now = deps.clock.now();
  const receivedAt = receivedOn(day, now);
  const file = await buildDataExport(deps, userId, now);
  await deps.db.transaction(async (tx) => {
    const id = await repository.insertPrivacyRequest(tx, {
      userId,
      kind: 'access',
      receivedAt,
      answeredAt: now,
      answeredBy: actor.id,
    });
    await audit(tx, actor, {
      action: 'privacy.access.answered',
      targetType: 'user',
      targetId: userId,
      details: { requestId: id, receivedAt: receivedAt.toISOString(), ...fileReceipt(file) },
    });
  });
  return file;
}

/** The deletion of a user's account, asked for outside the app: as if they had deleted it, recorded. */
export async function answerDeletionRequest(
  deps: PrivacyRequestDependencies,
  actor: Actor,
  userId: string,
  day: string,
) {
  const now = deps.clock.now();
  const receivedAt = receivedOn(day, now);
  return deps.db.transaction(async (tx) => {
    const { restorableUntil } = await deleteAccountOnRequest(deps, tx, actor, userId);
    const id = await repository.insertPrivacyRequest(tx, {
      userId,
      kind: 'deletion',
      receivedAt,
      answeredAt: now,
      answeredBy: actor.id,
    });
    await audit(tx, actor, {
      action: 'privacy.deletion.answered',
      targetType: 'user',
      targetId: userId,
      details: { requestId: id, receivedAt: receivedAt.toISOString() },
    });
    return { restorableUntil };
  });
}
