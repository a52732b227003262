import type { MaintenanceView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { publicConfigQueryOptions } from '../../../lib/public-config.ts';

/** `PUT /api/system/maintenance` (administrators). */
export const setMaintenance = (on: boolean) =>
  api.put<{ data: MaintenanceView; msg: string }>('/system/maintenance', { on });

export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMaintenance,
    onSuccess: (answer) => {
      notifySuccess(translateMessage(answer.msg));
      void queryClient.invalidateQueries({ queryKey: publicConfigQueryOptions.queryKey });
    },
  });
}
