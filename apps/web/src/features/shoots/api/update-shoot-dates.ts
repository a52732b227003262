import type { CalendarDay, DayRange, ShootAnswer } from '@ampelos/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applyShootAnswer, SHOOT_REQUEST, showShootFailure } from './shoot-mutation.ts';

export interface ConfirmDatesInput {
  shootUuid: string;
  confirmed: DayRange;
  alternative: DayRange;
}

/** `PUT /api/shoot/updateDates`: the confirmed and alternative ranges → confirmed_shoot_dates. */
export function confirmShootDates({
  shootUuid,
  confirmed,
  alternative,
}: ConfirmDatesInput): Promise<ShootAnswer> {
  return api.put<ShootAnswer>(
    '/shoot/updateDates',
    { shootUuid, shootDays: { confirmed, alternative } },
    SHOOT_REQUEST,
  );
}

export function useConfirmShootDates() {
  return useMutation({
    mutationFn: confirmShootDates,
    onSuccess: applyShootAnswer,
    onError: showShootFailure,
  });
}

export interface FinalDayInput {
  shootUuid: string;
  /** null resets the final day. */
  final: CalendarDay | null;
}

/** `PUT /api/shoot/updateDates` with updateType final: set or reset the final shoot day. */
export function setFinalShootDay({ shootUuid, final }: FinalDayInput): Promise<ShootAnswer> {
  return api.put<ShootAnswer>(
    '/shoot/updateDates',
    { shootUuid, updateType: 'final', shootDays: { final } },
    SHOOT_REQUEST,
  );
}

export function useSetFinalShootDay() {
  return useMutation({
    mutationFn: setFinalShootDay,
    onSuccess: applyShootAnswer,
    onError: showShootFailure,
  });
}
