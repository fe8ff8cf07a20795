import { describe, expect, it } from 'vitest';
import { countryFlag, countryName, UNKNOWN_FLAG } from './country-flag';

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
