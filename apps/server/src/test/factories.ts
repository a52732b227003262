import { randomBytes } from 'node:crypto';
import type { Role } from '@ampelos/domain';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createUserRepository, type NewUser } from '../modules/users/repository.ts';
import { client } from './http.ts';
import type { TestApp } from './test-app.ts';

export const DEFAULT_PASSWORD = 'Grape-vine42';
let sequence = 0;

/** A verified user of the given role (customer by default), straight in the database. */
export async function createUser(
  ctx: TestApp,
  overrides: Partial<NewUser> & { password?: string; role?: Role } = {},
) {
  sequence += 1;
  const { password = DEFAULT_PASSWORD, ...fields } = overrides;
  const user = await createUserRepository(ctx.database.db).insert({
    firstName: 'Maria',
    lastName: 'Georgiou',
    email: `user${sequence}-${randomBytes(3).toString('hex')}@example.com`,
    role: 'b2c_admin',
    emailVerifiedAt: new Date(),
    unsubscribeToken: randomBytes(24).toString('base64url'),
    passwordHash: await hashPassword(password),
    ...fields,
  });
  return { user, password };
}

/** A signed-in client for a fresh user. */
export async function signedInClient(ctx: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const { user, password } = await createUser(ctx, overrides);
  const http = client(ctx.app);
  const response = await http.post('/api/user/login', { email: user.email, password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return { http, user, password };
}

export const validAddress = (overrides: Record<string, unknown> = {}) => ({
  city: 'Nemea',
  country: 'Greece',
  state: 'Corinthia',
  zip_postcode: '205 00',
  line_1: '12 Vineyard Road',
  ...overrides,
});
