import { HTTP_MESSAGES } from '@ampelos/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/**
 * The one file of a multipart request, from the named field (size limits come from @fastify/multipart).
 * A body that is not well-formed multipart (no boundary, cut short) is the sender's fault: 400, not 500.
 */
export async function readSingleUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(HTTP_MESSAGES.imageFieldRequired, undefined, { field });
  try {
    const file = await request.file();
    if (file?.fieldname !== field) throw badRequest(HTTP_MESSAGES.imageWrongField, undefined, { field });
    return await file.toBuffer();
  } catch (error) {
    // Errors with a status (too large, too many files, ours) keep it; the parser's own errors have none.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode !== undefined) throw error;
    throw badRequest(
      `The upload could not be read: send the image as multipart/form-data in the field "${field}"`,
    );
  }
}
