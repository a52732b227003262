import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createField, createReport, signedInClient } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { hostileString, hostileValue, type JsonSchema, objectOf, shapedValue } from './fuzz-arbitraries.ts';
import { registeredApiRoutes, SECURITY_TEST_ENV } from './routes.ts';

/**
 * Property-based requests for every route, shaped by the OpenAPI document (routes it hides are fuzzed
 * without a schema): wrong types, missing and extra fields, huge strings, unicode, odd numbers, injection
 * strings, odd path segments and content types, as an administrator, a customer and anonymously.
 * The property: the server never answers 5xx, and it still answers /api/health at the end.
 * `npm test` sends a seeded share of 1,000 requests; `npm run test:deep` (TEST_DEPTH=deep) the full 10,000.
 * FUZZ_SEED reproduces a run (a failure prints it); FUZZ_REQUESTS sets the total.
 */
const TOTAL_REQUESTS = Number(
  process.env.FUZZ_REQUESTS ?? (process.env.TEST_DEPTH === 'deep' ? 10_000 : 1_000),
);
/** The fuzzer looks for faults in the HTTP layer and the services, not the database: PGlite is enough. */
const ON_POSTGRES = process.env.TEST_DB !== 'pglite' && Boolean(process.env.TEST_DATABASE_URL);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);

/** Lone surrogates cannot be percent-encoded: they become U+FFFD as a browser would send them. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

interface Operation {
  method: string;
  /** The route with `{name}` placeholders for path parameters. */
  path: string;
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

let ctx: TestApp;
let operations: Operation[];
const cookies: Record<'admin' | 'customer', string> = { admin: '', customer: '' };
let sent = 0;

beforeAll(async () => {
  if (ON_POSTGRES) return;
  ctx = await createTestApp({ env: SECURITY_TEST_ENV });
  const admin = await signedInClient(ctx, { role: 'admin' });
  const company = await createCompany(ctx);
  const customer = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
  // Something to find: a field with a paid report, so handlers get past "not found" now and then.
  const field = await createField(ctx, customer.user);
  await createReport(ctx, customer.user, field);
  cookies.admin = admin.http.cookie ?? '';
  cookies.customer = customer.http.cookie ?? '';
  operations = await collectOperations();
}, 300_000);
afterAll(async () => {
  await ctx?.close();
});

/** Every operation of the OpenAPI document, plus registered routes it hides (tus, the socket). */
async function collectOperations(): Promise<Operation[]> {
  const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  const found: Operation[] = [];
  const documented = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const query = Object.fromEntries(
        (operation.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => [p.name, p.schema ?? {}] as const),
      );
      const body = operation.requestBody?.content?.['application/json']?.schema;
      found.push({ method: method.toUpperCase(), path, query, body });
      documented.add(
        `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, (_m, name) => (name === '*' ? '*' : `:${name}`))}`,
      );
    }
  }
  for (const key of registeredApiRoutes(ctx.routes)) {
    if (documented.has(key)) continue;
    const [method = 'GET', route = '/'] = key.split(' ');
    if (route.startsWith('/api/docs') || route === '/api/openapi.json') continue;
    found.push({
      method,
      path: route.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}'),
      query: {},
      body: undefined,
    });
  }
  return found;
}

/** A path segment: a uuid, a number, or something hostile (encoded, or raw and odd). */
const pathSegment = fc.oneof(
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 4, arbitrary: hostileString.map((s) => encodeURIComponent(wellFormed(s))) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '%ZZ',
      '%',
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      '..',
      '.',
      ';',
      '%E0%A4%A',
      'a/b/c',
    ),
  },
);

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=broken',
      'multipart/form-data',
      'application/json; charset=utf-16',
      'application/offset+octet-stream',
      '*/*',
      'garbage',
    ),
  },
);

function querystring(values: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    parts.push(`${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(text))}`);
  };
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else add(key, value);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

interface FuzzInput {
  who: 'admin' | 'customer' | 'anonymous';
  segments: unknown[];
  query: [Record<string, unknown>];
  body: unknown;
  contentType: string;
  headers: Record<string, string> | null;
}

