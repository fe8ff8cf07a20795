import { CATEGORY_TYPES, REGIONS } from '@ovation/shared/constants';
import { MAX_CATEGORY_ICON_LENGTH, MAX_CATEGORY_NAME_LENGTH } from '@ovation/shared/schemas/admin-categories';
import type { Category } from '@ovation/shared/schemas/catalog';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/dialog/form-modal';
import { SelectField } from '../../../components/form/select-field';
import { NumberField, TextField } from '../../../components/form/text-field';
import { useDialogForm } from '../../../components/form/use-dialog-form';
import { regionName } from '../../../lib/region-name';
import { useAction } from '../../../lib/use-action';
import { NameFields } from '../lib/name-fields';
import { TranslationsSection } from '../lib/translations-section';
import { adminCategoriesKeys, PUBLIC_CATEGORY_KEYS, saveCategory } from './api';
import {
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
 * Add / Edit Category: name, description, icon, colour (picker and hex), sort
 * order, type, and the region of a regional category; then, folded away, the name and description in
 * each other language, typed in that language's direction. Checked with the server's own schema first;
 * the server's refusals (a taken name) show under their field as well as in the toast.
 */
export function CategoryFormModal({ open, category, onClose }: CategoryFormModalProps) {
  const { t } = useTranslation('admin-categories');
  const { t: tShell } = useTranslation();
  const baseId = useId();
  const [translationsOpen, setTranslationsOpen] = useState(false);
  const form = useDialogForm<CategoryFormValues, string>({
    open,
    subject: category,
    initial: () => formValuesOf(category),
    onOpen: () => setTranslationsOpen(false),
  });
  const { values, set, errorText } = form;

  const save = useAction({
    action: saveCategory,
    success: category ? t('toast.updated') : t('toast.created'),
    failure: t('toast.saveFailed'),
    invalidate: [adminCategoriesKeys.all, ...PUBLIC_CATEGORY_KEYS],
    onSuccess: onClose,
    onError: (error) => {
      const found = serverCategoryErrors(error);
      form.setErrors(found);
      if (hasTranslationError(found)) setTranslationsOpen(true);
    },
  });

  const submit = () => {
    const checked = checkCategoryForm(values);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      if (hasTranslationError(checked.errors)) setTranslationsOpen(true);
      return;
    }
    form.setErrors({});
    save.mutate({ id: category?._id ?? null, input: checked.input });
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
      dirty={form.dirty}
    >
      <NameFields
        form={form}
        short="name"
        maxLength={MAX_CATEGORY_NAME_LENGTH}
        id={id}
        labels={{ short: t('form.name'), description: t('form.description') }}
      />

      <div className="grid gap-5 sm:grid-cols-3">
        <TextField
          id={id('icon')}
          label={t('form.icon')}
          hint={t('form.iconHint')}
          error={errorText('icon')}
          autoComplete="off"
          maxLength={MAX_CATEGORY_ICON_LENGTH}
          value={values.icon}
          onChange={(value) => set('icon', value)}
          inputClassName="text-center text-2xl"
        />

        <TextField
          id={id('color')}
          label={t('form.color')}
          hint={
            // The example is isolated left to right: in Arabic '#3B82F6' would otherwise read '3B82F6#'.
            <Trans
              t={t}
              i18nKey="form.colorHint"
              values={{ example: '#3B82F6' }}
              components={{ hex: <bdi dir="ltr" className="font-mono" /> }}
            />
          }
          error={errorText('color')}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          value={values.color}
          onChange={(value) => set('color', value)}
          inputClassName="font-mono uppercase"
          before={
            <input
              type="color"
              aria-label={t('form.colorPicker')}
              value={HEX_COLOR.test(values.color) ? values.color.toLowerCase() : '#3b82f6'}
              onChange={(event) => set('color', event.target.value.toUpperCase())}
              className="h-12 w-14 shrink-0 cursor-pointer rounded-xl border border-white/15 bg-ink-900/80 p-1"
            />
          }
        />

        <NumberField
          id={id('sortOrder')}
          label={t('form.sortOrder')}
          hint={t('form.sortOrderHint')}
          error={errorText('sortOrder')}
          value={values.sortOrder}
          min={0}
          onChange={(value) => set('sortOrder', value)}
        />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id={id('type')}
          label={t('form.type')}
          error={errorText('type')}
          value={values.type}
          onChange={(type) => set('type', type)}
          options={CATEGORY_TYPES.map((type) => ({ value: type, label: t(`card.${type}`) }))}
        />

        {values.type === 'regional' && (
          <SelectField
            id={id('region')}
            label={t('form.region')}
            required
            error={errorText('region')}
            value={values.region}
            onChange={(region) => set('region', region)}
            placeholder={t('form.chooseRegion')}
            options={REGIONS.map((region) => ({
              value: region,
              label: regionName(region, (key) => tShell(key)),
            }))}
          />
        )}
      </div>

      <TranslationsSection
        short="name"
        shortMaxLength={MAX_CATEGORY_NAME_LENGTH}
        form={form}
        open={translationsOpen}
        onToggle={() => setTranslationsOpen((value) => !value)}
        id={id}
        t={t}
      />
    </FormModal>
  );
}
