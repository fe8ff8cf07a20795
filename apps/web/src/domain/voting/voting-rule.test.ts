import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '@ovation/shared/schemas/settings';
import { voteQuotaRule } from '@ovation/shared/vote-quota';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeVotingRule, votingRuleKind } from './voting-rule';

type Voting = PlatformSettings['votingSettings'];
const LANGUAGES = ['en', 'fr', 'pt', 'ar', 'sw'] as const;
const CATALOGS = path.resolve(import.meta.dirname, '../../locales');

const translators = new Map<string, TFunction>();

beforeAll(async () => {
  for (const language of LANGUAGES) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      resources: {
        [language]: {
          translation: JSON.parse(fs.readFileSync(path.join(CATALOGS, `${language}.json`), 'utf8')),
        },
      },
    });
    translators.set(language, instance.getFixedT(language, 'translation') as TFunction);
  }
});

/** The rule sentence in `language` for the voting settings `changes` over the server defaults. */
function sentence(language: (typeof LANGUAGES)[number], changes: Partial<Voting>) {
  const voting = { ...DEFAULT_PLATFORM_SETTINGS.votingSettings, ...changes };
  return describeVotingRule(translators.get(language)!, voteQuotaRule(voting));
}

/** The quota and the sentence kind the four voting settings make. */
function votingRule(voting: Voting) {
  const rule = voteQuotaRule(voting);
  return { kind: votingRuleKind(rule), perCategory: rule.perCategory, perSong: rule.perSong };
}

describe('votingRule (the four voting settings as the server counts them)', () => {
  it('reads the server defaults as one vote per category every 24 hours', () => {
    expect(votingRule(DEFAULT_PLATFORM_SETTINGS.votingSettings)).toEqual({
      kind: 'dailySingle',
      perCategory: 1,
      perSong: 1,
    });
  });

  it('gives a song one vote unless multiple votes are allowed, whatever the maximum says', () => {
    const voting = {
      ...DEFAULT_PLATFORM_SETTINGS.votingSettings,
      dailyVotesPerCategory: 3,
      maxVotesPerUser: 5,
    };
    expect(votingRule(voting)).toMatchObject({ kind: 'dailyOncePerSong', perSong: 1 });
    expect(votingRule({ ...voting, allowMultipleVotes: true })).toMatchObject({
      kind: 'dailyAnySong',
      perSong: 3,
    });
    expect(votingRule({ ...voting, allowMultipleVotes: true, maxVotesPerUser: 2 })).toMatchObject({
      kind: 'dailyCapped',
      perSong: 2,
    });
  });

  it('counts over the whole period when daily voting is off', () => {
    expect(
      votingRule({
        ...DEFAULT_PLATFORM_SETTINGS.votingSettings,
        enableDailyVoting: false,
        dailyVotesPerCategory: 4,
      }),
    ).toMatchObject({ kind: 'periodOncePerSong', perCategory: 4 });
  });
});

describe('describeVotingRule (one sentence, plural-correct in every language)', () => {
  it('says 3 votes per category with 2 per song as it is, not "one vote per category"', () => {
    expect(sentence('en', { dailyVotesPerCategory: 3, allowMultipleVotes: true, maxVotesPerUser: 2 })).toBe(
      'Each fan may vote 3 times per category every 24 hours, at most 2 times for the same song.',
    );
    expect(sentence('fr', { dailyVotesPerCategory: 3, allowMultipleVotes: true, maxVotesPerUser: 2 })).toBe(
      'Chaque fan peut voter 3 fois par catégorie toutes les 24 heures, dont 2 fois au plus pour la même chanson.',
    );
    expect(sentence('ar', { dailyVotesPerCategory: 3, allowMultipleVotes: true, maxVotesPerUser: 2 })).toBe(
      'يمكن لكل معجب التصويت 3 مرات في كل فئة كل 24 ساعة، بحد أقصى مرتين للأغنية نفسها.',
    );
  });

  it('says each combination of the settings in English', () => {
    expect(sentence('en', { dailyVotesPerCategory: 3 })).toBe(
      'Each fan may vote 3 times per category every 24 hours, once per song.',
    );
    expect(sentence('en', {})).toBe('Each fan may vote once per category every 24 hours.');
    expect(sentence('en', { dailyVotesPerCategory: 5, allowMultipleVotes: true, maxVotesPerUser: 2 })).toBe(
      'Each fan may vote 5 times per category every 24 hours, at most 2 times for the same song.',
    );
    expect(
      sentence('en', {
        enableDailyVoting: false,
        dailyVotesPerCategory: 10,
        allowMultipleVotes: true,
        maxVotesPerUser: 50,
      }),
    ).toBe(
      'Each fan may vote 10 times per category for the whole voting period, all for the same song if they wish.',
    );
  });

  it('uses Arabic one, two, few and many forms', () => {
    expect(sentence('ar', { dailyVotesPerCategory: 2 })).toContain('مرتين في كل فئة');
    expect(sentence('ar', { dailyVotesPerCategory: 3 })).toMatch(/3 مرات في كل فئة/);
    expect(sentence('ar', { dailyVotesPerCategory: 11 })).toMatch(/11 مرة في كل فئة/);
    expect(
      sentence('ar', { dailyVotesPerCategory: 5, allowMultipleVotes: true, maxVotesPerUser: 2 }),
    ).toContain('بحد أقصى مرتين للأغنية نفسها');
  });

  it('uses the French and Portuguese "many" form for millions', () => {
    const many = { dailyVotesPerCategory: 1_000_000 };
    expect(sentence('fr', many)).toContain('1\u202f000\u202f000 de fois par catégorie');
    expect(sentence('pt', many)).toContain('de vezes por categoria');
  });

  it('speaks French, Portuguese and Swahili', () => {
    expect(sentence('fr', { dailyVotesPerCategory: 3 })).toBe(
      'Chaque fan peut voter 3 fois par catégorie toutes les 24 heures, une seule fois par chanson.',
    );
    expect(sentence('pt', { dailyVotesPerCategory: 3 })).toBe(
      'Cada fã pode votar 3 vezes por categoria a cada 24 horas, uma vez por música.',
    );
    expect(sentence('sw', { dailyVotesPerCategory: 3 })).toBe(
      'Kila shabiki anaweza kupiga kura mara 3 kwa kila kundi kila saa 24, mara moja kwa kila wimbo.',
    );
  });

  it('leaves no placeholder or key unfilled in any language and combination', () => {
    const combinations: Partial<Voting>[] = [
      {},
      { dailyVotesPerCategory: 3 },
      { dailyVotesPerCategory: 3, allowMultipleVotes: true, maxVotesPerUser: 3 },
      { dailyVotesPerCategory: 7, allowMultipleVotes: true, maxVotesPerUser: 2 },
    ];
    for (const language of LANGUAGES) {
      for (const daily of [true, false]) {
        for (const combination of combinations) {
          const text = sentence(language, { ...combination, enableDailyVoting: daily });
          expect(text, `${language} ${JSON.stringify(combination)}`).not.toMatch(/{{|}}|voting\.|summary\./);
        }
      }
    }
  });
});
