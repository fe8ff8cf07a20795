import type { AdminBanner } from '@ovation/shared/schemas/admin-media';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { checkBannerForm, formValuesOf, hasTranslationError, serverBannerErrors } from './banner-form';

const picture = new File([new Uint8Array(10)], 'banner.png', { type: 'image/png' });

const saved: AdminBanner = {
  _id: '6f1c2a9b-0000-4000-8000-000000000001',
  title: 'Festival season',
  description: 'Three months of music.',
  translations: { fr: { title: 'La saison des festivals' } },
  order: 3,
  isActive: false,
  fullUrl: '/uploads/banners/x-1600.webp',
  srcSet: '',
  imageFilename: 'x-1600.webp',
  imageSource: 'library',
  size: 1000,
  width: 1600,
  height: 640,
  uploadedBy: { name: 'Ovation Admin' },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
};

describe('the banner form', () => {
  it('starts a new banner with the spec defaults: order 0, active, no picture', () => {
    const values = formValuesOf(null);
    expect(values).toMatchObject({ title: '', order: '0', isActive: true, source: 'upload', file: null });
    expect(values.translations.ar).toEqual({ title: '', description: '' });
  });

  it("starts an edit from the banner's own values", () => {
    const values = formValuesOf(saved);
    expect(values).toMatchObject({
      title: 'Festival season',
      order: '3',
      isActive: false,
      source: 'library',
    });
    expect(values.translations.fr).toEqual({ title: 'La saison des festivals', description: '' });
  });

  it('asks for a picture and a title before anything is sent', () => {
    const checked = checkBannerForm(formValuesOf(null), null);
    expect(checked).toEqual({
      ok: false,
      errors: { banner: 'errors.BANNER_IMAGE_REQUIRED', title: 'validation.titleRequired' },
    });
  });

  it('refuses an order that is not a whole number from 0, and names a long translated title by its path', () => {
    const values = { ...formValuesOf(null), title: 'Hello', file: picture, order: '-1' };
    values.translations = { ...values.translations, fr: { title: 'x'.repeat(121), description: '' } };
    const checked = checkBannerForm(values, null);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.order).toBe('validation.bannerOrderInvalid');
    expect(checked.errors['translations.fr.title']).toBe('validation.bannerTitleTooLong');
    expect(hasTranslationError(checked.errors)).toBe(true);
  });

  it('sends the trimmed fields, the chosen picture and only the translations that were typed', () => {
    const values = { ...formValuesOf(null), title: '  Hello  ', file: picture, order: '2' };
    values.translations = { ...values.translations, fr: { title: ' Bonjour ', description: '  ' } };
    const checked = checkBannerForm(values, null);
    expect(checked).toEqual({
      ok: true,
      save: {
        id: null,
        title: 'Hello',
        description: '',
        order: 2,
        isActive: true,
        translations: { fr: { title: 'Bonjour' } },
        file: picture,
        libraryImage: null,
        expectedUpdatedAt: undefined,
      },
    });
  });

  it('lets an edit keep its picture, and sends the version it started from', () => {
    const checked = checkBannerForm(formValuesOf(saved), saved);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.save).toMatchObject({
      id: saved._id,
      file: null,
      libraryImage: null,
      expectedUpdatedAt: saved.updatedAt,
    });
  });

  it('asks for a new picture when the saved one was deleted from the library', () => {
    const checked = checkBannerForm(formValuesOf({ ...saved, fullUrl: null }), { ...saved, fullUrl: null });
    expect(checked).toMatchObject({ ok: false, errors: { banner: 'errors.BANNER_IMAGE_REQUIRED' } });
  });

  it("puts the server's refusals of the picture under the picture", () => {
    expect(
      serverBannerErrors(new ApiError(413, 'IMAGE_TOO_LARGE', 'File size must be less than 5MB')),
    ).toEqual({
      banner: 'validation.bannerFileTooLarge',
    });
    expect(
      serverBannerErrors(new ApiError(400, 'BANNER_IMAGE_REQUIRED', 'Please select a banner image')),
    ).toEqual({
      banner: 'errors.BANNER_IMAGE_REQUIRED',
    });
    expect(
      serverBannerErrors(
        new ApiError(400, 'VALIDATION_ERROR', 'Title is required', {
          errors: [{ field: 'title', key: 'validation.titleRequired' }],
        }),
      ),
    ).toEqual({ title: 'validation.titleRequired' });
  });
});
