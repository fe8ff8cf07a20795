import type { HTMLAttributes, ReactNode } from 'react';
import { inputClass } from './control-styles';
import { FormField, type FormFieldProps } from './form-field';

/** What every one-line field takes beside FormField's own props. */
interface InputFieldProps extends Omit<FormFieldProps, 'children' | 'counter'> {
  value: string;
  onChange: (value: string) => void;
  /** Draws the control invalid (default: while there is an error). */
  invalid?: boolean;
  disabled?: boolean;
  /** More classes for the control itself (alignment, type size, figures). */
  inputClassName?: string;
}

export interface TextFieldProps extends InputFieldProps {
  type?: 'text' | 'url' | 'email' | 'tel' | 'date' | 'datetime-local';
  /** The most characters it takes. */
  maxLength?: number;
  /** Shows the 'N/max' counter in the label row (needs `maxLength`). */
  counter?: boolean;
  /** 'auto' for free text in any script; 'ltr' for an address or a code, which reads left to right everywhere. */
  dir?: 'auto' | 'ltr' | 'rtl';
  /** The language the text is typed in, when it is not the page's (a translation). */
  lang?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  placeholder?: string;
  spellCheck?: boolean;
  /** Bounds of a date field ('YYYY-MM-DD'). */
  min?: string;
  max?: string;
  /** A control drawn before the input on the same row (a colour picker beside its hex code). */
  before?: ReactNode;
}

/**
 * A FormField around a one-line input: label, hint, error and counter wired to it, `required` on both the
 * label's star and the input. Text, addresses and dates.
 */
export function TextField({
  value,
  onChange,
  invalid,
  disabled,
  inputClassName = '',
  type = 'text',
  maxLength,
  counter = false,
  dir,
  lang,
  inputMode,
  autoComplete,
  placeholder,
  spellCheck,
  min,
  max,
  before,
  ...field
}: TextFieldProps) {
  return (
    <FormField
      {...field}
      counter={counter && maxLength !== undefined ? { length: value.length, max: maxLength } : undefined}
    >
      {(control) => {
        const input = (
          <input
            {...control}
            type={type}
            required={field.required}
            disabled={disabled}
            dir={dir}
            lang={lang}
            inputMode={inputMode}
            autoComplete={autoComplete}
            placeholder={placeholder}
            spellCheck={spellCheck}
            maxLength={maxLength}
            min={min}
            max={max}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            className={inputClass(invalid ?? Boolean(field.error), inputClassName)}
          />
        );
        return before ? (
          <div className="flex gap-2">
            {before}
            {input}
          </div>
        ) : (
          input
        );
      }}
    </FormField>
  );
}

export interface NumberFieldProps extends InputFieldProps {
  min?: number;
  max?: number;
  /** 1 by default: whole numbers. */
  step?: number;
}

/** A FormField around a number input: whole numbers by default, the numeric keypad on a phone, aligned figures. */
export function NumberField({
  value,
  onChange,
  invalid,
  disabled,
  inputClassName = '',
  min,
  max,
  step = 1,
  ...field
}: NumberFieldProps) {
  return (
    <FormField {...field}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          required={field.required}
          disabled={disabled}
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass(invalid ?? Boolean(field.error), `tabular-nums ${inputClassName}`)}
        />
      )}
    </FormField>
  );
}
