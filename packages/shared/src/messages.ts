import english from './locales/en.json';

/**
 * Every error the API can answer, by stable code, with its English text: the `errors` of the shared English
 * catalog itself (locales/en.json), so codes and texts cannot drift. The other languages sit beside it in
 * locales/<lang>.json; the server answers in the user's language and the web app merges the same files
 * into its shell catalog (`t('errors.<CODE>')`). A new code is a new `errors.<CODE>` in the five files.
 */
export const ERROR_MESSAGES = english.errors;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

/**
 * Field validation messages by key, with their English text (the shared English catalog's `validation`).
 * Shared schemas carry `validation.<key>` as their message, so forms translate it and the server answers it
 * in the user's language; generic keys (`numberAtMost`, `{{maximum}}`) come from the zod error map in
 * validation-issues.ts.
 */
export const VALIDATION_MESSAGES = english.validation;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** The message a shared schema carries: `validation.<key>`. */
export function validationMessage(key: ValidationMessageKey) {
  return `validation.${key}` as const;
}

/** The English text of a schema message; messages that are not ours pass through. */
export function describeValidationMessage(message: string): string {
  const key = message.startsWith('validation.') ? message.slice('validation.'.length) : '';
  return (VALIDATION_MESSAGES as Record<string, string>)[key] ?? message;
}
