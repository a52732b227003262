import type { CalendarDay, ShootAnswer } from '@ampelos/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applyShootAnswer, SHOOT_REQUEST, showShootFailure } from './shoot-mutation.ts';

/** The shoot, or a processing E2E report that has none yet (the server then creates it). */
export type FixedDatesTarget = { shootUuid: string } | { reportUuid: string };

export interface FixedDatesInput {
  target: FixedDatesTarget;
  primary: CalendarDay;
  alternative: CalendarDay;
}

/** `POST /api/shoot/setFixedDates` (staff): a fixed primary and a fixed alternative day. */
export function setFixedShootDates({ target, primary, alternative }: FixedDatesInput): Promise<ShootAnswer> {
  return api.post<ShootAnswer>(
    '/shoot/setFixedDates',
    { ...target, fixedPrimaryDate: primary, fixedAlternativeDate: alternative },
    SHOOT_REQUEST,
  );
}

export function useSetFixedShootDates() {
  return useMutation({
    mutationFn: setFixedShootDates,
    onSuccess: applyShootAnswer,
    onError: showShootFailure,
  });
}
