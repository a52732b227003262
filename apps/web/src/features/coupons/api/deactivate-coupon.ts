import type { AdminCouponView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { COUPONS_QUERY_KEY } from './get-coupons.ts';

/** `PUT /api/coupons/{code}/deactivate`. */
export const deactivateCoupon = (code: string) =>
  api.put<{ data: AdminCouponView; msg: string }>(`/coupons/${encodeURIComponent(code)}/deactivate`);

export function useDeactivateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY }),
  });
}
