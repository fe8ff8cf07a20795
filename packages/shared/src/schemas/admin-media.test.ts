import { describe, expect, it } from 'vitest';
import { localizeBanner } from '../category-words';
import {
  bannerFieldsSchema,
  bannerUpdateFieldsSchema,
  imageDeleteQuerySchema,
  isImageFilename,
} from './admin-media';

describe('bannerFieldsSchema (the multipart text of POST /admin/banners)', () => {
  it('trims, fills the defaults and keeps only the non-blank words of known languages', () => {
    const parsed = bannerFieldsSchema.parse({
      title: '  Hello  ',
      translations: JSON.stringify({
        fr: { title: ' Bonjour ', description: '' },
        sw: { title: '   ' },
        de: { title: 'Hallo' },
      }),
    });
    expect(parsed).toEqual({
      title: 'Hello',
      description: '',
      order: 0,
      isActive: true,
      translations: { fr: { title: 'Bonjour' } },
      libraryImage: undefined,
    });
  });

  it('reads order and status from form text', () => {
    expect(bannerFieldsSchema.parse({ title: 'x', order: '3', isActive: 'false' })).toMatchObject({
      order: 3,
      isActive: false,
    });
  });

  it.each([
    [{ title: '' }, 'title', 'validation.titleRequired'],
    [{ title: 'x'.repeat(121) }, 'title', 'validation.bannerTitleTooLong'],
    [{ title: 'x', order: '1.5' }, 'order', 'validation.bannerOrderInvalid'],
    [{ title: 'x', order: 'first' }, 'order', 'validation.bannerOrderInvalid'],
    [{ title: 'x', isActive: 'yes' }, 'isActive', 'validation.booleanInvalid'],
    [{ title: 'x', translations: '{"fr":' }, 'translations', 'validation.translationsInvalid'],
    [{ title: 'x', translations: '"text"' }, 'translations', 'validation.translationsInvalid'],
  ])('names the field of a bad value: %j', (input, field, message) => {
    const result = bannerFieldsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});

describe('bannerUpdateFieldsSchema', () => {
  it('leaves out what is not sent', () => {
    expect(bannerUpdateFieldsSchema.parse({})).toEqual({});
    expect(bannerUpdateFieldsSchema.parse({ expectedUpdatedAt: '2026-01-02T03:04:05.678Z' })).toEqual({
      expectedUpdatedAt: '2026-01-02T03:04:05.678Z',
    });
  });
});

describe('image names and the delete query', () => {
  it.each([
    ['3f1c2b7a-0d4e-4f5a-9b6c-7d8e9f0a1b2c-1920.webp', true],
    ['3f1c2b7a-0d4e-4f5a-9b6c-7d8e9f0a1b2c.webp', true],
    ['../3f1c2b7a-0d4e-4f5a-9b6c-7d8e9f0a1b2c.webp', false],
    ['3f1c2b7a-0d4e-4f5a-9b6c-7d8e9f0a1b2c-1920.png', false],
    ['3f1c2b7a-0d4e-4f5a-9b6c-7d8e9f0a1b2c-1920.webp/..', false],
    ['..\\x.webp', false],
    ['.png', false],
  ])('%s is a library name: %s', (name, expected) => {
    expect(isImageFilename(name)).toBe(expected);
  });

  it('confirms only with a usage token (16 hex characters)', () => {
    expect(imageDeleteQuerySchema.parse({})).toEqual({});
    expect(imageDeleteQuerySchema.parse({ confirm: '0123456789abcdef' })).toEqual({
      confirm: '0123456789abcdef',
    });
    for (const confirm of ['true', '0123456789ABCDEF', '0123456789abcde', '']) {
      const result = imageDeleteQuerySchema.safeParse({ confirm });
      expect(result.success, confirm).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['confirm'],
        message: 'validation.formatInvalid',
      });
    }
  });
});

describe('localizeBanner', () => {
  const banner = {
    title: 'Every vote counts',
    description: 'Come back daily.',
    translations: { ar: { title: 'كل صوت له قيمته', description: ' ' }, fr: { description: 'Revenez.' } },
  };
  it('takes each word from the visitor’s language, English where it is missing or blank', () => {
    expect(localizeBanner(banner, 'ar')).toEqual({
      title: 'كل صوت له قيمته',
      description: 'Come back daily.',
    });
    expect(localizeBanner(banner, 'fr-CA')).toEqual({ title: 'Every vote counts', description: 'Revenez.' });
    expect(localizeBanner(banner, 'en')).toEqual({
      title: 'Every vote counts',
      description: 'Come back daily.',
    });
  });
});
