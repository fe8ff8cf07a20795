import type { LegalDocument } from '@ovation/shared/constants';
import type { ConsentState } from '@ovation/shared/schemas/privacy';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** Where the signed-in user stands with the terms of service and the privacy policy. */
export const CONSENTS_QUERY_KEY = ['auth', 'consents'] as const;

export function fetchConsents(signal?: AbortSignal): Promise<ConsentState[]> {
  return apiGet<ConsentState[]>('/auth/consents', { signal });
}

/** POST /auth/consents: accepts the current version of `documents`; answers every document's state. */
export async function acceptConsents(documents: LegalDocument[]): Promise<ConsentState[]> {
  return (await apiRequest<ConsentState[]>('/auth/consents', { method: 'POST', body: { documents } })).data;
}
