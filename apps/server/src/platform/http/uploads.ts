import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/** The one file of a multipart request, from the named field (size limits come from @fastify/multipart). */
export async function readSingleUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart())
    throw badRequest(`Send the image as multipart/form-data in the field "${field}"`);
  const file = await request.file();
  if (file?.fieldname !== field) throw badRequest(`Send the image in the field "${field}"`);
  return file.toBuffer();
}