function requestOf(operation: Operation): fc.Arbitrary<FuzzInput> {
  const segments = (operation.path.match(/\{[^}]+\}/g) ?? []).map(() => pathSegment);
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(operation.method);
  return fc.record({
    // Signing out would end the session the other requests use: that route is fuzzed anonymously.
    who:
      operation.path === '/api/user/logout'
        ? fc.constant('anonymous' as const)
        : fc.constantFrom('admin' as const, 'customer' as const, 'anonymous' as const),
    segments: fc.tuple(...segments),
    query: fc.tuple(objectOf({ type: 'object', properties: operation.query })),
    body: hasBody
      ? fc.oneof(
          { weight: 6, arbitrary: operation.body ? shapedValue(operation.body) : hostileValue },
          { weight: 2, arbitrary: hostileValue },
          { weight: 1, arbitrary: hostileString.map((raw) => ({ raw })) },
        )
      : fc.constant(undefined),
    contentType,
    headers: fc.option(
      fc.record(
        {
          'idempotency-key': hostileString,
          'upload-length': fc.oneof(fc.integer().map(String), hostileString),
          'upload-offset': fc.oneof(fc.integer().map(String), hostileString),
          'upload-metadata': hostileString,
          'tus-resumable': fc.constantFrom('1.0.0', '0.2', ''),
        },
        { requiredKeys: [] },
      ),
      { freq: 4 },
    ),
  }) as fc.Arbitrary<FuzzInput>;
}

/** Header values travel as latin-1 without control characters; anything else is not sendable. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, '?').slice(0, 4000);

function buildInject(operation: Operation, input: FuzzInput): InjectOptions {
  let index = 0;
  const path = operation.path.replace(/\{[^}]+\}/g, () => String(input.segments[index++] ?? 'x'));
  const url = path + querystring(input.query[0]);
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  if (input.who !== 'anonymous') headers.cookie = cookies[input.who];
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name] = headerSafe(String(value));
  const options: InjectOptions = { method: operation.method as InjectOptions['method'], url, headers };
  if (input.body !== undefined) {
    headers['content-type'] = input.contentType;
    const raw = (input.body as { raw?: unknown } | null)?.raw;
    options.payload = typeof raw === 'string' ? raw : (JSON.stringify(input.body) ?? 'null');
  }
  return options;
}

/**
 * The readiness probe answers 503 `ready: false` by design when a dependency does not answer in time
 * (a loaded machine: "storage: no answer within 3000 ms"); that is its contract, not a server error.
 */
function isReadinessRefusal(operation: Operation, statusCode: number, body: string): boolean {
  if (operation.path !== '/api/ready' || statusCode !== 503) return false;
  try {
    return (JSON.parse(body) as { ready?: unknown }).ready === false;
  } catch {
    return false;
  }
}

describe.skipIf(ON_POSTGRES)('fuzzing every route', () => {
  it('collects the operations of the OpenAPI document and the hidden routes', () => {
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.some((op) => op.path === '/api/uploads/{id}' && op.method === 'PATCH')).toBe(true);
  });

  it('answers every generated request without a 5xx, and stays up', async () => {
    const runsPerOperation = Math.ceil(TOTAL_REQUESTS / operations.length);
    const failures: string[] = [];
    for (const operation of operations) {
      let last = '';
      const result = await fc.check(
        fc.asyncProperty(requestOf(operation), async (input) => {
          const response = await ctx.app.inject(buildInject(operation, input));
          sent += 1;
          if (isReadinessRefusal(operation, response.statusCode, response.body)) return true;
          if (response.statusCode >= 500) last = `${response.statusCode} ${response.body.slice(0, 120)}`;
          return response.statusCode < 500;
        }),
        { numRuns: runsPerOperation, seed: SEED, endOnFailure: true },
      );
      if (result.failed) {
        const example = result.counterexample?.[0];
        const shown = example ? buildInject(operation, example) : null;
        const headers = (shown?.headers ?? {}) as Record<string, string>;
        failures.push(
          [
            `${operation.method} ${operation.path} answered ${last}`,
            `url ${String(shown?.url).slice(0, 200)}`,
            `content-type ${headers['content-type']}, as ${example?.who}`,
            `body ${String(shown?.payload ?? '').slice(0, 200)}`,
            `(FUZZ_SEED=${result.seed}, path ${result.counterexamplePath})`,
          ].join('; '),
        );
      }
    }
    expect(failures, `FUZZ_SEED=${SEED} FUZZ_REQUESTS=${TOTAL_REQUESTS} reproduces this run`).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
  }, 1_200_000);
});
