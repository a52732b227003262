import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles/roles.ts';
import { grantableRoles, mayAddUser, mayChooseUserCompany, mayEditUser, maySeeUser } from './user.ts';

describe('user policy', () => {
  it('never grants a role above one’s own', () => {
    expect(grantableRoles('admin')).toEqual(ROLES);
    expect(grantableRoles('b2b_admin')).toEqual(['b2b_user']);
    expect(grantableRoles('drone_admin')).toEqual(['drone_operator']);
    for (const role of ['operation_admin', 'financial_admin', 'b2c_admin', 'drone_operator'] as const) {
      expect(grantableRoles(role)).toEqual([]);
    }
    expect(mayAddUser({ role: 'b2b_user' }, 'b2b_user')).toBe(true);
    expect(mayAddUser({ role: 'b2b_user' }, 'b2b_admin')).toBe(false);
  });

  it('edits only visible users whose role one could give, never oneself', () => {
    const owner = { id: 1, role: 'b2b_admin' as const, companyId: 10 };
    expect(mayEditUser(owner, { id: 2, role: 'b2b_user', companyId: 10 })).toBe(true);
    expect(mayEditUser(owner, { id: 3, role: 'b2b_user', companyId: 11 })).toBe(false);
    expect(mayEditUser(owner, { id: 4, role: 'b2b_admin', companyId: 10 })).toBe(false);
    expect(mayEditUser(owner, owner)).toBe(false);
    expect(
      mayEditUser({ id: 5, role: 'b2b_user', companyId: 10 }, { id: 2, role: 'b2b_user', companyId: 10 }),
    ).toBe(false);
    expect(
      maySeeUser(
        { id: 6, role: 'drone_admin', companyId: null },
        { id: 7, role: 'drone_operator', companyId: null },
      ),
    ).toBe(false);
    expect(
      mayEditUser({ id: 8, role: 'admin', companyId: null }, { id: 9, role: 'admin', companyId: null }),
    ).toBe(true);
  });

  it('lets only administrators choose the company of a user they add or edit', () => {
    expect(ROLES.filter((role) => mayChooseUserCompany({ role }))).toEqual(['admin']);
  });
});
