import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { isUniqueViolation } from './unique-violation.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('isUniqueViolation', () => {
  it('recognises a unique index refusing a write as the query builder throws it', async () => {
    const { user } = await createUser(ctx);
    const error = await createUser(ctx, { email: user.email }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isUniqueViolation(new Error('connection refused'))).toBe(false);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
