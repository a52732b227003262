import { type Action, can, type Resource } from '@ampelos/domain';
import { useMemo } from 'react';
import { useUser } from './auth.ts';

export interface Authorization {
  can: (action: Action, resource: Resource) => boolean;
}

/** Builds the checker from the permission list of `GET /api/user` ("Resource:action" strings). */
export function createAuthorization(permissions: readonly string[] | null | undefined): Authorization {
  const list = permissions ?? [];
  return { can: (action, resource) => can(list, action, resource) };
}

export function useAuthorization(): Authorization {
  const { data: user } = useUser();
  return useMemo(() => createAuthorization(user?.permissions), [user?.permissions]);
}
