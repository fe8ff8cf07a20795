import {
  type LegalDocument,
  MAX_IMAGE_BYTES,
  RETENTION,
  SESSION_INACTIVITY_MINUTES,
} from '@ovation/shared/constants';
import type { QuantityUnit } from '../../lib/format-number';

/**
 * The structure of the three legal pages: which sections each has, in what order, and which
 * catalog keys (namespace 'legal') fill them. Every figure comes from a shared constant and is
 * passed to the text as an interpolation value, so no number is written twice.
 */

export type LegalPageId = 'privacy' | 'terms' | 'data-protection';

/** The address every privacy request goes to (spec: contact on the legal pages). */
export const PRIVACY_CONTACT_EMAIL = 'privacy@ovation.test';

/** A figure shown with its unit, formatted by Intl so each language gets its own plural forms. */
export interface Quantity {
  amount: number;
  unit: QuantityUnit;
}

/** A catalog key relative to its section, with the figures its text interpolates. */
export interface TextRef {
  key: string;
  period?: Quantity;
  size?: Quantity;
}

export type LegalBlock =
  | { kind: 'paragraph'; text: TextRef }
  | { kind: 'list'; items: TextRef[] }
  /** The three roles as a definition list: names from roleNames, descriptions from keys fan, artist, admin. */
  | { kind: 'roles' }
  /** The retention periods as a definition list (data-protection page). */
  | { kind: 'retention' }
  | { kind: 'pageLink'; key: string; to: string };

export interface LegalSection {
  id: string;
  blocks: LegalBlock[];
}

export interface LegalPageContent {
  /** Top-level key of the page in the catalog. */
  catalogKey: 'privacy' | 'terms' | 'dataProtection';
  /** The document whose version and date the page states (the data-protection page details the privacy policy). */
  document: LegalDocument;
  sections: LegalSection[];
}

export interface RetentionRow {
  id: 'account' | 'votes' | 'analytics' | 'securityLogs' | 'backups';
  period: Quantity;
}

const SESSION_TIMEOUT: Quantity = { amount: SESSION_INACTIVITY_MINUTES, unit: 'minute' };
const ACCOUNT_DELETION: Quantity = { amount: RETENTION.accountDeletionDays, unit: 'day' };
const REQUEST_ANSWER: Quantity = { amount: RETENTION.userRequestDays, unit: 'day' };
const BREACH_NOTICE: Quantity = { amount: RETENTION.breachNoticeHours, unit: 'hour' };
const MAX_COVER_SIZE: Quantity = { amount: MAX_IMAGE_BYTES / (1024 * 1024), unit: 'megabyte' };

/** Rows of the retention list, in the order the data-protection page shows them. */
export const RETENTION_ROWS: readonly RetentionRow[] = [
  { id: 'account', period: ACCOUNT_DELETION },
  { id: 'votes', period: { amount: RETENTION.votingRecordsYears, unit: 'year' } },
  { id: 'analytics', period: { amount: RETENTION.analyticsYears, unit: 'year' } },
  { id: 'securityLogs', period: { amount: RETENTION.securityLogsYears, unit: 'year' } },
  { id: 'backups', period: { amount: RETENTION.backupDeletionDays, unit: 'day' } },
];

function paragraph(key: string, figures: Omit<TextRef, 'key'> = {}): LegalBlock {
  return { kind: 'paragraph', text: { key, ...figures } };
}

function list(...items: (string | TextRef)[]): LegalBlock {
  return { kind: 'list', items: items.map((item) => (typeof item === 'string' ? { key: item } : item)) };
}

const ROLES: LegalBlock = { kind: 'roles' };

