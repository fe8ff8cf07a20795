import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  buildSongFormData,
  describeUploadFailure,
  EMPTY_UPLOAD_VALUES,
  isSameTitle,
  splitTags,
  validateUploadFields,
} from './upload-fields';

const CATEGORY_ID = '4f7c43f7-22b4-437d-911e-9c4afd419d7d';
const VALID = {
  ...EMPTY_UPLOAD_VALUES,
  title: '  Lagos Sunrise ',
  category: CATEGORY_ID,
  songLink: 'https://youtu.be/abc',
};

describe('validateUploadFields', () => {
  it('reports each missing required field with its shared validation key', () => {
    const result = validateUploadFields(EMPTY_UPLOAD_VALUES);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.title).toEqual({ ns: 'translation', key: 'validation.titleRequired' });
    expect(result.errors.category).toEqual({ ns: 'translation', key: 'validation.categoryRequired' });
    expect(result.errors.songLink).toEqual({ ns: 'translation', key: 'validation.songLinkRequired' });
    expect(result.errors.artist).toBeUndefined();
  });

  it('checks the optional fields only when filled in', () => {
    const result = validateUploadFields({ ...VALID, duration: '3.45', songLink: 'ftp://x.org/a' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.duration).toEqual({ ns: 'translation', key: 'validation.durationInvalid' });
    expect(result.errors.songLink).toEqual({ ns: 'translation', key: 'validation.songLinkInvalid' });
  });

  it('accepts a complete form and trims it', () => {
    const result = validateUploadFields({ ...VALID, tags: ' afro, , love ', duration: '3:45' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fields.title).toBe('Lagos Sunrise');
    expect(result.fields.tags).toEqual(['afro', 'love']);
    expect(result.fields.artist).toBeUndefined();
  });
});

describe('buildSongFormData', () => {
  it('sends the image and only the fields that hold something', () => {
    const result = validateUploadFields({
      ...VALID,
      description: 'Sunrise over the lagoon',
      tags: 'afro,love',
    });
    if (!result.ok) throw new Error('expected valid fields');
    const form = buildSongFormData(result.fields, new Blob(['png'], { type: 'image/png' }), 'cover.png');
    expect([...form.keys()].sort()).toEqual([
      'category',
      'description',
      'image',
      'songLink',
      'tags',
      'title',
    ]);
    expect(form.get('tags')).toBe('afro, love');
    expect((form.get('image') as File).name).toBe('cover.png');
    expect(form.has('artist')).toBe(false);
  });
});

describe('describeUploadFailure', () => {
  const known = (code: string) => ['IMAGE_INVALID', 'VALIDATION_ERROR', 'FORBIDDEN'].includes(code);

  it('puts server field errors on their fields, with the key when the server gives one', () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'Title is required', {
      errors: [
        { field: 'title', message: 'Title is required', key: 'validation.titleRequired' },
        { field: 'releaseDate', message: 'Bad date' },
      ],
    });
    expect(describeUploadFailure(error, known)).toEqual({
      fields: {
        title: { ns: 'translation', key: 'validation.titleRequired' },
        releaseDate: { text: 'Bad date' },
      },
      form: null,
    });
  });

  it('shows image codes on the cover field', () => {
    const error = new ApiError(400, 'IMAGE_INVALID', 'The file must be a JPEG, PNG, GIF or WebP image.');
    expect(describeUploadFailure(error, known)).toEqual({
      fields: { image: { ns: 'translation', key: 'errors.IMAGE_INVALID' } },
      form: null,
    });
  });

  it('translates a known code, else shows the server text, else the generic failure', () => {
    expect(describeUploadFailure(new ApiError(403, 'FORBIDDEN', 'x'), known).form).toEqual({
      ns: 'translation',
      key: 'errors.FORBIDDEN',
    });
    expect(describeUploadFailure(new ApiError(409, 'SOMETHING_NEW', 'Déjà envoyée'), known).form).toEqual({
      text: 'Déjà envoyée',
    });
    // A proxy's status text is not the server's message (and is English): the generic failure instead.
    expect(describeUploadFailure(new ApiError(502, 'HTTP_ERROR', 'Bad Gateway'), known).form).toEqual({
      ns: 'upload',
      key: 'form.failed',
    });
    expect(describeUploadFailure(new ApiError(500, 'HTTP_ERROR', ''), known).form).toEqual({
      ns: 'upload',
      key: 'form.failed',
    });
    expect(describeUploadFailure(new TypeError('boom'), known).form).toEqual({
      ns: 'upload',
      key: 'form.failed',
    });
  });

  it('says the server could not be reached when the network failed', () => {
    expect(describeUploadFailure(new ApiError(0, 'NETWORK_ERROR', 'x'), known).form).toEqual({
      ns: 'upload',
      key: 'form.offline',
    });
  });
});

describe('isSameTitle and splitTags', () => {
  it('matches titles regardless of case, spacing and Unicode composition', () => {
    expect(isSameTitle('Ìfẹ́ Mi', '  ìfẹ́   mi ')).toBe(true);
    expect(isSameTitle('Ife\u0301', 'If\u00e9')).toBe(true);
    expect(isSameTitle('Lagos', 'Lagos Sunrise')).toBe(false);
    expect(isSameTitle('', '')).toBe(false);
  });

  it('splits tags as the server stores them', () => {
    expect(splitTags(' afro , ,love,')).toEqual(['afro', 'love']);
  });
});
