import type { RecentActivity } from '@ovation/shared/schemas/admin-dashboard';
import { describe, expect, it } from 'vitest';
import english from '../../../locales/admin-dashboard/en.json';
import { type ActivityTranslator, describeActivity, formatWhen } from './activity-text';

/** The English catalog as i18next reads it: nested keys, {{name}} placeholders. */
const translator: ActivityTranslator = {
  exists: (key) => typeof lookup(key) === 'string',
  t: (key, options = {}) =>
    String(lookup(key) ?? key).replace(/{{(\w+)}}/g, (_, name: string) => String(options[name])),
};
function lookup(key: string): unknown {
  let node: unknown = english;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}
const strip = (text: string) => text.replace(/[\u2068\u2069]/g, '');

function activity(overrides: Partial<RecentActivity>): RecentActivity {
  return {
    _id: '1',
    action: 'song.approved',
    description: 'ignored',
    actor: { name: 'Ada Obi' },
    target: { type: 'song', id: 'x', label: 'Essence' },
    timestamp: '2025-11-06T12:00:00.000Z',
    ...overrides,
  };
}

describe('describeActivity', () => {
  it('builds the sentence from the action code, the actor and the target', () => {
    expect(strip(describeActivity(translator, activity({})))).toBe('Ada Obi approved the song “Essence”');
    expect(
      strip(
        describeActivity(
          translator,
          activity({ action: 'user.role.changed', target: { type: 'user', id: 'u', label: 'Bola Ade' } }),
        ),
      ),
    ).toBe('Ada Obi changed the role of Bola Ade');
    expect(
      strip(describeActivity(translator, activity({ action: 'settings.voting.changed', target: null }))),
    ).toBe('Ada Obi changed the voting window');
  });

  it('reads well without an actor, a label or a known action', () => {
    expect(
      strip(
        describeActivity(
          translator,
          activity({ actor: null, action: 'song.deleted', target: { type: 'song', id: 'x', label: null } }),
        ),
      ),
    ).toBe('A deleted account deleted a song');
    expect(strip(describeActivity(translator, activity({ action: 'song.sung' })))).toBe(
      'Ada Obi: song.sung on the song “Essence”',
    );
  });

  it('says a bulk upload in one counted line', () => {
    // Plural forms as i18next picks them in English: _one for 1, _other for the rest.
    const counting: ActivityTranslator = {
      exists: translator.exists,
      t: (key, options = {}) => {
        const count = options.count as number | undefined;
        const form = count === undefined ? key : `${key}_${count === 1 ? 'one' : 'other'}`;
        return String(lookup(form) ?? key).replace(/{{(\w+)(?:, number)?}}/g, (_, name: string) =>
          name === 'count' ? (count ?? 0).toLocaleString('en') : String(options[name]),
        );
      },
    };
    const line = activity({ action: 'song.bulk-uploaded', target: null, count: 5000 });
    expect(strip(describeActivity(counting, line))).toBe('Ada Obi added 5,000 songs by bulk upload');
  });

  it('isolates names so they keep their direction in Arabic', () => {
    expect(describeActivity(translator, activity({}))).toBe(
      '\u2068Ada Obi\u2069 approved the song “\u2068Essence\u2069”',
    );
  });
});

describe('formatWhen', () => {
  const now = Date.parse('2025-11-06T12:00:00Z');
  it('says how long ago, in the reader’s language', () => {
    expect(formatWhen('2025-11-06T11:59:30Z', now, 'en')).toBe('30 seconds ago');
    expect(formatWhen('2025-11-06T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(formatWhen('2025-11-06T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(formatWhen('2025-11-05T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(formatWhen('2025-11-06T11:55:00Z', now, 'fr')).toBe('il y a 5 minutes');
  });
  it('gives the date past a week', () => {
    expect(formatWhen('2025-10-01T12:00:00Z', now, 'en')).toContain('2025');
  });
});
