import { type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from '../ui/icons';
import { inputClass } from './control-styles';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  invalid: boolean;
}

/** A password box with a show/hide toggle at its inline end. */
export function PasswordInput({ invalid, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        dir="ltr"
        aria-invalid={invalid || undefined}
        className={inputClass(invalid, 'pe-12 rtl:text-end')}
      />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-pressed={visible}
        aria-controls={props.id}
        className="absolute inset-y-0 end-0.5 my-auto grid size-11 place-items-center rounded-lg text-ink-400 transition-colors hover:text-ink-100 focus-visible:outline-offset-0"
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
        <span className="sr-only">{visible ? t('common.hidePassword') : t('common.showPassword')}</span>
      </button>
    </div>
  );
}
