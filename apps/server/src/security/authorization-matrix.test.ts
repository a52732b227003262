import type { Role } from '@ampelos/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { ACTORS, AUTHORIZATION_MATRIX, type Outcome, type Relation } from './authorization-matrix.ts';
import { MATRIX_REQUESTS, type MatrixRequest } from './matrix-requests.ts';
import { createMatrixWorld, type MatrixWorld } from './matrix-world.ts';
import { registeredApiRoutes, SECURITY_TEST_ENV } from './routes.ts';

let ctx: TestApp;
let world: MatrixWorld;

beforeAll(async () => {
  ctx = await createTestApp({ env: SECURITY_TEST_ENV });
  world = await createMatrixWorld(ctx);
}, 300_000);
afterAll(async () => {
  await ctx?.close();
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

describe('authorization matrix', () => {
  it('has a row and a request for every route the app registers, and none for a route it does not', () => {
    const registered = registeredApiRoutes(ctx.routes);
    const missing = registered
      .filter((key) => !AUTHORIZATION_MATRIX[key])
      .map((key) => `add a row for ${key}`);
    const stale = Object.keys(AUTHORIZATION_MATRIX)
      .filter((key) => !registered.includes(key))
      .map((key) => `remove the row for ${key} (no such route)`);
    const unrequested = Object.keys(AUTHORIZATION_MATRIX)
      .filter((key) => !MATRIX_REQUESTS[key])
      .map((key) => `add a request for ${key} to matrix-requests.ts`);
    expect([...missing, ...stale, ...unrequested]).toEqual([]);
  });

  for (const [key, row] of Object.entries(AUTHORIZATION_MATRIX)) {
    it(key, async () => {
      const requestSpec = MATRIX_REQUESTS[key];
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
      expect(failures).toEqual([]);
    }, 300_000);
  }
});
