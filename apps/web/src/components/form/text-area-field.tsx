import { inputClass } from './control-styles';
import { FormField, type FormFieldProps } from './form-field';

export interface TextAreaFieldProps extends Omit<FormFieldProps, 'children' | 'counter'> {
  value: string;
  onChange: (value: string) => void;
  /** The most characters the textarea takes. */
  maxLength: number;
  /** Shows the 'N/max' counter in the label row (default true). */
  counter?: boolean;
  /** Draws the control invalid (default: while there is an error). */
  invalid?: boolean;
  rows?: number;
  /** 'auto' reads each paragraph in its own direction. */
  dir?: 'auto' | 'ltr' | 'rtl';
  lang?: string;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * A FormField around a resizable textarea of at most `maxLength` characters, with its counter: a
 * description, a reason, a translation.
 */
export function TextAreaField({
  value,
  onChange,
  maxLength,
  counter = true,
  invalid,
  rows = 3,
  dir,
  lang,
  placeholder,
  disabled,
  ...field
}: TextAreaFieldProps) {
  return (
    <FormField {...field} counter={counter ? { length: value.length, max: maxLength } : undefined}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          dir={dir}
          lang={lang}
          maxLength={maxLength}
          placeholder={placeholder}
          disabled={disabled}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass(invalid ?? Boolean(field.error), 'resize-y')}
        />
      )}
    </FormField>
  );
}
