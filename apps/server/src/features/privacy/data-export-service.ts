import { createHash } from 'node:crypto';
import type { Database } from '../../lib/db';
import { NotFound, TooManyRequests } from '../../lib/errors';
import type { Limiter } from '../../lib/rate-limit';
import { audit } from '../audit/service';
import { consentHistory } from './consent-service';
import * as repository from './data-export-repository';

/*
 * "Download my data": one JSON file with everything the platform holds about the signed-in account, its
 * own rows and nobody else's, made in one read. Audited with the SHA-256 of the bytes sent, and limited,
 * since each file is a full read of the account.
 */

/** Bumped when the file's shape changes, so a reader can tell which one it holds. */
export const DATA_EXPORT_FORMAT = 1;

export interface DataExportDependencies {
  db: Database;
  limiter: Limiter;
}

export interface DataExportFile {
  fileName: string;
  body: string;
}

/** The data file of one account, as of `now`: its own rows only, and no secret. */
export async function buildDataExport(db: Database, userId: string, now: Date): Promise<DataExportFile> {
  const profile = await repository.findProfile(db, userId);
  if (!profile) throw NotFound('USER_NOT_FOUND');
  const [votes, sessions, devices, socialIdentities, songs, events, consents] = await Promise.all([
    repository.findVotes(db, userId),
    repository.findSessions(db, userId),
    repository.findDevices(db, userId),
    repository.findSocialIdentities(db, userId),
    repository.findUploadedSongs(db, userId),
    repository.findOwnEvents(db, userId),
    consentHistory(db, userId),
  ]);
  const file = {
    format: DATA_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile,
    votes,
    songsUploaded: songs,
    sessions,
    devices,
    socialIdentities,
    consents,
    accountEvents: events,
  };
  const body = `${JSON.stringify(file, null, 2)}\n`;
  return { fileName: `ovation-my-data-${now.toISOString().slice(0, 10)}.json`, body };
}

/** What the audit log keeps of a data file sent: its size and SHA-256, never its content. */
export function fileReceipt(file: DataExportFile) {
  return {
    bytes: Buffer.byteLength(file.body),
    sha256: createHash('sha256').update(file.body).digest('hex'),
  };
}

export async function exportOwnData(
  deps: DataExportDependencies,
  userId: string,
  meta: { ip: string; now: Date },
): Promise<DataExportFile> {
  const limit = await deps.limiter.hit(userId);
  if (!limit.allowed) {
    throw TooManyRequests('TOO_MANY_REQUESTS', { extra: { retryAfterSeconds: limit.retryAfterSeconds } });
  }
  const file = await buildDataExport(deps.db, userId, meta.now);
  await audit(
    deps.db,
    { id: userId, ip: meta.ip },
    { action: 'auth.data.exported', details: fileReceipt(file) },
  );
  return file;
}
