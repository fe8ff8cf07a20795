import { type Dispatch, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessageKey } from '../../lib/validate';

export interface DialogFormOptions<Values, Field extends string> {
  open: boolean;
  /** What the form edits (null for a new one): another subject starts the form again too. */
  subject: unknown;
  /** The values each opening starts from: the subject's own, or the defaults for a new one. */
  initial: () => Values;
  /** The error a change of `field` clears, when it is not the field's own (three picture inputs, one error). */
  errorField?: (field: keyof Values) => Field;
  /** Anything else each opening resets (a failure line, a folded section). */
  onOpen?: () => void;
}

/** What useDialogForm gives a form, for the parts of it drawn elsewhere. */
export interface DialogForm<Values extends object, Field extends string> {
  values: Values;
  setValues: Dispatch<SetStateAction<Values>>;
  errors: Partial<Record<Field, FieldMessageKey>>;
  setErrors: Dispatch<SetStateAction<Partial<Record<Field, FieldMessageKey>>>>;
  set: <Key extends keyof Values>(field: Key, value: Values[Key]) => void;
  errorText: (field: Field) => string | null;
  shownChanged: boolean;
  /** The values differ from those the form opened with: unsaved changes (for FormModal's `dirty`). */
  dirty: boolean;
}

/** One field's value unchanged: the same value, or plain data (an array, an object of names) equal as JSON. */
function sameValue(before: unknown, after: unknown): boolean {
  if (Object.is(before, after)) return true;
  const plain = (value: unknown) =>
    Array.isArray(value) ||
    (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype);
  return plain(before) && plain(after) && JSON.stringify(before) === JSON.stringify(after);
}

/** Whether a form's values differ from those it opened with (a picked file always counts as a change). */
export function valuesChanged<Values extends object>(opened: Values, current: Values): boolean {
  const keys = new Set([...Object.keys(opened), ...Object.keys(current)]) as Set<keyof Values>;
  for (const key of keys) if (!sameValue(opened[key], current[key])) return true;
  return false;
}

/**
 * The values and field errors of a form in a dialog that stays mounted while closed (the admin modals):
 * each opening starts again from `initial()`, a change clears its field's error, and `errorText(field)`
 * gives the error in the reader's language (errors are shell-catalog keys, so they follow a switch).
 */
export function useDialogForm<Values extends object, Field extends string>({
  open,
  subject,
  initial,
  errorField,
  onOpen,
}: DialogFormOptions<Values, Field>): DialogForm<Values, Field> {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(initial);
  const [openedWith, setOpenedWith] = useState<Values>(values);
  const [errors, setErrors] = useState<Partial<Record<Field, FieldMessageKey>>>({});
  const [shown, setShown] = useState({ open, subject });
  const shownChanged = shown.open !== open || shown.subject !== subject;
  if (shownChanged) {
    setShown({ open, subject });
    if (open) {
      const start = initial();
      setValues(start);
      setOpenedWith(start);
      setErrors({});
      onOpen?.();
    }
  }

  const set = <Key extends keyof Values>(field: Key, value: Values[Key]) => {
    setValues((current) => ({ ...current, [field]: value }));
    const cleared = errorField ? errorField(field) : (field as unknown as Field);
    setErrors((current) => {
      if (!(cleared in current)) return current;
      const { [cleared]: _cleared, ...rest } = current;
      return rest as Partial<Record<Field, FieldMessageKey>>;
    });
  };

  const errorText = (field: Field): string | null => {
    const key = errors[field];
    return key ? t(key) : null;
  };

  /** `shownChanged`: this render follows an opening, a closing or another subject (its state is still the old one). */
  const dirty = open && !shownChanged && valuesChanged(openedWith, values);
  return { values, setValues, errors, setErrors, set, errorText, shownChanged, dirty };
}
