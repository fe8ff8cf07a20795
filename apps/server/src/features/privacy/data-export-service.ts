import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { Database } from '../../lib/db';
import { NotFound, TooManyRequests } from '../../lib/errors';
import { imageVariantKey } from '../../lib/images';
import type { Limiter } from '../../lib/rate-limit';
import type { FileStorage } from '../../lib/storage';
import { audit } from '../audit/service';
import { consentHistory } from './consent-service';
import * as repository from './data-export-repository';

/*
 * "Download my data": everything the platform holds about the signed-in account, its own rows and nobody
 * else's, made in one read: a JSON file, or for an artist a zip of that JSON (data.json) with the pictures
 * they uploaded (files/), each at the largest size kept. Audited with the SHA-256 of the bytes sent, and
 * limited, since each file is a full read of the account.
 */

/** Bumped when the file's shape changes, so a reader can tell which one it holds. */
export const DATA_EXPORT_FORMAT = 2;

export interface DataExportSources {
  db: Database;
  /** Where uploaded pictures are kept: an artist's file carries theirs. */
  storage: FileStorage;
}

export interface DataExportDependencies extends DataExportSources {
  limiter: Limiter;
}

export interface DataExportFile {
  fileName: string;
  contentType: string;
  body: string | Uint8Array;
}

/** The pictures an artist uploaded, named in the zip as `files/<kind>-<id>.webp`, with what the JSON says of each. */
async function readUploadedPictures(sources: DataExportSources, userId: string) {
  const rows = await repository.findUploadedImages(sources.db, userId);
  const files: Record<string, Uint8Array> = {};
  const listed = [];
  for (const row of rows) {
    const width = Math.max(...row.widths);
    const body = Number.isFinite(width)
      ? await sources.storage.get(imageVariantKey(row.storageKey, width))
      : undefined;
    const file = body ? `files/${row.kind}-${row.id}.webp` : null;
    if (file && body) files[file] = new Uint8Array(body);
    listed.push({
      file,
      kind: row.kind,
      originalName: row.originalName,
      width: row.width,
      height: row.height,
      uploadedAt: row.uploadedAt,
    });
  }
  return { files, listed };
}

/** The data file of one account, as of `now`: its own rows only, and no secret. */
export async function buildDataExport(
  sources: DataExportSources,
  userId: string,
  now: Date,
): Promise<DataExportFile> {
  const { db } = sources;
  const profile = await repository.findProfile(db, userId);
  if (!profile) throw NotFound('USER_NOT_FOUND');
  const [votes, sessions, devices, socialIdentities, songs, events, consents, mailsSent] = await Promise.all([
    repository.findVotes(db, userId),
    repository.findSessions(db, userId),
    repository.findDevices(db, userId),
    repository.findSocialIdentities(db, userId),
    repository.findUploadedSongs(db, userId),
    repository.findOwnEvents(db, userId),
    consentHistory(db, userId),
    repository.findMailsSent(db, userId),
  ]);
  const pictures = profile.role === 'artist' ? await readUploadedPictures(sources, userId) : null;
  const data = {
    format: DATA_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile,
    votes,
    songsUploaded: songs,
    ...(pictures ? { filesUploaded: pictures.listed } : {}),
    sessions,
    devices,
    socialIdentities,
    consents,
    mailsSent,
    accountEvents: events,
  };
  const json = `${JSON.stringify(data, null, 2)}\n`;
  const stem = `ovation-my-data-${now.toISOString().slice(0, 10)}`;
  if (!pictures)
    return { fileName: `${stem}.json`, contentType: 'application/json; charset=utf-8', body: json };
  // Pictures are compressed already: stored as they are; the JSON is deflated.
  const zip = zipSync(
    {
      'data.json': [strToU8(json), { level: 6 }],
      ...Object.fromEntries(
        Object.entries(pictures.files).map(([name, body]) => [name, [body, { level: 0 }]]),
      ),
    },
    { mtime: now },
  );
  return { fileName: `${stem}.zip`, contentType: 'application/zip', body: zip };
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
  const file = await buildDataExport(deps, userId, meta.now);
  await audit(
    deps.db,
    { id: userId, ip: meta.ip },
    { action: 'auth.data.exported', details: fileReceipt(file) },
  );
  return file;
}
