import { describe, expect, it } from 'vitest';
import { homePathForRole, isRole, ROLES, roleLabel, SIGN_UP_ACCOUNT_TYPES, SIGN_UP_ROLES } from './roles.ts';

describe('role labels', () => {
  it.each([
    ['admin', 'Admin'],
    ['b2b_admin', 'B2b admin'],
    ['b2c_admin', 'B2c admin'],
    ['b2b_user', 'B2b user'],
    ['b2c_user', 'B2c user'],
    ['operation_admin', 'Operation Admin'],
    ['financial_admin', 'Financial Admin'],
    ['Marketing Admin', 'Marketing Admin'],
    ['drone_admin', 'Drone Operator'],
    ['drone_operator', 'Drone Pilot'],
  ])('%s → %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });
  it('labels an unknown role by the generic rule', () => {
    expect(roleLabel('field_scout')).toBe('Field scout');
  });
});

describe('home path by role', () => {
  it.each([
    ['admin', '/fields'],
    ['operation_admin', '/fields'],
    ['financial_admin', '/fields'],
    ['Marketing Admin', '/fields'],
    ['b2b_admin', '/fields'],
    ['b2c_admin', '/fields'],
    ['b2b_user', '/fields'],
    ['b2c_user', '/fields'],
    ['drone_admin', '/shoots'],
    ['drone_operator', '/shoots'],
  ] as const)('%s → %s', (role, path) => {
    expect(homePathForRole(role)).toBe(path);
  });
  it('covers every role', () => {
    for (const role of ROLES) expect(['/fields', '/shoots']).toContain(homePathForRole(role));
  });
});

describe('roles', () => {
  it('sign-up offers Business (b2b_admin) and Personal (b2c_admin) only', () => {
    expect(SIGN_UP_ACCOUNT_TYPES).toEqual({ Business: 'b2b_admin', Personal: 'b2c_admin' });
    expect(SIGN_UP_ROLES).toEqual(['b2b_admin', 'b2c_admin']);
  });
  it('isRole recognises the ten roles and nothing else', () => {
    expect(ROLES).toHaveLength(10);
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    expect(isRole('marketing_admin')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
