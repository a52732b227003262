import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type Stringify = (data: unknown) => string;

export class UndeclaredAnswerError extends Error {}

type JsonSchema = { [key: string]: unknown };

/**
 * `x | null` as `type: [x, 'null']` instead of zod's `anyOf`: fast-json-stringify writes a type list
 * directly, where an `anyOf` makes it validate the value against each branch at every serialisation.
 */
function simplifyNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullables);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplifyNullables(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    const primitive = ['string', 'number', 'integer', 'boolean'];
    if (
      nullIndex !== -1 &&
      other &&
      typeof other.type === 'string' &&
      primitive.includes(other.type) &&
      !other.enum &&
      !other.const
    ) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** Compiled once per schema in the process: every app instance (tests build hundreds) reuses them. */
const compiledBySchema = new WeakMap<z.ZodType, Stringify>();

function compile(schema: z.ZodType): Stringify {
  const cached = compiledBySchema.get(schema);
  if (cached) return cached;
  const stringify = compileUncached(schema);
  compiledBySchema.set(schema, stringify);
  return stringify;
}

function compileUncached(schema: z.ZodType): Stringify {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(simplifyNullables(json) as Parameters<typeof fastJson>[0]) as Stringify;
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
 * (the JSON Schema that OpenAPI shows). A union of objects picks the option with the most required keys
 * that the answer all has. With `checkUndeclared` (development and tests) each answer is first parsed by its
 * strict zod schema: a field the schema does not declare fails the request instead of being dropped
 * silently, so a leak is found by the tests, never by a customer.
 */
export function createResponseSerializer(options: {
  checkUndeclared: boolean;
}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
    const options_ = schema instanceof z.ZodUnion ? (schema.options as z.ZodType[]) : [schema];
    // The most specific option first: the cart answer has the list's keys and more.
    const compiled = options_
      .map((option) => ({ stringify: compile(option), keys: requiredKeys(option) }))
      .sort((a, b) => b.keys.length - a.keys.length);
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
