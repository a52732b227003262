import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A failure the caller can act on; answered as `{ errors: [{ msg }] }` with its status. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly path: string | undefined;
  /** Headers the answer carries (e.g. Retry-After of a 429). */
  readonly headers: Record<string, string> | undefined;
  constructor(statusCode: number, message: string, path?: string, headers?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.path = path;
    this.headers = headers;
  }
}

export const unauthorized = (msg = 'Please sign in to continue') => new AppError(401, msg);
export const forbidden = (msg = 'You do not have permission to do this') => new AppError(403, msg);
export const notFound = (msg = 'Not found') => new AppError(404, msg);
export const badRequest = (msg: string, path?: string) => new AppError(400, msg, path);

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_REQ_FILE_TOO_LARGE: 'Please choose an image less than 2 MB',
  FST_FILES_LIMIT: 'Send one file at a time',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as multipart/form-data',
};

/** Spec section 8's error contract: every 4xx is `{ errors: [{ msg, path? }] }`; nothing leaks on a 500. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return path ? { msg: issue.message, path } : { msg: issue.message };
      });
      return reply.status(400).send({ errors });
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ errors: [error.path ? { msg: error.message, path: error.path } : { msg: error.message }] });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ errors: [{ msg: 'Too many attempts. Please wait a few minutes and try again.' }] });
    }
    if (status >= 400 && status < 500) {
      const msg = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return reply.status(status).send({ errors: [{ msg }] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ errors: [{ msg: 'Something Went Wrong' }] });
  });
}

/**
 * Errors Fastify meets before routing (an undecodable URL such as `/api/field/%E0%A4%A`): the same
 * error contract as every other answer instead of Fastify's own body. No route hook has run for these,
 * so the answer carries its own restrictive headers.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request,
  reply,
) => {
  const msg = error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid' : 'The request is not valid';
  return (reply as unknown as FastifyReply)
    .status(400)
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('referrer-policy', 'no-referrer')
    .send({ errors: [{ msg }] });
};
