import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type Stringify = (data: unknown) => string;

export class UndeclaredAnswerError extends Error {}

function compile(schema: z.ZodType): Stringify {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(json as Parameters<typeof fastJson>[0]) as Stringify;
}

/** The top-level keys an object schema requires (to tell the options of a union apart cheaply). */
function requiredKeys(schema: z.ZodType): string[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape)
    .filter(([, value]) => !(value as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key);
}

/**
 * Response serialisation from the routes' zod schemas, compiled once per route with fast-json-stringify
 * (the JSON Schema that OpenAPI shows). A union of objects picks the first option whose required keys
 * the answer has. With `checkUndeclared` (development and tests) each answer is first parsed by its
 * strict zod schema: a field the schema does not declare fails the request instead of being dropped
 * silently, so a leak is found by the tests, never by a customer.
 */
export function createResponseSerializer(options: {
  checkUndeclared: boolean;
}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
    const options_ = schema instanceof z.ZodUnion ? (schema.options as z.ZodType[]) : [schema];
    const compiled = options_.map((option) => ({ stringify: compile(option), keys: requiredKeys(option) }));
    const pick = (data: unknown) => {
      if (compiled.length === 1 || typeof data !== 'object' || data === null) return compiled[0];
      return compiled.find(({ keys }) => keys.every((key) => key in data)) ?? compiled[0];
    };
    return (data: unknown) => {
      if (options.checkUndeclared) {
        const checked = schema.safeParse(data);
        if (!checked.success)
          throw new UndeclaredAnswerError(
            `${method} ${url} answered outside its schema: ${checked.error.message}`,
          );
      }
      return (pick(data) as { stringify: Stringify }).stringify(data);
    };
  };
}
