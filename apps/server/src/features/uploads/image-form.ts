import type { ValidationMessageKey } from '@ovation/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Invalid } from '../../lib/errors';
import { hasOnlyStorableText } from '../../lib/storable-text';
import { parseOrThrow } from '../../lib/validation';
import { withSizeMessage } from '../images/service';
import { readMultipartForm } from './multipart';

/** Where a form's picture is named in its errors, and the message a 5 MB+ file gets there. */
export interface PictureField {
  field: string;
  tooLarge: ValidationMessageKey;
}

/**
 * A banner's or an ad's multipart form: its text fields valid by `schema` and its picture, a 5 MB+ file
 * answered 413 with the form's own message on its picture field. Fields sent as JSON text (translations,
 * display settings) may spell characters the database cannot store ("\u0000") once decoded: refused here,
 * before any file is processed.
 */
export async function readImageForm<T extends z.ZodType>(
  request: FastifyRequest,
  schema: T,
  picture: PictureField,
) {
  const form = await withSizeMessage(() => readMultipartForm(request), picture.field, picture.tooLarge);
  const fields: z.output<T> = parseOrThrow(schema, form.fields);
  if (!hasOnlyStorableText(fields)) throw Invalid('INVALID_CHARACTERS');
  return { fields, image: form.image };
}
