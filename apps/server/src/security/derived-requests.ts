import { randomBytes, randomUUID } from 'node:crypto';
import { POLICIES, type PolicyEntity, type PolicyName } from '@ampelos/domain';
import { type ZodType, z } from 'zod';
import type { RouteSchemas } from '../app.ts';
import type { JsonSchema } from './fuzz-arbitraries.ts';
import type { MatrixRequest, MatrixWorld, RequestSpec } from './matrix-world.ts';

/**
 * A route's matrix request derived from what the route already declares, so that a new route needs
 * its policy line and nothing else: its body, query and path parameters are the smallest input its
 * zod schemas accept, and the property that names the record (`uuid`, `<entity>Uuid`, `<entity>Id`,
 * `id`, or the path's `:uuid`/`:id`) is the uuid of a record of the policy's kind made fresh for the
 * cell's relation. A route whose valid input cannot be derived (a pattern, a file, a token, a record
 * in a particular state) answers undefined here and keeps its hand-written request.
 */
export function derivedRequest(
  method: string,
  url: string,
  policyName: PolicyName | undefined,
  schemas: RouteSchemas,
): RequestSpec | undefined {
  if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(method) || url.includes('*')) return undefined;
  const entity = policyName ? entityOf(policyName) : undefined;
  const body = schemas.body ? sampleOf(schemas.body, entity) : null;
  const querystring = schemas.querystring ? sampleOf(schemas.querystring, entity) : null;
  const params = schemas.params ? sampleOf(schemas.params, entity) : null;
  if (body === undefined || querystring === undefined || params === undefined) return undefined;
  const shape = { body, querystring, params };
  const named = [shape.body, shape.querystring, shape.params].flatMap((part) => recordKeys(part, entity));
  const pathNames = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  if (pathNames.some((name) => !isRecordKey(name, entity) && !(shape.params && name in shape.params)))
    return undefined;
  const needsRecord = named.length > 0 || pathNames.some((name) => isRecordKey(name, entity));
  // Personal records (addresses, exports, cart items) are named by number: their requests are written.
  if (needsRecord && (!entity || entity === 'personal')) return undefined;
  // Every part must be what its schema accepts, the record's uuid in place of the sample uuid.
  const probe = randomUUID();
  const parts = {
    body: withRecord(shape.body, entity, probe),
    querystring: withRecord(shape.querystring, entity, probe),
    params: withRecord(shape.params, entity, probe),
  };
  for (const [part, schema] of Object.entries(schemas) as [keyof RouteSchemas, ZodType | undefined][])
    if (schema && !schema.safeParse(parts[part]).success) return undefined;

  return {
    async build({ role, relation, world }) {
      const id = needsRecord && entity ? await recordOf(world, entity, role, relation) : probe;
      const path = url.replace(/:(\w+)/g, (_match, name: string) =>
        encodeURIComponent(String(isRecordKey(name, entity) ? id : (shape.params?.[name] ?? ''))),
      );
      const query = Object.entries(withRecord(shape.querystring, entity, id) ?? {});
      const search = query.length
        ? `?${new URLSearchParams(query.map(([key, value]): [string, string] => [key, String(value)]))}`
        : '';
      const payload = withRecord(shape.body, entity, id);
      const request: MatrixRequest = { method: method as MatrixRequest['method'], url: `${path}${search}` };
      return payload ? { ...request, payload } : request;
    },
  };
}

/** The kind of record a policy names (undefined for a role-only policy, or one the world cannot make). */
function entityOf(name: PolicyName): PolicyEntity | undefined {
  const policy = POLICIES[name];
  return 'entity' in policy ? policy.entity : undefined;
}

function isRecordKey(key: string, entity: PolicyEntity | undefined): boolean {
  if (!entity) return false;
  return ['uuid', 'id', `${entity}Uuid`, `${entity}Id`].includes(key);
}

function recordKeys(part: Record<string, unknown> | null, entity: PolicyEntity | undefined): string[] {
  return Object.keys(part ?? {}).filter((key) => isRecordKey(key, entity));
}

