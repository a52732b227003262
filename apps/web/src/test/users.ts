import { permissionsForRole, type Role, type UserView } from '@ampelos/domain';

/** A signed-in user of `role` with that role's permissions, as `GET /api/user` answers it. */
export function userOf(role: Role, overrides: Partial<UserView> = {}): UserView {
  return {
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000001',
    firstName: 'Eleni',
    lastName: 'Papadopoulou',
    email: 'eleni@example.com',
    mobile: null,
    location: null,
    role,
    lang: 'en',
    avatar: null,
    emailVerified: true,
    marketingOptIn: false,
    createdAt: '2021-01-01T10:00:00.000Z',
    permissions: [...permissionsForRole(role)],
    ...overrides,
  };
}
