import { inputClass, SELECT_CLASS, SELECT_STYLE } from './control-styles';
import { FormField, type FormFieldProps } from './form-field';

export interface SelectOption<Value extends string = string> {
  value: Value;
  label: string;
}

export interface SelectFieldProps<Value extends string> extends Omit<FormFieldProps, 'children' | 'counter'> {
  value: Value | '';
  onChange: (value: Value) => void;
  options: readonly SelectOption<Value>[];
  /** A first, empty choice ('Choose a region'): the field starts unanswered. */
  placeholder?: string;
  /** Draws the control invalid (default: while there is an error). */
  invalid?: boolean;
  disabled?: boolean;
}

/** A FormField around a native select, its chevron on the reading end (so Arabic gets it on the left). */
export function SelectField<Value extends string>({
  value,
  onChange,
  options,
  placeholder,
  invalid,
  disabled,
  ...field
}: SelectFieldProps<Value>) {
  return (
    <FormField {...field}>
      {(control) => (
        <select
          {...control}
          required={field.required}
          disabled={disabled}
          value={value}
          onChange={(event) => onChange(event.target.value as Value)}
          className={inputClass(invalid ?? Boolean(field.error), SELECT_CLASS)}
          style={SELECT_STYLE}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