function withRecord(
  part: Record<string, unknown> | null,
  entity: PolicyEntity | undefined,
  id: string,
): Record<string, unknown> | null {
  if (!part) return null;
  return Object.fromEntries(
    Object.entries(part).map(([key, value]) => [key, isRecordKey(key, entity) ? id : value]),
  );
}

/** A fresh record of the kind in the cell's relation to the caller, by uuid. */
async function recordOf(
  world: MatrixWorld,
  entity: PolicyEntity,
  role: Parameters<MatrixWorld['field']>[0],
  relation: Parameters<MatrixWorld['field']>[1],
): Promise<string> {
  switch (entity) {
    case 'field':
      return (await world.field(role, relation)).uuid;
    case 'report':
      return (await world.report(role, relation)).report.uuid;
    case 'shoot':
      return (await world.shoot(role, relation)).shoot.uuid;
    case 'user':
      return world.user(role, relation).uuid;
    case 'company':
      return world.company(role, relation).uuid;
    case 'order':
      return (await world.order(role, relation)).uuid;
    case 'personal':
      throw new Error('personal records are named by number: their requests are written');
  }
}

/**
 * The smallest object a zod object schema accepts (its required properties, and the optional one
 * that names the record), or undefined when it cannot be made.
 */
function sampleOf(schema: ZodType, entity: PolicyEntity | undefined): Record<string, unknown> | undefined {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
  const value = sampleValue(json, (key) => isRecordKey(key, entity));
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

const NOT_DERIVABLE = Symbol('not derivable');

function sampleValue(schema: JsonSchema, namesRecord: (key: string) => boolean): unknown {
  const value = sample(schema, namesRecord);
  return value === NOT_DERIVABLE ? undefined : value;
}

function sample(schema: JsonSchema, namesRecord: (key: string) => boolean): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    // Nothing is the smallest valid choice; else the first that can be made.
    if (choices.some((choice) => choice.type === 'null')) return null;
    for (const choice of choices) {
      const value = sample(choice, namesRecord);
      if (value !== NOT_DERIVABLE) return value;
    }
    return NOT_DERIVABLE;
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      // false: a switch left off (maintenance, opt-ins) changes nothing other cells depend on.
      return false;
    case 'integer':
    case 'number': {
      const above = (schema as { exclusiveMinimum?: number }).exclusiveMinimum;
      const least = schema.minimum ?? (above !== undefined ? above + 1 : undefined);
      return least ?? (schema.maximum !== undefined ? Math.min(0, schema.maximum) : 0);
    }
    case 'string':
      return sampleString(schema);
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const count = (schema as { minItems?: number }).minItems ?? 0;
      if (count === 0) return [];
      if (!items) return NOT_DERIVABLE;
      const item = sample(items, namesRecord);
      return item === NOT_DERIVABLE ? item : Array.from({ length: count }, () => item);
    }
    case 'object': {
      const keys = Object.keys(schema.properties ?? {}).filter(namesRecord);
      const entries = [...new Set([...(schema.required ?? []), ...keys])].map((key) => {
        const property = schema.properties?.[key];
        return [key, property ? sample(property, namesRecord) : NOT_DERIVABLE] as const;
      });
      if (entries.some(([, value]) => value === NOT_DERIVABLE)) return NOT_DERIVABLE;
      return Object.fromEntries(entries);
    }
    default:
      return NOT_DERIVABLE;
  }
}

function sampleString(schema: JsonSchema): unknown {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return `matrix-${randomBytes(5).toString('hex')}@example.com`;
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'date-time':
      return new Date().toISOString();
  }
  if (schema.format || schema.pattern) return NOT_DERIVABLE;
  const shortest = Math.max(schema.minLength ?? 1, 1);
  const longest = schema.maxLength ?? Number.POSITIVE_INFINITY;
  if (longest < shortest) return NOT_DERIVABLE;
  const text = 'Sample text'.padEnd(shortest, 'x');
  return text.slice(0, Math.max(shortest, Math.min(text.length, longest)));
}
