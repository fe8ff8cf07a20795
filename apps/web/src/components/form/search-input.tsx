import type { InputHTMLAttributes } from 'react';
import { SearchIcon } from '../ui/icons';
import { inputClass } from './control-styles';

export interface SearchInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'className'> {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Classes for the wrapper (a width, a grid span). */
  className?: string;
}

/**
 * A search box: type=search (a clear button and the Search key on phones), a magnifier at the reading
 * start. Label it with a <label htmlFor={id}> or `aria-label`.
 */
export function SearchInput({
  id,
  value,
  onChange,
  className = '',
  maxLength = 100,
  ...rest
}: SearchInputProps) {
  return (
    <div className={`relative ${className}`}>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute start-3.5 top-1/2 size-5 -translate-y-1/2 text-ink-400"
      />
      <input
        {...rest}
        id={id}
        type="search"
        value={value}
        maxLength={maxLength}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => onChange(event.target.value)}
        className={inputClass(false, 'ps-11')}
      />
    </div>
  );
}
