import { describe, expect, it } from 'vitest';
import { localizeCategory } from '../category-words';
import { categoryInputSchema } from './admin-categories';

describe('localizeCategory', () => {
  const category = {
    name: 'Best Newcomer',
    description: 'A breakout act.',
    translations: { fr: { name: 'Meilleure révélation' }, ar: { name: '  ', description: 'موهبة لافتة' } },
  };

  it('gives the words of the language, each falling back to English when missing or blank', () => {
    expect(localizeCategory(category, 'fr')).toEqual({
      name: 'Meilleure révélation',
      description: 'A breakout act.',
    });
    expect(localizeCategory(category, 'ar')).toEqual({ name: 'Best Newcomer', description: 'موهبة لافتة' });
    expect(localizeCategory(category, 'sw')).toEqual({
      name: 'Best Newcomer',
      description: 'A breakout act.',
    });
  });

  it('reads a regional language tag by its language, and English from the columns', () => {
    expect(localizeCategory(category, 'fr-CA').name).toBe('Meilleure révélation');
    expect(localizeCategory({ ...category, translations: undefined }, 'fr').name).toBe('Best Newcomer');
    expect(localizeCategory(category, 'en').name).toBe('Best Newcomer');
  });
});

describe('categoryInputSchema', () => {
  it('fills the spec defaults and normalises the colour', () => {
    expect(categoryInputSchema.parse({ name: ' Gospel ', color: '#abcdef' })).toEqual({
      name: 'Gospel',
      description: '',
      icon: '🎵',
      color: '#ABCDEF',
      sortOrder: 0,
      type: 'continental',
      region: null,
      translations: {},
    });
  });

  it('asks a regional category for a region and drops one sent with a continental category', () => {
    const regional = categoryInputSchema.safeParse({ name: 'West', type: 'regional' });
    expect(regional.success).toBe(false);
    expect(regional.error?.issues[0]).toMatchObject({
      path: ['region'],
      message: 'validation.regionInvalid',
    });
    expect(categoryInputSchema.parse({ name: 'All', region: 'West Africa' }).region).toBeNull();
  });

  it('keeps only the translations that say something', () => {
    const parsed = categoryInputSchema.parse({
      name: 'Hope',
      translations: { fr: { name: ' Espoir ', description: '' }, pt: { name: '', description: ' ' } },
    });
    expect(parsed.translations).toEqual({ fr: { name: 'Espoir' } });
  });
});
