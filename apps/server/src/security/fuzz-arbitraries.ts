import fc from 'fast-check';

/** The JSON-schema subset the OpenAPI document of fastify-type-provider-zod uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  additionalProperties?: boolean | JsonSchema;
}

/** Strings attackers and broken clients send: injections, traversal, control characters, number look-alikes. */
export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(0) --',
  "admin'--",
  '" OR ""="',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\uFEFF\u202E\u200B',
  '🍇🍷'.repeat(20),
  'Ελληνικά αμπέλια',
  '\uD800',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0',
  '-0',
  '0x1F',
  '9'.repeat(40),
  '2147483648',
  '-2147483649',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30',
  '9999-99-99',
  '0000-00-00T00:00:00Z',
  '',
  ' ',
];

const hugeString = fc.constantFrom(
  'A'.repeat(70_000),
  '€'.repeat(30_000),
  '🍇'.repeat(20_000),
  `${'x'.repeat(5_000)}'--`,
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 1,
    0.1,
    1e-320,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A hostile string: a known-bad one, random unicode, or a huge one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: hugeString },
);

/** Any JSON value of the wrong kind: strings, numbers, null, booleans, arrays, objects, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, true, false, [], {}, [null], JSON.parse('{"__proto__":{"admin":true}}')),
  },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constant(JSON.parse(`${'['.repeat(200)}1${']'.repeat(200)}`)),
  },
);

const MAX_DEPTH = 5;

/** Values shaped like the schema (so the request reaches the handler), with hostile ones mixed in. */
export function shapedValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const shaped = depth > MAX_DEPTH || !schema ? hostileValue : conforming(schema, depth);
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

function conforming(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((option) => shapedValue(option, depth + 1)));
  if (schema.allOf?.length) return shapedValue(schema.allOf[0], depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 10_000, 2 ** 31 - 1) });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1000,
        max: schema.maximum ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems?.length)
        return fc.tuple(...schema.prefixItems.map((s) => shapedValue(s, depth + 1)));
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      return fc.array(shapedValue(items, depth + 1), { maxLength: 4 });
    }
    case 'object':
      return objectOf(schema, depth);
    default:
      return hostileValue;
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    default:
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 40, 200),
      });
  }
}

/** An object of the schema's properties, with required ones sometimes missing and extra ones sometimes added. */
export function objectOf(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const record = fc.record(
    Object.fromEntries(keys.map((key) => [key, shapedValue(properties[key], depth + 1)])),
    { requiredKeys: [] },
  );
  const full = fc.record(
    Object.fromEntries(keys.map((key) => [key, shapedValue(properties[key], depth + 1)])),
  );
  const extra = fc.dictionary(
    fc.oneof(fc.constantFrom('__proto__', 'constructor', 'role', 'isAdmin', 'id', 'userId'), hostileString),
    hostileValue,
    { maxKeys: 3 },
  );
  return fc
    .tuple(fc.oneof(full, record), fc.option(extra, { freq: 3 }))
    .map(([base, more]) => (more ? { ...more, ...base } : base));
}
