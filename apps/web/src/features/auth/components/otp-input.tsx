import { OTP_LENGTH } from '@ovation/shared/constants';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface OtpInputProps {
  /** The digits typed so far, at most OTP_LENGTH. */
  value: string;
  onChange: (value: string) => void;
  /** Id of the element naming the group (the step's heading or a label). */
  labelledBy: string;
  /** Id of the error message, when one shows. */
  errorId?: string;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Called when the last digit is typed or a whole code is pasted. */
  onComplete?: (code: string) => void;
}

const INDEXES = Array.from({ length: OTP_LENGTH }, (_, index) => index);

/**
 * Six single-digit boxes (the public spec). Typing moves to the next box, Backspace on an empty box goes
 * back, the arrow keys move between boxes, and pasting (or the phone's one-time-code autofill) of a whole
 * code fills all six. Codes read left to right in every language, so the group is always laid out LTR.
 */
export function OtpInput({
  value,
  onChange,
  labelledBy,
  errorId,
  invalid = false,
  disabled = false,
  autoFocus = false,
  onComplete,
}: OtpInputProps) {
  const { t } = useTranslation('auth');
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = INDEXES.map((index) => value[index] ?? '');

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `typed` digits from box `start` on, and moves focus after the last one written. */
  const fill = (start: number, typed: string) => {
    const incoming = typed.replace(/\D/g, '');
    if (!incoming) return;
    // A whole code replaces everything, wherever it was pasted.
    const from = incoming.length >= OTP_LENGTH ? 0 : start;
    const next = [...digits];
    for (let offset = 0; offset < incoming.length && from + offset < OTP_LENGTH; offset++) {
      next[from + offset] = incoming[offset] ?? '';
    }
    // Joining drops empty boxes, so the digits stay contiguous: no gap can hide inside a code.
    const code = next.join('').slice(0, OTP_LENGTH);
    onChange(code);
    const lastWritten = Math.min(from + incoming.length, OTP_LENGTH - 1);
    focusBox(lastWritten);
    if (code.length === OTP_LENGTH) onComplete?.(code);
  };

  const removeAt = (index: number) => {
    const next = [...digits];
    next.splice(index, 1);
    onChange(next.join(''));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace':
        event.preventDefault();
        if (digits[index]) removeAt(index);
        else if (index > 0) {
          removeAt(index - 1);
          focusBox(index - 1);
        }
        break;
      case 'Delete':
        event.preventDefault();
        if (digits[index]) removeAt(index);
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        focusBox(OTP_LENGTH - 1);
        break;
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  return (
    <fieldset
      aria-labelledby={labelledBy}
      aria-describedby={errorId}
      dir="ltr"
      className="flex w-full min-w-0 justify-center gap-2 sm:gap-3"
    >
      {INDEXES.map((index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // The code is one secret: browsers should not offer to remember each digit.
          data-1p-ignore
          maxLength={index === 0 ? OTP_LENGTH : 1}
          // biome-ignore lint/a11y/noAutofocus: the step exists to type this code; focus belongs here.
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          value={digits[index]}
          aria-label={t('otp.digitLabel', { number: index + 1, total: OTP_LENGTH })}
          aria-invalid={invalid || undefined}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => fill(index, event.currentTarget.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          className={`h-12 w-0 min-w-0 max-w-12 flex-1 rounded-xl border bg-ink-900/80 text-center font-display text-2xl font-bold text-ink-50 tabular-nums caret-gold-400 transition-colors focus:border-gold-400 focus:outline-none focus-visible:outline-none focus:ring-4 focus:ring-gold-400/25 disabled:opacity-60 sm:h-14 sm:max-w-14 ${
            invalid ? 'border-coral-400/80' : digits[index] ? 'border-gold-400/60' : 'border-white/15'
          }`}
        />
      ))}
    </fieldset>
  );
}
