import { LEGAL_DOCUMENT_NAMES, LEGAL_DOCUMENTS, type LegalDocument } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { audit } from '../audit/service';
import * as repository from './consent-repository';

/*
 * Consent to the legal documents, recorded: registration (by form or socially) accepts the current version
 * of the terms of service and of the privacy policy; when a version is raised (LEGAL_DOCUMENTS in
 * packages/shared, which the legal pages print), every signed-in user is asked to accept the new one.
 */

export interface ConsentState {
  document: LegalDocument;
  version: number;
  date: string;
  /** The user accepted this version (or a later one). */
  accepted: boolean;
  acceptedAt: string | null;
}

/** Records the user's acceptance of the current version of `documents` (every document by default). */
export async function acceptLegalDocuments(
  db: Database,
  userId: string,
  meta: { ip: string | null; now: Date },
  documents: readonly LegalDocument[] = LEGAL_DOCUMENT_NAMES,
) {
  await repository.insertConsents(
    db,
    documents.map((document) => ({
      userId,
      document,
      version: LEGAL_DOCUMENTS[document].version,
      acceptedAt: meta.now,
      ip: meta.ip,
    })),
  );
}

/** Where the user stands with each document: the current version, and whether they accepted it. */
export async function consentStates(db: Database, userId: string): Promise<ConsentState[]> {
  const accepted = new Map(
    (await repository.findAcceptedVersions(db, userId)).map((row) => [row.document, row] as const),
  );
  return LEGAL_DOCUMENT_NAMES.map((document) => {
    const current = LEGAL_DOCUMENTS[document];
    const row = accepted.get(document);
    const isCurrent = row?.version !== null && row?.version !== undefined && row.version >= current.version;
    return {
      document,
      version: current.version,
      date: current.date,
      accepted: isCurrent,
      acceptedAt: isCurrent && row?.acceptedAt ? new Date(row.acceptedAt).toISOString() : null,
    };
  });
}

/** A signed-in user accepts the current versions (POST /auth/consents): recorded and audited. */
export async function acceptCurrentVersions(
  db: Database,
  userId: string,
  documents: readonly LegalDocument[],
  meta: { ip: string; now: Date },
) {
  await db.transaction(async (tx) => {
    await acceptLegalDocuments(tx, userId, meta, documents);
    await audit(
      tx,
      { id: userId, ip: meta.ip },
      {
        action: 'auth.consent.accepted',
        details: Object.fromEntries(
          documents.map((document) => [document, LEGAL_DOCUMENTS[document].version]),
        ),
      },
    );
  });
  return consentStates(db, userId);
}

/** Every acceptance the user gave, for their data download. */
export function consentHistory(db: Database, userId: string) {
  return repository.findConsents(db, userId);
}
