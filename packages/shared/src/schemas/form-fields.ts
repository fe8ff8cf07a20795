import { z } from 'zod';
import { validationMessage as message, type ValidationMessageKey } from '../messages';

/**
 * Multipart text fields the admin picture forms (banners, ads) share: what one form field holds as text,
 * read the same way for each.
 */

/**
 * A multipart text field holding JSON (a banner's `translations`, an ad's `displaySettings`), checked by
 * `schema`: blank is `{}`; text that is not JSON is an error on that field, with the field's own message.
 */
export function jsonTextField<Schema extends z.ZodType>(schema: Schema, invalid: ValidationMessageKey) {
  return z.preprocess((value, context) => {
    if (typeof value !== 'string') return value;
    if (!value.trim()) return {};
    try {
      return JSON.parse(value);
    } catch {
      context.issues.push({ code: 'custom', message: message(invalid), input: value });
      return z.NEVER;
    }
  }, schema);
}

/** `libraryImage`: a library filename instead of a new file; blank means none. Its form is checked by the server (INVALID_FILENAME). */
export const libraryImageField = z
  .string()
  .trim()
  .max(300)
  .optional()
  .transform((value) => (value ? value : undefined));
