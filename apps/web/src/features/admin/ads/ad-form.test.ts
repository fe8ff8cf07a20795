import type { AdminAd } from '@ovation/shared/schemas/ads';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { checkAdForm, fieldOfPath, formValuesOf, serverAdErrors } from './ad-form';

const picture = new File([new Uint8Array(10)], 'ad.png', { type: 'image/png' });

const saved: AdminAd = {
  _id: '6f1c2a9b-0000-4000-8000-000000000002',
  title: 'Lagos Lager',
  description: 'Cold, since 1946.',
  targetUrl: 'https://sponsor.example/summer',
  imageUrl: '/uploads/ads/x-1200.webp',
  srcSet: '',
  imageFilename: 'x-1200.webp',
  imageSource: 'upload',
  width: 1200,
  height: 300,
  isActive: true,
  state: 'active',
  displaySettings: {
    locations: ['header', 'between-songs'],
    weight: 4,
    startDate: '2026-11-01',
    endDate: '2026-12-31',
    maxDailyImpressions: 500,
    maxTotalImpressions: 0,
  },
  analytics: { totalImpressions: 10, totalClicks: 1, ctr: 10, todayImpressions: 2 },
  createdBy: { name: 'Ovation Admin' },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
};

const filled = { ...formValuesOf(null, '2026-11-20'), title: 'Promo', targetUrl: 'https://a.example' };

describe('the ad form', () => {
  it('starts a new ad with the spec defaults: the banner location, weight 1, today, no end, no caps', () => {
    expect(formValuesOf(null, '2026-11-20')).toEqual({
      title: '',
      description: '',
      targetUrl: '',
      locations: ['banner'],
      weight: '1',
      startDate: '2026-11-20',
      endDate: '',
      maxDailyImpressions: '0',
      maxTotalImpressions: '0',
      source: 'upload',
      file: null,
      libraryImage: null,
    });
  });

  it("starts an edit from the ad's own values", () => {
    expect(formValuesOf(saved, '2026-11-20')).toMatchObject({
      title: 'Lagos Lager',
      locations: ['header', 'between-songs'],
      weight: '4',
      startDate: '2026-11-01',
      endDate: '2026-12-31',
      maxDailyImpressions: '500',
    });
  });

  it("refuses a new ad without a picture with the spec's message, and every bad field with its own", () => {
    const checked = checkAdForm(
      {
        ...filled,
        title: ' ',
        targetUrl: 'javascript:alert(1)',
        locations: [],
        weight: '11',
        startDate: '2026-11-20',
        endDate: '2026-11-19',
        maxDailyImpressions: '-1',
      },
      null,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        image: 'validation.adImageRequired',
        title: 'validation.titleRequired',
        targetUrl: 'validation.adTargetUrlInvalid',
        locations: 'validation.adLocationsRequired',
        weight: 'validation.adWeightInvalid',
        maxDailyImpressions: 'validation.adCapInvalid',
        endDate: 'validation.adEndBeforeStart',
      },
    });
    const dates = checkAdForm({ ...filled, file: picture, endDate: '2026-11-19' }, null);
    expect(dates).toEqual({ ok: false, errors: { endDate: 'validation.adEndBeforeStart' } });
  });

  it('sends the settings the schema gives: numbers, the locations in their order, an emptied cap as 0', () => {
    const checked = checkAdForm(
      {
        ...filled,
        file: picture,
        locations: ['popup', 'header'],
        weight: '7',
        maxDailyImpressions: '',
        maxTotalImpressions: '1000',
      },
      null,
    );
    expect(checked).toEqual({
      ok: true,
      save: {
        id: null,
        title: 'Promo',
        description: '',
        targetUrl: 'https://a.example',
        displaySettings: {
          locations: ['header', 'popup'],
          weight: 7,
          startDate: '2026-11-20',
          endDate: null,
          maxDailyImpressions: 0,
          maxTotalImpressions: 1000,
        },
        file: picture,
        libraryImage: null,
      },
    });
  });

  it('keeps the picture of an edit unless a new one is chosen', () => {
    const checked = checkAdForm(formValuesOf(saved, '2026-11-20'), saved);
    expect(checked.ok && checked.save).toMatchObject({ id: saved._id, file: null });
    // An ad whose library picture was deleted needs a new one.
    const lost = checkAdForm(formValuesOf(saved, '2026-11-20'), { ...saved, imageUrl: null });
    expect(lost).toEqual({ ok: false, errors: { image: 'validation.adImageRequired' } });
  });

  it('sends a library image instead of a file when the library is the source', () => {
    const checked = checkAdForm(
      { ...filled, file: picture, source: 'library', libraryImage: 'abc-1920.webp' },
      null,
    );
    expect(checked.ok && checked.save).toMatchObject({ file: null, libraryImage: 'abc-1920.webp' });
    // The library chosen but no image picked: a new ad still needs a picture.
    expect(checkAdForm({ ...filled, source: 'library' }, null)).toEqual({
      ok: false,
      errors: { image: 'validation.adImageRequired' },
    });
    // An ad whose picture is a library image opens on the library.
    expect(formValuesOf({ ...saved, imageSource: 'library' }, '2026-11-20').source).toBe('library');
  });

  it("puts the server's refusals on their fields, the display settings by their own names", () => {
    const refused = new ApiError(400, 'VALIDATION_ERROR', 'Validation failed', {
      errors: [
        { field: 'displaySettings.weight', key: 'validation.adWeightInvalid', message: '…' },
        { field: 'targetUrl', key: 'validation.adTargetUrlInvalid', message: '…' },
      ],
    });
    expect(serverAdErrors(refused)).toEqual({
      weight: 'validation.adWeightInvalid',
      targetUrl: 'validation.adTargetUrlInvalid',
    });
    const tooLarge = new ApiError(413, 'IMAGE_TOO_LARGE', 'The image must be 5 MB or smaller.', {
      errors: [{ field: 'image', key: 'validation.adFileTooLarge', message: '…' }],
    });
    expect(serverAdErrors(tooLarge)).toEqual({ image: 'validation.adFileTooLarge' });
    const missing = new ApiError(400, 'AD_IMAGE_REQUIRED', 'Please select an image file');
    expect(serverAdErrors(missing)).toEqual({ image: 'validation.adImageRequired' });
  });

  it('names fields by their path', () => {
    expect(fieldOfPath(['displaySettings', 'locations', 0])).toBe('locations');
    expect(fieldOfPath(['displaySettings'])).toBe('displaySettings');
    expect(fieldOfPath(['libraryImage'])).toBe('image');
    expect(fieldOfPath(['somethingElse'])).toBeNull();
  });
});
