import { type Action, can, isRole, POLICIES, type PolicyName, type Resource } from '@ampelos/domain';
import { useMemo } from 'react';
import { useUser } from './auth.ts';

export interface Authorization {
  can: (action: Action, resource: Resource) => boolean;
  /** Whether the user's role passes a named policy of the domain, the same the server's route declares. */
  allows: (policy: PolicyName) => boolean;
}

/**
 * Builds the checker from the permission list of `GET /api/user` ("Resource:action" strings) and the
 * user's role. The server decides; this only hides what the server would refuse.
 */
export function createAuthorization(
  permissions: readonly string[] | null | undefined,
  role?: string | null,
): Authorization {
  const list = permissions ?? [];
  return {
    can: (action, resource) => can(list, action, resource),
    allows: (policy) => isRole(role) && POLICIES[policy].role(role),
  };
}

export function useAuthorization(): Authorization {
  const { data: user } = useUser();
  return useMemo(() => createAuthorization(user?.permissions, user?.role), [user?.permissions, user?.role]);
}
