import { grantableRoles } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { roleChoices } from './user-roles.ts';

describe('roleChoices', () => {
  it('offers what the caller may give, narrowed to the kind of a given company', () => {
    const admin = grantableRoles('admin');
    expect(roleChoices(admin, { id: 1, title: 'Vineyards SA', kind: 'customer' })).toEqual([
      'b2b_admin',
      'b2b_user',
    ]);
    expect(roleChoices(admin, { id: 2, title: 'Sky Ops', kind: 'drone_operator' })).toEqual([
      'drone_admin',
      'drone_operator',
    ]);
    expect(roleChoices(grantableRoles('b2b_admin'))).toEqual(['b2b_user']);
  });
});
