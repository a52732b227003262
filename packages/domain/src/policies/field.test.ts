import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles/roles.ts';
import { fieldScope } from './field.ts';

describe('field scope', () => {
  it.each([
    ['admin', 'all'],
    ['operation_admin', 'all'],
    ['financial_admin', 'all'],
    ['Marketing Admin', 'all'],
    ['b2b_admin', 'company'],
    ['b2b_user', 'company'],
    ['b2c_admin', 'own'],
    ['b2c_user', 'own'],
    ['drone_admin', 'own'],
    ['drone_operator', 'own'],
  ] as const)('%s sees %s fields', (role, scope) => {
    expect(fieldScope(role)).toBe(scope);
  });
  it('covers every role, and an unknown role sees only its own', () => {
    for (const role of ROLES) expect(['all', 'company', 'own']).toContain(fieldScope(role));
    expect(fieldScope('marketing_admin')).toBe('own');
  });
});
