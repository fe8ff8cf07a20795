import { describe, expect, it } from 'vitest';
import {
  type AuditWords,
  describeChange,
  fieldLabel,
  formatAuditValue,
  humanize,
  summariseChanges,
} from './audit-words';
import { changedFields } from './change-diff';

const words = (language = 'en', overrides: Partial<AuditWords> = {}): AuditWords => ({
  language,
  timeZone: 'UTC',
  fields: {
    'deviceRestrictions.enabled': 'Device restrictions',
    'votingSettings.dailyVotesPerCategory': 'Votes per category a day',
    moderationReason: 'Rejection reason',
    status: 'Status',
    enabled: 'Enabled',
    google: 'Google',
  },
  values: { approved: 'Approved', pending: 'Pending review', google: 'Google', admin: 'Admin' },
  on: 'On',
  off: 'Off',
  empty: '(empty)',
  none: '—',
  fromTo: (before, after) => `${before} → ${after}`,
  more: (count) => `${count} more`,
  ...overrides,
});

describe('fieldLabel', () => {
  it('names a setting by its whole path, else each part, never as code', () => {
    expect(fieldLabel('deviceRestrictions.enabled', words())).toBe('Device restrictions');
    expect(fieldLabel('moderationReason', words())).toBe('Rejection reason');
    expect(fieldLabel('google.enabled', words())).toBe('Google › Enabled');
    expect(fieldLabel('facebook.useEnvCredentials', words())).toBe('Facebook › Use env credentials');
    expect(fieldLabel('', words())).toBe('—');
  });

  it('writes an unknown name out as words', () => {
    expect(humanize('moderationReason')).toBe('Moderation reason');
    expect(humanize('bulk-created')).toBe('Bulk created');
    expect(humanize('adminAuditRetentionYears')).toBe('Admin audit retention years');
  });
});

describe('formatAuditValue', () => {
  it('says On/Off for a switch and writes numbers in the reader’s language', () => {
    expect(formatAuditValue(true, 'deviceRestrictions.enabled', words())).toBe('On');
    expect(formatAuditValue(false, 'x', words())).toBe('Off');
    expect(formatAuditValue(12500, 'maxVotesPerUser', words())).toBe('12,500');
    expect(formatAuditValue(12500, 'maxVotesPerUser', words('fr'))).toBe('12\u202f500');
    expect(formatAuditValue(3, 'x', words('ar'))).toBe(new Intl.NumberFormat('ar').format(3));
  });

  it('names coded values (status, role, provider) and leaves free text as written', () => {
    expect(formatAuditValue('approved', 'status', words())).toBe('Approved');
    expect(formatAuditValue('admin', 'role', words())).toBe('Admin');
    expect(formatAuditValue('admin', 'title', words())).toBe('admin');
    expect(formatAuditValue('google', 'provider', words())).toBe('Google');
    expect(formatAuditValue('', 'moderationReason', words())).toBe('(empty)');
    expect(formatAuditValue(null, 'x', words())).toBe('—');
  });

  it('writes dates and instants as dates, in the timezone given', () => {
    expect(formatAuditValue('2025-12-01', 'releaseDate', words())).toBe('Dec 1, 2025');
    expect(formatAuditValue('2025-12-01T18:30:00.000Z', 'endDate', words())).toBe('Dec 1, 2025, 6:30 PM');
    expect(
      formatAuditValue('2025-12-01T18:30:00.000Z', 'endDate', words('en', { timeZone: 'Africa/Lagos' })),
    ).toBe('Dec 1, 2025, 7:30 PM');
  });

  it('joins lists', () => {
    expect(formatAuditValue(['home', 'song'], 'locations', words())).toBe('home, song');
    expect(formatAuditValue([], 'locations', words())).toBe('(empty)');
  });
});

describe('describeChange and summariseChanges', () => {
  it('says what changed, from what, to what', () => {
    const changes = changedFields(
      { 'deviceRestrictions.enabled': false, 'votingSettings.dailyVotesPerCategory': 3 },
      { 'deviceRestrictions.enabled': true, 'votingSettings.dailyVotesPerCategory': 1 },
    );
    expect(describeChange(changes[0]!, words())).toEqual({
      label: 'Device restrictions',
      before: 'Off',
      after: 'On',
    });
    expect(summariseChanges(changes, words())).toBe(
      'Device restrictions: Off → On; Votes per category a day: 3 → 1',
    );
  });

  it('shows the first few and counts the rest', () => {
    const changes = changedFields({ a: 1, b: 1, c: 1, d: 1, e: 1 }, { a: 2, b: 2, c: 2, d: 2, e: 2 });
    expect(summariseChanges(changes, words(), 2)).toBe('A: 1 → 2; B: 1 → 2; 3 more');
  });

  it('gives a created field its value alone', () => {
    expect(summariseChanges(changedFields(null, { status: 'pending' }), words())).toBe(
      'Status: Pending review',
    );
  });
});
