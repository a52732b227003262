import type { UsersAnswer } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type CrewRole = 'drone_admin' | 'drone_operator';

/**
 * `POST /api/users/find` by role: drone operator organisations (staff) or pilots (staff: all; a
 * drone_admin: its own). Asked only when the caller may assign that slot.
 */
export function findCrew(role: CrewRole): Promise<UsersAnswer> {
  return api.post<UsersAnswer>('/users/find', { role });
}

export function useCrew(role: CrewRole, enabled: boolean) {
  return useQuery({ queryKey: ['shoot-crew', role], queryFn: () => findCrew(role), enabled });
}
