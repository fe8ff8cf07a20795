import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { checkCategoryForm, formValuesOf, hasTranslationError, serverCategoryErrors } from './category-form';

describe('checkCategoryForm', () => {
  it('starts a new category from the spec defaults and sends them', () => {
    const values = { ...formValuesOf(null), name: 'Best Highlife Song' };
    expect(values).toMatchObject({ icon: '🎵', color: '#3B82F6', sortOrder: '0', type: 'continental' });
    const checked = checkCategoryForm(values);
    expect(checked).toEqual({
      ok: true,
      input: {
        name: 'Best Highlife Song',
        description: '',
        icon: '🎵',
        color: '#3B82F6',
        sortOrder: 0,
        type: 'continental',
        region: null,
        translations: {},
      },
    });
  });

  it('names each problem by its field, translations by their full path', () => {
    const values = formValuesOf(null);
    values.sortOrder = '2.5';
    values.color = 'red';
    values.type = 'regional';
    values.translations.ar.name = 'x'.repeat(101);
    const checked = checkCategoryForm(values);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      name: 'validation.categoryNameRequired',
      color: 'validation.colorInvalid',
      sortOrder: 'validation.sortOrderInvalid',
      'translations.ar.name': 'validation.categoryNameTooLong',
    });
    expect(hasTranslationError(checked.errors)).toBe(true);
  });

  it('asks a regional category for its region', () => {
    const values = { ...formValuesOf(null), name: 'West', type: 'regional' as const };
    const checked = checkCategoryForm(values);
    expect(checked.ok ? null : checked.errors).toEqual({ region: 'validation.regionInvalid' });
  });

  it('refuses a sort order that is not a number', () => {
    const checked = checkCategoryForm({ ...formValuesOf(null), name: 'A', sortOrder: 'first' });
    expect(checked.ok ? null : checked.errors.sortOrder).toBe('validation.sortOrderInvalid');
  });

  it('refuses a negative sort order, as the banners do, and takes 0', () => {
    const negative = checkCategoryForm({ ...formValuesOf(null), name: 'A', sortOrder: '-1' });
    expect(negative.ok ? null : negative.errors.sortOrder).toBe('validation.sortOrderInvalid');
    expect(checkCategoryForm({ ...formValuesOf(null), name: 'A', sortOrder: '0' }).ok).toBe(true);
  });
});

describe('serverCategoryErrors', () => {
  it('puts a taken name under Name', () => {
    const error = new ApiError(409, 'CATEGORY_NAME_TAKEN', 'A category with this name already exists.');
    expect(serverCategoryErrors(error)).toEqual({ name: 'errors.CATEGORY_NAME_TAKEN' });
  });
});
