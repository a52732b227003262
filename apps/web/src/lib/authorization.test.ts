import { permissionsForRole } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { createAuthorization } from './authorization.ts';

describe('createAuthorization', () => {
  it('allows exactly the "Resource:action" entries of the list', () => {
    const authorization = createAuthorization(['Fields:read', 'Cart:read']);
    expect(authorization.can('read', 'Fields')).toBe(true);
    expect(authorization.can('read', 'Cart')).toBe(true);
    expect(authorization.can('create', 'Fields')).toBe(false);
    expect(authorization.can('read', 'AdminOrders')).toBe(false);
  });

  it('denies everything without a user', () => {
    expect(createAuthorization(null).can('read', 'Fields')).toBe(false);
    expect(createAuthorization(undefined).can('read', 'Users')).toBe(false);
    expect(createAuthorization([]).can('read', 'Notification')).toBe(false);
  });

  it('mirrors the role table for the side menu', () => {
    const admin = createAuthorization(permissionsForRole('admin'));
    expect(admin.can('read', 'AdminOrders')).toBe(true);
    expect(admin.can('read', 'Users')).toBe(true);
    const pilot = createAuthorization(permissionsForRole('drone_operator'));
    expect(pilot.can('read', 'Shoots')).toBe(true);
    expect(pilot.can('read', 'Fields')).toBe(false);
    expect(pilot.can('read', 'Cart')).toBe(false);
  });

  it('answers the domain policies the server routes declare, by role', () => {
    expect(createAuthorization(permissionsForRole('admin'), 'admin').allows('admin.tools')).toBe(true);
    expect(
      createAuthorization(permissionsForRole('operation_admin'), 'operation_admin').allows('admin.tools'),
    ).toBe(false);
    expect(createAuthorization(permissionsForRole('b2c_user'), 'b2c_user').allows('field.create')).toBe(
      false,
    );
    expect(createAuthorization(permissionsForRole('b2c_admin'), 'b2c_admin').allows('field.create')).toBe(
      true,
    );
    expect(createAuthorization(null, null).allows('signedIn')).toBe(false);
  });
});
