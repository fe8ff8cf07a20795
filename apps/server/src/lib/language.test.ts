import { describe, expect, it } from 'vitest';
import { languageFromCookie, languageFromQuery, negotiateLanguage } from './language';

describe('negotiateLanguage', () => {
  const cases: [string | undefined, string | undefined][] = [
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['pt-BR,pt;q=0.9,en;q=0.8', 'pt'],
    ['en;q=0.5, sw;q=0.9', 'sw'],
    ['de-DE,de;q=0.9,ar;q=0.8,fr;q=0.7', 'ar'],
    ['AR-eg', 'ar'],
    ['fr;q=0.5, ar;q=0.5', 'fr'],
    ['ar;q=0, *;q=0.1', 'en'],
    ['ar;q=0', undefined],
    ['de, *;q=0.5', 'en'],
    ['fr;q=1.5, sw', 'sw'],
    ['fr;q=abc', undefined],
    ['de, ja', undefined],
    ['', undefined],
    [undefined, undefined],
    [`${'x'.repeat(100)}, sw`, 'sw'],
  ];
  for (const [header, expected] of cases) {
    it(`picks ${expected ?? 'nothing'} for "${header?.slice(0, 40)}"`, () => {
      expect(negotiateLanguage(header)).toBe(expected);
    });
  }
});

describe('languageFromCookie', () => {
  it('reads the ovation-lang cookie among others, and only a language we have', () => {
    expect(languageFromCookie('theme=dark; ovation-lang=sw; x=1')).toBe('sw');
    expect(languageFromCookie('ovation-lang=de')).toBeUndefined();
    expect(languageFromCookie('my-ovation-lang=ar')).toBeUndefined();
    expect(languageFromCookie(undefined)).toBeUndefined();
  });
});

describe('languageFromQuery', () => {
  it('reads a language of ours from ?lang=, and nothing else', () => {
    expect(languageFromQuery('/songs/1?lang=fr')).toBe('fr');
    expect(languageFromQuery('/?a=1&lang=ar')).toBe('ar');
    expect(languageFromQuery('/?lang=de')).toBeUndefined();
    expect(languageFromQuery('/?lang=')).toBeUndefined();
    expect(languageFromQuery('/songs')).toBeUndefined();
  });
});
