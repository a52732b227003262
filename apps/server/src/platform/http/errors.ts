import { HTTP_MESSAGES, keyedMessage, MESSAGES, type MessageParams } from '@ampelos/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * A failure the caller can act on; answered as `{ errors: [{ msg, key?, params?, path? }] }` with its
 * status. `message` is the English text with its parameters filled in; `template` is the catalogue
 * text it came from, so the answer names the key the web translates by.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly path: string | undefined;
  /** Headers the answer carries (e.g. Retry-After of a 429). */
  readonly headers: Record<string, string> | undefined;
  readonly template: string;
  readonly params: MessageParams | undefined;
  constructor(
    statusCode: number,
    template: string,
    path?: string,
    headers?: Record<string, string>,
    params?: MessageParams,
  ) {
    const answer = keyedMessage(template, params);
    super(answer.msg);
    this.statusCode = statusCode;
    this.path = path;
    this.headers = headers;
    this.template = template;
    this.params = params;
  }
}

export const unauthorized = (msg: string = HTTP_MESSAGES.signIn) => new AppError(401, msg);
export const forbidden = (msg: string = HTTP_MESSAGES.noPermission) => new AppError(403, msg);
export const notFound = (msg: string = HTTP_MESSAGES.notFound) => new AppError(404, msg);
export const badRequest = (msg: string, path?: string, params?: MessageParams) =>
  new AppError(400, msg, path, undefined, params);

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: HTTP_MESSAGES.emptyJson,
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES.unsupportedType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: HTTP_MESSAGES.invalidLength,
  FST_REQ_FILE_TOO_LARGE: MESSAGES.imageTooLarge,
  FST_FILES_LIMIT: HTTP_MESSAGES.oneFileAtATime,
  FST_INVALID_MULTIPART_CONTENT_TYPE: HTTP_MESSAGES.multipartRequired,
};

/** One item of an error answer: the English text, its catalogue key and parameters, the input it names. */
export function errorItem(template: string, options: { path?: string; params?: MessageParams } = {}) {
  const item = keyedMessage(template, options.params);
  return options.path ? { ...item, path: options.path } : item;
}

/** Spec section 8's error contract: every 4xx is `{ errors: [{ msg, key?, params?, path? }] }`; nothing leaks on a 500. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return errorItem(issue.message ?? HTTP_MESSAGES.badRequest, { path });
      });
      return reply.status(400).send({ errors });
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ errors: [errorItem(error.template, { path: error.path, params: error.params })] });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ errors: [errorItem(HTTP_MESSAGES.tooManyAttempts)] });
    }
    if (status >= 400 && status < 500) {
      const known = FRAMEWORK_MESSAGES[error.code];
      return reply.status(status).send({ errors: [known ? errorItem(known) : { msg: error.message }] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ errors: [errorItem(HTTP_MESSAGES.serverFailed)] });
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
  const msg = error.code === 'FST_ERR_BAD_URL' ? HTTP_MESSAGES.badUrl : HTTP_MESSAGES.badRequest;
  return (reply as unknown as FastifyReply)
    .status(400)
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('referrer-policy', 'no-referrer')
    .send({ errors: [errorItem(msg)] });
};
