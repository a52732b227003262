import { isPolicyName, type Role } from '@ampelos/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import {
  ACTORS,
  type Actor,
  type MatrixRow,
  matrixRow,
  type Outcome,
  type Relation,
} from './authorization-matrix.ts';
import { MATRIX_REQUESTS, requestOf } from './matrix-requests.ts';
import type { MatrixRequest } from './matrix-world.ts';
import { createMatrixWorld, type MatrixWorld } from './matrix-world.ts';
import { registeredApiRoutes, SECURITY_TEST_ENV } from './routes.ts';

// The app is built before the tests are collected: its route registry is the list of rows.
const ctx = await createTestApp({ env: SECURITY_TEST_ENV });
const routes = registeredApiRoutes(ctx.routes);
const routeOf = new Map(ctx.routes.map((route) => [`${route.method} ${route.url}`, route]));
const policyOf = new Map([...routeOf].map(([key, route]) => [key, route.policy]));
const requestFor = (key: string) => {
  const route = routeOf.get(key);
  return route ? requestOf(route) : undefined;
};
let world: MatrixWorld;

beforeAll(async () => {
  world = await createMatrixWorld(ctx);
}, 300_000);
afterAll(async () => {
  await ctx.close();
});

function send(cookie: string | undefined, request: MatrixRequest) {
  return ctx.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie } : {}),
      ...(request.headers ?? {}),
    },
    ...(request.payload !== undefined ? { payload: request.payload as InjectOptions['payload'] } : {}),
  } as InjectOptions);
}

/** The expected row of a route, from its declared policy (none: the route fails its test). */
function rowOf(key: string): MatrixRow | null {
  const policy = policyOf.get(key);
  return isPolicyName(policy) ? matrixRow(policy) : null;
}

/** One line per route: its policy, then each answer (per relation) with the actors that get it. */
function describeMatrix(): string {
  const lines = routes.map((key) => {
    const row = rowOf(key);
    if (!row) return `${key}  (no policy)`;
    const groups = new Map<string, Actor[]>();
    for (const actor of ACTORS) {
      const cell = row[actor];
      const text =
        typeof cell === 'object'
          ? Object.entries(cell)
              .map(([relation, outcome]) => `${relation}=${outcome}`)
              .join(',')
          : String(cell);
      groups.set(text, [...(groups.get(text) ?? []), actor]);
    }
    const answers = [...groups].map(([text, actors]) => `${text}: ${actors.join(', ')}`);
    return `${key}  [${policyOf.get(key)}]  ${answers.join(' · ')}`;
  });
  return `${lines.join('\n')}\n`;
}

describe('authorization matrix', () => {
  // A route without a policy does not register (route-policy.test.ts); its request is derived from its
  // schemas unless it is written in matrix-requests.ts.
  it('has a request for every route the app registers', () => {
    const problems = routes.flatMap((key) =>
      requestFor(key) ? [] : [`${key}: its input cannot be derived, add its request to matrix-requests.ts`],
    );
    expect(problems).toEqual([]);
  });

  // A change of any policy's answers is a reviewed change: `vitest -u` accepts it.
  it('answers as the reviewed snapshot of the derived matrix', async () => {
    await expect(describeMatrix()).toMatchFileSnapshot('./authorization-matrix.snapshot.txt');
  });

  for (const key of routes) {
    it(key, async () => {
      const row = rowOf(key);
      const requestSpec = requestFor(key);
      if (!row) throw new Error(`declare a policy for ${key}`);
      if (!requestSpec) throw new Error(`add a request for ${key} to matrix-requests.ts`);
      const failures: string[] = [];
      for (const actor of ACTORS) {
        const cell = row[actor];
        const cases: [Relation | undefined, Outcome][] =
          typeof cell === 'object' ? (Object.entries(cell) as [Relation, Outcome][]) : [[undefined, cell]];
        for (const [relation, expected] of cases) {
          const role = actor === 'anonymous' ? null : (actor as Role);
          let cookie: string | undefined;
          let user: { id: number; email: string; uuid: string } | null = null;
          if (role) {
            const acting = requestSpec.fresh ? await world.freshActor(role) : world.actor(role);
            cookie = acting.http.cookie;
            user = acting.user;
          }
          const request = await requestSpec.build({ actor, role, relation, world, user, ctx });
          const response = await send(cookie, request);
          const status = response.statusCode;
          const ok =
            expected === 'allowed'
              ? (status >= 200 && status < 300) || (requestSpec.allowedStatus ?? []).includes(status)
              : status === expected;
          if (!ok || status >= 500) {
            failures.push(
              `${actor}${relation ? ` × ${relation}` : ''}: expected ${expected}, got ${status} ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
      // A derived request the service refuses as invalid input needs a written one (matrix-requests.ts).
      const derived = MATRIX_REQUESTS[key] ? '' : ' (request derived from the route schemas)';
      expect(failures.map((failure) => `${failure}${derived}`)).toEqual([]);
    }, 300_000);
  }
});
