import { describe, expect, it } from 'vitest';
import { countryFlag, countryName, resolveCountryCode, UNKNOWN_FLAG } from './country-flag';

describe('countryFlag', () => {
  it('turns an ISO code into its flag emoji', () => {
    expect(countryFlag('NG')).toBe('🇳🇬');
    expect(countryFlag('gh')).toBe('🇬🇭');
    expect(countryFlag('ZA')).toBe('🇿🇦');
    expect(countryFlag('EG')).toBe('🇪🇬');
  });

  it('gives the globe without a usable code', () => {
    for (const code of [null, undefined, '', 'N', 'NGA', '12']) expect(countryFlag(code)).toBe(UNKNOWN_FLAG);
  });
});

describe('countryName', () => {
  it('names the country in the reader’s language, else in English', () => {
    expect(countryName('EG', 'Egypt', 'fr')).toBe('Égypte');
    expect(countryName('NG', 'Nigeria', 'ar')).toBe('نيجيريا');
    expect(countryName(null, 'Atlantis', 'fr')).toBe('Atlantis');
  });
});

describe('resolveCountryCode', () => {
  it('keeps the server’s code when it sent one', () => {
    expect(resolveCountryCode('ng', 'Nigeria')).toBe('NG');
  });

  it('finds the code of names the registration list spells differently', () => {
    expect(resolveCountryCode(null, "Côte d'Ivoire")).toBe('CI');
    expect(resolveCountryCode(null, 'Côte d’Ivoire')).toBe('CI');
    expect(resolveCountryCode(undefined, 'Ivory Coast')).toBe('CI');
    expect(resolveCountryCode(null, "Cote D'Ivoire (Ivory Coast)")).toBe('CI');
    expect(resolveCountryCode(null, 'DR Congo')).toBe('CD');
    expect(resolveCountryCode(null, 'Democratic Republic of the Congo')).toBe('CD');
    expect(resolveCountryCode(null, 'São Tomé & Príncipe')).toBe('ST');
  });

  it('gives Côte d’Ivoire and DR Congo their flags, not the globe', () => {
    expect(countryFlag(resolveCountryCode(null, "Côte d'Ivoire"))).toBe('🇨🇮');
    expect(countryFlag(resolveCountryCode(null, 'DR Congo'))).toBe('🇨🇩');
  });

  it('answers null for an unknown or missing name', () => {
    expect(resolveCountryCode(null, 'Atlantis')).toBeNull();
    expect(resolveCountryCode(null, null)).toBeNull();
    expect(resolveCountryCode(null, '')).toBeNull();
  });
});
