import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';

/**
 * A share picture's address: `lang` picks the language of its texts (English when absent), `v` is the
 * version the page named (a hash of what the picture is drawn from), there only so a change gets a new
 * address that previews and caches fetch anew.
 */
export const shareImageQuerySchema = z.object({
  lang: z.enum(LANGUAGE_CODES).optional(),
  v: z
    .string()
    .regex(/^[\w-]{1,32}$/)
    .optional(),
});
export type ShareImageQuery = z.infer<typeof shareImageQuerySchema>;
