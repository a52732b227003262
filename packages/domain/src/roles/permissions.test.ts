import { describe, expect, it } from 'vitest';
import { ACTIONS, can, permissionsForRole, RESOURCES, ROLE_PERMISSIONS, roleCan } from './permissions.ts';
import { ROLES } from './roles.ts';

describe('permission table', () => {
  it('has an entry for every role, with well-formed and unique permissions', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) {
      const permissions = ROLE_PERMISSIONS[role];
      expect(new Set(permissions).size).toBe(permissions.length);
      for (const permission of permissions) {
        const [resource, action] = permission.split(':');
        expect(RESOURCES).toContain(resource);
        expect(ACTIONS).toContain(action);
      }
    }
  });
  it('admin reads and updates AdminOrders and is the only one reading the dashboard', () => {
    expect(roleCan('admin', 'read', 'AdminOrders')).toBe(true);
    expect(roleCan('admin', 'update', 'AdminOrders')).toBe(true);
    for (const role of ROLES) expect(roleCan(role, 'read', 'Dashboard')).toBe(role === 'admin');
  });
  it('only admin reads the audit log, deploys, chats with staff and tails the server log', () => {
    for (const role of ROLES) {
      const admin = role === 'admin';
      expect(roleCan(role, 'read', 'Audit')).toBe(admin);
      expect(roleCan(role, 'create', 'Deploy')).toBe(admin);
      expect(roleCan(role, 'read', 'StaffChat')).toBe(admin);
      expect(roleCan(role, 'create', 'StaffChat')).toBe(admin);
      expect(roleCan(role, 'read', 'ServerLog')).toBe(admin);
    }
  });
  it('customers do not read AdminOrders', () => {
    for (const role of [
      'b2b_admin',
      'b2c_admin',
      'b2b_user',
      'b2c_user',
      'drone_admin',
      'drone_operator',
    ] as const) {
      expect(roleCan(role, 'read', 'AdminOrders')).toBe(false);
    }
  });
  it('b2c_user cannot create or update a Field, nor create a Report', () => {
    expect(roleCan('b2c_user', 'create', 'Field')).toBe(false);
    expect(roleCan('b2c_user', 'update', 'Field')).toBe(false);
    expect(roleCan('b2c_user', 'create', 'Report')).toBe(false);
  });
  it('customer admins and b2b users manage fields, reports, cart and own orders', () => {
    for (const role of ['b2b_admin', 'b2c_admin', 'b2b_user'] as const) {
      expect(roleCan(role, 'create', 'Field')).toBe(true);
      expect(roleCan(role, 'create', 'Report')).toBe(true);
      expect(roleCan(role, 'read', 'Cart')).toBe(true);
      expect(roleCan(role, 'read', 'UserOrders')).toBe(true);
    }
  });
  it('b2b roles read their company; b2c roles do not', () => {
    expect(roleCan('b2b_admin', 'read', 'UserCompany')).toBe(true);
    expect(roleCan('b2b_user', 'read', 'UserCompany')).toBe(true);
    expect(roleCan('b2c_admin', 'read', 'UserCompany')).toBe(false);
    expect(roleCan('b2c_user', 'read', 'UserCompany')).toBe(false);
  });
  it('drone roles read and update Shoots but never Fields', () => {
    for (const role of ['drone_admin', 'drone_operator'] as const) {
      expect(roleCan(role, 'read', 'Shoots')).toBe(true);
      expect(roleCan(role, 'update', 'Shoots')).toBe(true);
      expect(roleCan(role, 'read', 'Fields')).toBe(false);
      expect(roleCan(role, 'read', 'Cart')).toBe(false);
    }
  });
  it('admin and drone_admin read users (to assign staff); the drone pilot does not', () => {
    expect(roleCan('admin', 'read', 'Users')).toBe(true);
    expect(roleCan('drone_admin', 'read', 'Users')).toBe(true);
    expect(roleCan('drone_operator', 'read', 'Users')).toBe(false);
  });
  it('admin, business accounts and drone operator organisations add users; only admin adds companies', () => {
    const adders = ROLES.filter((role) => roleCan(role, 'create', 'Users'));
    expect(adders.sort()).toEqual(['admin', 'b2b_admin', 'b2b_user', 'drone_admin']);
    for (const role of ROLES) expect(roleCan(role, 'create', 'Companies')).toBe(role === 'admin');
  });
  it('every role has at least Notification:read or Shoots:read', () => {
    for (const role of ROLES) {
      expect(roleCan(role, 'read', 'Notification') || roleCan(role, 'read', 'Shoots')).toBe(true);
    }
  });
  it('staff do not buy on behalf of customers: only cart holders create reports', () => {
    const creators = ROLES.filter((role) => roleCan(role, 'create', 'Report'));
    expect(creators.sort()).toEqual(['b2b_admin', 'b2b_user', 'b2c_admin']);
    for (const role of creators) expect(roleCan(role, 'read', 'Cart')).toBe(true);
  });
  it('the cart is only for b2b_admin, b2c_admin and b2b_user', () => {
    const withCart = ROLES.filter((role) => roleCan(role, 'read', 'Cart'));
    expect(withCart.sort()).toEqual(['b2b_admin', 'b2b_user', 'b2c_admin']);
  });
});

describe('checker', () => {
  it('can() checks a list received from the server', () => {
    expect(can(['Fields:read', 'Field:create'], 'create', 'Field')).toBe(true);
    expect(can(['Fields:read'], 'create', 'Field')).toBe(false);
    expect(can([], 'read', 'Fields')).toBe(false);
  });
  it('permissionsForRole returns the table entry', () => {
    expect(permissionsForRole('b2c_user')).toBe(ROLE_PERMISSIONS.b2c_user);
  });
});
