import type { ShootAnswer } from '@ampelos/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applyShootAnswer, SHOOT_REQUEST, showShootFailure } from './shoot-mutation.ts';

/** `PUT /api/shoot/:uuid/status` complete: the report then waits for the data. */
export function completeShoot(shootUuid: string): Promise<ShootAnswer> {
  return api.put<ShootAnswer>(
    `/shoot/${encodeURIComponent(shootUuid)}/status`,
    { status: 'complete' },
    SHOOT_REQUEST,
  );
}

export function useCompleteShoot() {
  return useMutation({ mutationFn: completeShoot, onSuccess: applyShootAnswer, onError: showShootFailure });
}