export const LEGAL_PAGES: Record<LegalPageId, LegalPageContent> = {
  privacy: {
    catalogKey: 'privacy',
    document: 'privacy',
    sections: [
      { id: 'whoWeAre', blocks: [paragraph('body1')] },
      { id: 'roles', blocks: [paragraph('body1'), ROLES] },
      {
        id: 'collect',
        blocks: [
          paragraph('body1'),
          list('name', 'email', 'phone', 'location', 'password'),
          paragraph('body2'),
        ],
      },
      { id: 'socialLogin', blocks: [paragraph('body1'), paragraph('body2')] },
      { id: 'voting', blocks: [paragraph('body1'), paragraph('body2')] },
      { id: 'uploads', blocks: [paragraph('body1'), paragraph('body2')] },
      {
        id: 'cookies',
        blocks: [
          paragraph('body1'),
          list('token', 'language', 'device', 'flags'),
          paragraph('body2', { period: SESSION_TIMEOUT }),
          paragraph('body3'),
        ],
      },
      {
        id: 'use',
        blocks: [
          paragraph('body1'),
          list('account', 'voting', 'fraud', 'moderation', 'messages', 'stats'),
          paragraph('body2'),
        ],
      },
      { id: 'sharing', blocks: [paragraph('body1')] },
      {
        id: 'retention',
        blocks: [
          paragraph('body1', { period: ACCOUNT_DELETION }),
          { kind: 'pageLink', key: 'link', to: '/data-protection' },
        ],
      },
      { id: 'rights', blocks: [paragraph('body1', { period: REQUEST_ANSWER }), paragraph('body2')] },
      { id: 'changes', blocks: [paragraph('body1')] },
      { id: 'contact', blocks: [paragraph('body1')] },
    ],
  },
  terms: {
    catalogKey: 'terms',
    document: 'terms',
    sections: [
      { id: 'accounts', blocks: [paragraph('body1'), paragraph('body2', { period: SESSION_TIMEOUT })] },
      { id: 'roles', blocks: [paragraph('body1'), ROLES] },
      {
        id: 'voting',
        blocks: [paragraph('body1'), list('fansOnly', 'signIn', 'onePerDay', 'final', 'period')],
      },
      { id: 'fairPlay', blocks: [paragraph('body1'), paragraph('body2')] },
      {
        id: 'uploads',
        blocks: [paragraph('body1', { size: MAX_COVER_SIZE }), paragraph('body2'), paragraph('body3')],
      },
      { id: 'conduct', blocks: [paragraph('body1'), list('law', 'content', 'impersonation', 'disruption')] },
      { id: 'socialLogin', blocks: [paragraph('body1')] },
      {
        id: 'suspension',
        blocks: [paragraph('body1'), paragraph('body2', { period: ACCOUNT_DELETION })],
      },
      { id: 'results', blocks: [paragraph('body1')] },
      { id: 'liability', blocks: [paragraph('body1')] },
      { id: 'changes', blocks: [paragraph('body1')] },
      { id: 'contact', blocks: [paragraph('body1')] },
    ],
  },
  'data-protection': {
    catalogKey: 'dataProtection',
    document: 'privacy',
    sections: [
      { id: 'principles', blocks: [paragraph('body1')] },
      {
        id: 'security',
        blocks: [
          paragraph('body1'),
          list('passwords', 'encryption', { key: 'sessions', period: SESSION_TIMEOUT }, 'uploads', 'abuse'),
        ],
      },
      { id: 'access', blocks: [paragraph('body1'), ROLES, paragraph('body2')] },
      { id: 'retention', blocks: [paragraph('body1'), { kind: 'retention' }, paragraph('body2')] },
      {
        id: 'rights',
        blocks: [
          paragraph('body1'),
          list('access', 'correction', 'deletion', 'portability'),
          paragraph('body2', { period: REQUEST_ANSWER }),
        ],
      },
      { id: 'breach', blocks: [paragraph('body1', { period: BREACH_NOTICE }), paragraph('body2')] },
      { id: 'contact', blocks: [paragraph('body1')] },
    ],
  },
};

/** In-page anchor of a section: its id in kebab-case (`socialLogin` -> `social-login`). */
export function sectionAnchor(sectionId: string): string {
  return sectionId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
