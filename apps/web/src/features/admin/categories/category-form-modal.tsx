import { CATEGORY_TYPES, MAX_TEXT_LENGTH, REGIONS } from '@ovation/shared/constants';
import { MAX_CATEGORY_ICON_LENGTH, MAX_CATEGORY_NAME_LENGTH } from '@ovation/shared/schemas/admin-categories';
import type { Category } from '@ovation/shared/schemas/catalog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/dialog/form-modal';
import { inputClass, SELECT_CLASS, SELECT_STYLE } from '../../../components/form/control-styles';
import { FormField } from '../../../components/form/form-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { regionName } from '../../../lib/region-name';
import { useAction } from '../../../lib/use-action';
import { TranslationsSection, withTranslation } from '../lib/translations-section';
import { adminCategoriesKeys, PUBLIC_CATEGORY_KEYS, saveCategory } from './api';
import {
  type CategoryFieldErrors,
  type CategoryFormValues,
  checkCategoryForm,
  formValuesOf,
  hasTranslationError,
  serverCategoryErrors,
} from './category-form';

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

interface CategoryFormModalProps {
  open: boolean;
  /** The category being edited; null to add one. */
  category: Category | null;
  onClose: () => void;
}

/**
 * Add / Edit Category (spec 2 sections 3 and 5): name, description, icon, colour (picker and hex), sort
 * order, type, and the region of a regional category; then, folded away, the name and description in
 * each other language, typed in that language's direction. Checked with the server's own schema first;
 * the server's refusals (a taken name) show under their field as well as in the toast.
 */
export function CategoryFormModal({ open, category, onClose }: CategoryFormModalProps) {
  const { t } = useTranslation('admin-categories');
  const { t: tShell } = useTranslation();
  const baseId = useId();
  const [values, setValues] = useState<CategoryFormValues>(() => formValuesOf(category));
  const [errors, setErrors] = useState<CategoryFieldErrors>({});
  const [translationsOpen, setTranslationsOpen] = useState(false);
  // Each opening starts again from the category's current values (or the defaults for a new one).
  const [shown, setShown] = useState<{ open: boolean; category: Category | null }>({ open, category });
  if (shown.open !== open || shown.category !== category) {
    setShown({ open, category });
    if (open) {
      setValues(formValuesOf(category));
      setErrors({});
      setTranslationsOpen(false);
    }
  }

  const save = useAction({
    action: saveCategory,
    success: category ? t('toast.updated') : t('toast.created'),
    failure: t('toast.saveFailed'),
    invalidate: [adminCategoriesKeys.all, ...PUBLIC_CATEGORY_KEYS],
    onSuccess: onClose,
    onError: (error) => {
      const found = serverCategoryErrors(error);
      setErrors(found);
      if (hasTranslationError(found)) setTranslationsOpen(true);
    },
  });

  const submit = () => {
    const checked = checkCategoryForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (hasTranslationError(checked.errors)) setTranslationsOpen(true);
      return;
    }
    setErrors({});
    save.mutate({ id: category?._id ?? null, input: checked.input });
  };

  const set = <Field extends keyof CategoryFormValues>(field: Field, value: CategoryFormValues[Field]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const errorOf = (field: string) => {
    const key = errors[field];
    return key ? tShell(key) : null;
  };
  const id = (field: string) => `${baseId}-${field.replaceAll('.', '-')}`;

  return (
    <FormModal
      open={open}
      title={category ? t('form.editTitle') : t('form.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={category ? t('form.save') : t('form.create')}
      busyLabel={t('form.saving')}
      busy={save.isPending}
      size="lg"
    >
      <FormField
        id={id('name')}
        label={t('form.name')}
        required
        error={errorOf('name')}
        counter={{ length: values.name.length, max: MAX_CATEGORY_NAME_LENGTH }}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            required
            dir="auto"
            autoComplete="off"
            maxLength={MAX_CATEGORY_NAME_LENGTH}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            className={inputClass(Boolean(errors.name))}
          />
        )}
      </FormField>

      <TextAreaField
        id={id('description')}
        label={t('form.description')}
        optional
        error={errorOf('description')}
        dir="auto"
        maxLength={MAX_TEXT_LENGTH}
        value={values.description}
        onChange={(value) => set('description', value)}
      />

      <div className="grid gap-5 sm:grid-cols-3">
        <FormField id={id('icon')} label={t('form.icon')} hint={t('form.iconHint')} error={errorOf('icon')}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              maxLength={MAX_CATEGORY_ICON_LENGTH}
              value={values.icon}
              onChange={(event) => set('icon', event.target.value)}
              className={inputClass(Boolean(errors.icon), 'text-center text-2xl')}
            />
          )}
        </FormField>

        <FormField
          id={id('color')}
          label={t('form.color')}
          hint={t('form.colorHint')}
          error={errorOf('color')}
        >
          {(control) => (
            <div className="flex gap-2">
              <input
                type="color"
                aria-label={t('form.colorPicker')}
                value={HEX_COLOR.test(values.color) ? values.color.toLowerCase() : '#3b82f6'}
                onChange={(event) => set('color', event.target.value.toUpperCase())}
                className="h-12 w-14 shrink-0 cursor-pointer rounded-xl border border-white/15 bg-ink-900/80 p-1"
              />
              <input
                {...control}
                type="text"
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                maxLength={7}
                value={values.color}
                onChange={(event) => set('color', event.target.value)}
                className={inputClass(Boolean(errors.color), 'font-mono uppercase')}
              />
            </div>
          )}
        </FormField>

        <FormField
          id={id('sortOrder')}
          label={t('form.sortOrder')}
          hint={t('form.sortOrderHint')}
          error={errorOf('sortOrder')}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              step={1}
              value={values.sortOrder}
              onChange={(event) => set('sortOrder', event.target.value)}
              className={inputClass(Boolean(errors.sortOrder), 'tabular-nums')}
            />
          )}
        </FormField>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={id('type')} label={t('form.type')} error={errorOf('type')}>
          {(control) => (
            <select
              {...control}
              value={values.type}
              onChange={(event) => set('type', event.target.value as CategoryFormValues['type'])}
              className={inputClass(Boolean(errors.type), SELECT_CLASS)}
              style={SELECT_STYLE}
            >
              {CATEGORY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`card.${type}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>

        {values.type === 'regional' && (
          <FormField id={id('region')} label={t('form.region')} required error={errorOf('region')}>
            {(control) => (
              <select
                {...control}
                required
                value={values.region}
                onChange={(event) => set('region', event.target.value)}
                className={inputClass(Boolean(errors.region), SELECT_CLASS)}
                style={SELECT_STYLE}
              >
                <option value="">{t('form.chooseRegion')}</option>
                {REGIONS.map((region) => (
                  <option key={region} value={region}>
                    {regionName(region, (key) => tShell(key))}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
      </div>

      <TranslationsSection
        short="name"
        shortMaxLength={MAX_CATEGORY_NAME_LENGTH}
        placeholder={values.name}
        translations={values.translations}
        onChange={(language, field, value) =>
          setValues((current) => withTranslation(current, language, field, value))
        }
        open={translationsOpen}
        onToggle={() => setTranslationsOpen((value) => !value)}
        id={id}
        errorOf={errorOf}
        texts={{
          heading: t('form.translations'),
          hint: t('form.translationsHint'),
          count: (count, total) => t('form.translatedCount', { count, total }),
          shortLabel: t('form.translatedName'),
          descriptionLabel: t('form.translatedDescription'),
        }}
      />
    </FormModal>
  );
}
