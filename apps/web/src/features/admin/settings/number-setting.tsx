import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { inputClass } from '../../../components/form/control-styles';
import { FormField } from '../../../components/form/form-field';
import { useUnsavedChanges } from '../../../components/form/use-unsaved-changes';
import type { FieldMessageKey } from '../../../lib/validate';

export interface NumberSettingProps {
  id: string;
  label: string;
  hint: string;
  /** The saved value (or the one being saved). */
  value: number;
  min: number;
  max: number;
  /** The shared schema of the field (platformSettingsSchema): a value it refuses is never sent. */
  schema: z.ZodType<number>;
  /** The message shown when the schema refuses the value ('validation.maxVotesPerUserInvalid'). */
  invalidKey: FieldMessageKey;
  /** True while any change saves: the box stays focusable (readOnly), so the keyboard user keeps their place. */
  busy: boolean;
  /** A valid new value, when the field is left or Enter pressed. */
  onCommit: (value: number) => void;
}

/**
 * A number of the platform settings that saves itself: typed freely, checked against the shared schema
 * when the field is left or Enter is pressed, then handed to `onCommit` (only when it changed). Escape
 * puts the saved value back. A refused value shows its message under the field and is not sent.
 */
export function NumberSetting({
  id,
  label,
  hint,
  value,
  min,
  max,
  schema,
  invalidKey,
  busy,
  onCommit,
}: NumberSettingProps) {
  const { t } = useTranslation();
  /** What the admin is typing; null shows the saved value. */
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<FieldMessageKey | null>(null);
  // A typed value not saved yet (a refused one stays in the box): leaving the page asks first.
  useUnsavedChanges(draft !== null && draft.trim() !== String(value));

  const commit = () => {
    if (draft === null) return;
    const typed = draft.trim();
    const checked = schema.safeParse(typed === '' ? Number.NaN : Number(typed));
    if (!checked.success) {
      setError(invalidKey);
      return;
    }
    setDraft(null);
    setError(null);
    if (checked.data !== value) onCommit(checked.data);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && draft !== null) {
      event.preventDefault();
      setDraft(null);
      setError(null);
    }
  };

  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      keepHintOnError
      error={error ? t(error) : null}
      className="rounded-2xl border border-white/10 bg-white/[0.03] p-4"
    >
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          required
          readOnly={busy}
          value={draft ?? String(value)}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(null);
          }}
          onBlur={commit}
          onKeyDown={onKeyDown}
          className={inputClass(Boolean(error), 'max-w-40 tabular-nums')}
        />
      )}
    </FormField>
  );
}
