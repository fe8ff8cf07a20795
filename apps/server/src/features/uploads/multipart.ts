import { MAX_IMAGE_BYTES } from '@ovation/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, Invalid, PayloadTooLarge } from '../../lib/errors';
import { hasOnlyStorableText } from '../../lib/storable-text';

/** File field names the clients use for the image of a multipart form. */
const IMAGE_FIELDS = new Set(['image', 'albumCover', 'cover', 'banner']);

export interface MultipartForm {
  fields: Record<string, string>;
  image?: { bytes: Buffer; originalName?: string };
}

/**
 * Reads a multipart form with one image of at most 5 MB and a few short text fields. Oversize files
 * answer 413 with the image message; a request that is not multipart answers 400.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart())
    throw Invalid('BAD_REQUEST', { message: 'Expected a multipart/form-data request' });
  const form: MultipartForm = { fields: {} };
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 10_000 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (IMAGE_FIELDS.has(part.fieldname) && bytes.length > 0)
          form.image = { bytes, originalName: part.filename };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw PayloadTooLarge('IMAGE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw PayloadTooLarge('PAYLOAD_TOO_LARGE');
    }
    if (error instanceof AppError) throw error;
    // Busboy's own failures (no boundary, truncated body) are the client's malformed request.
    throw Invalid('BAD_REQUEST', { message: 'The multipart request is malformed' });
  }
  if (!hasOnlyStorableText(form.fields)) throw Invalid('INVALID_CHARACTERS');
  return form;
}
