import { z } from 'zod';

/** Bytes of any kind; typed `unknown` so that a handler may send a buffer, a stream or text. */
const binary = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<unknown>;

/**
 * Response schemas of answers that are not JSON: OpenAPI shows their media types, and the body (a buffer,
 * a stream or text) is written as it is; no serializer touches it.
 */
export const fileAnswer = (description: string, ...mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binary }])),
});

/** An answer with no body (204, or a redirect): OpenAPI says what it means. */
export const emptyAnswer = (description: string) => z.null().describe(description);

/** The OpenAPI document itself (its shape is OpenAPI's, not ours). */
export const openApiAnswer = z
  .record(z.string(), z.unknown())
  .describe('The OpenAPI 3 document') as unknown as z.ZodType<object>;
