import type { DayRange, ShootAnswer } from '@ampelos/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/react-query.ts';

export interface GiveAvailabilityInput {
  reportUuid: string;
  dateRange: DayRange;
}

/**
 * `PUT /api/field/shoot/update`: the customer's availability (at most 14 days) for a processing E2E
 * report. The first call creates the shoot and moves the report to processing_pending.
 */
export function giveAvailability(input: GiveAvailabilityInput): Promise<ShootAnswer> {
  return api.put<ShootAnswer>('/field/shoot/update', { ...input, scheduleType: 'flexible' });
}

export function useGiveAvailability() {
  return useMutation({
    mutationFn: giveAvailability,
    // The field's reports (status) and shootData change, and so does the shoots list.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['fields'] }),
        queryClient.invalidateQueries({ queryKey: ['shoots'] }),
      ]),
  });
}
