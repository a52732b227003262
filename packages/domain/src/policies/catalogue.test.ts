import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles/roles.ts';
import { isPolicyName, POLICIES } from './catalogue.ts';
import type { Policy } from './policy.ts';

describe('policy catalogue', () => {
  it('names each policy public, signedIn or entity.action, and a record kind comes with its decision', () => {
    for (const [name, policy] of Object.entries(POLICIES) as [string, Policy][]) {
      expect(name).toMatch(/^(public|signedIn|[a-z]+\.[a-zA-Z]+)$/);
      expect(Boolean(policy.entity)).toBe(Boolean(policy.decide));
    }
  });
  it('keeps public for anyone, and the administrator tools for admin alone', () => {
    expect(POLICIES.public.public).toBe(true);
    for (const role of ROLES) expect(POLICIES['admin.tools'].role(role)).toBe(role === 'admin');
  });
  it('lets only the cart holders put a field in the cart, and only a field they see', () => {
    const buyer = { role: 'b2c_admin' as const, userId: 1, companyId: null };
    const policy = POLICIES['field.order'];
    expect(policy.decide(buyer, { ownerId: 1, ownerCompanyId: null })).toBe('allowed');
    expect(policy.decide(buyer, { ownerId: 2, ownerCompanyId: null })).toBe('hidden');
    expect(ROLES.filter((role) => policy.role(role)).sort()).toEqual(['b2b_admin', 'b2b_user', 'b2c_admin']);
  });
  it('recognises its names only', () => {
    expect(isPolicyName('field.edit')).toBe(true);
    expect(isPolicyName('field.burn')).toBe(false);
    expect(isPolicyName(undefined)).toBe(false);
  });
});
