import type { ShootAnswer } from '@ampelos/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applyShootAnswer, SHOOT_REQUEST, showShootFailure } from './shoot-mutation.ts';

/** Which slot a person fills: the drone operator organisation (drone_admin) or the pilot (drone_operator). */
export type CrewSlot = 'droneAdmin' | 'droneOperator';

export interface AssignShootInput {
  shootUuid: string;
  slot: CrewSlot;
  userId: number;
}

/** `PUT /api/shoot/:uuid` with droneAdminId or droneOperatorId. */
export function assignShoot({ shootUuid, slot, userId }: AssignShootInput): Promise<ShootAnswer> {
  const body =
    slot === 'droneAdmin' ? { droneAdminId: userId, type: slot } : { droneOperatorId: userId, type: slot };
  return api.put<ShootAnswer>(`/shoot/${encodeURIComponent(shootUuid)}`, body, SHOOT_REQUEST);
}

export function useAssignShoot() {
  return useMutation({ mutationFn: assignShoot, onSuccess: applyShootAnswer, onError: showShootFailure });
}
