import { POLICIES, type PolicyActor, type PolicyName, type Role } from '@ampelos/domain';
import { forbidden } from '../../platform/http/errors.ts';
import type { AuthContext } from './sessions.ts';

/** The signed-in caller as the domain's policies see it. */
export function policyActor(auth: AuthContext): PolicyActor {
  return { role: auth.user.role as Role, userId: auth.user.id, companyId: auth.user.companyId };
}

/** Whether the caller's role passes a named policy (the check made before any record is read). */
export function mayCall(auth: AuthContext, name: PolicyName): boolean {
  return POLICIES[name].role(auth.user.role as Role);
}

/** 403 (with the policy's own refusal text, if it names one) unless the caller's role passes the policy. */
export function requirePolicy(auth: AuthContext, name: PolicyName): void {
  const policy = POLICIES[name];
  if (!mayCall(auth, name)) throw forbidden('refusal' in policy ? policy.refusal : undefined);
}
