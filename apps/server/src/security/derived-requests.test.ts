import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { derivedRequest } from './derived-requests.ts';
import type { MatrixWorld } from './matrix-world.ts';

const FIELD_UUID = '6b0f9a0e-2f4c-4a51-9d39-5a4f3f6f2a10';
/** The part of the matrix world a field route uses: the relation's field. */
const world = { field: async () => ({ uuid: FIELD_UUID }) } as unknown as MatrixWorld;
const cell = {
  actor: 'b2b_admin',
  role: 'b2b_admin',
  relation: 'company',
  world,
  user: null,
  ctx: null,
} as never;

describe('derived matrix requests', () => {
  it('make a new route callable from its policy and schemas alone', async () => {
    const body = z.object({
      fieldUuid: z.uuid(),
      note: z.string().min(3).max(40),
      rows: z.number().int().min(2),
      urgent: z.boolean().optional(),
      kind: z.enum(['pruning', 'harvest']),
    });
    const spec = derivedRequest('POST', '/api/field/notes', 'field.edit', { body });
    expect(spec).toBeDefined();
    const request = await spec?.build(cell);
    expect(request).toEqual({
      method: 'POST',
      url: '/api/field/notes',
      payload: { fieldUuid: FIELD_UUID, note: 'Sample text', rows: 2, kind: 'pruning' },
    });
    expect(body.safeParse(request?.payload).success).toBe(true);
  });

  it('put the record in the path and the query', async () => {
    const params = z.object({ uuid: z.uuid() });
    const querystring = z.object({ from: z.iso.date().optional(), lang: z.enum(['en', 'el']) });
    const request = await derivedRequest('GET', '/api/field/:uuid/notes', 'field.view', {
      params,
      querystring,
    })?.build(cell);
    expect(request).toEqual({ method: 'GET', url: `/api/field/${FIELD_UUID}/notes?lang=en` });
  });

  it('leave to a written request what cannot be derived', () => {
    const patterned = z.object({ code: z.string().regex(/^[A-Z0-9]{4,20}$/) });
    expect(derivedRequest('POST', '/api/coupons', 'coupon.manage', { body: patterned })).toBeUndefined();
    // A record named by a route whose policy names none cannot be made.
    expect(derivedRequest('GET', '/api/things/:uuid', 'admin.tools', {})).toBeUndefined();
    // A refinement the smallest input fails.
    const refined = z.object({ from: z.number(), to: z.number() }).refine((range) => range.to > range.from);
    expect(derivedRequest('POST', '/api/ranges', 'admin.tools', { body: refined })).toBeUndefined();
  });
});
