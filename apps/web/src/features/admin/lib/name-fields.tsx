import { MAX_TEXT_LENGTH } from '@ovation/shared/constants';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import type { DialogForm } from '../../../components/form/use-dialog-form';

/**
 * The words every catalogue item of the admin forms starts with: its English name or title (required,
 * with its counter) and an optional description, both typed in their own direction.
 */
export function NameFields<
  Short extends string,
  Values extends Record<Short | 'description', string>,
  Field extends string,
>({
  form,
  short,
  maxLength,
  id,
  labels,
}: {
  form: DialogForm<Values, Field>;
  /** Which field the name is: `name` (a category) or `title` (a banner, an ad). */
  short: Short;
  maxLength: number;
  id: (field: string) => string;
  labels: { short: string; description: string };
}) {
  const { values, set, errorText } = form;
  return (
    <>
      <TextField
        id={id(short)}
        label={labels.short}
        required
        error={errorText(short as string as Field)}
        dir="auto"
        autoComplete="off"
        maxLength={maxLength}
        counter
        value={values[short]}
        onChange={(value) => set(short, value as Values[Short])}
      />
      <TextAreaField
        id={id('description')}
        label={labels.description}
        optional
        error={errorText('description' as Field)}
        dir="auto"
        maxLength={MAX_TEXT_LENGTH}
        value={values.description}
        onChange={(value) => set('description', value as Values['description'])}
      />
    </>
  );
}
