import type { AdminCouponView, couponCreateSchema } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { COUPONS_QUERY_KEY } from './get-coupons.ts';

export type CouponCreateInput = z.input<typeof couponCreateSchema>;

/** `POST /api/coupons`. 400 and 409 are shown on the form (field messages, "already exists"). */
export const createCoupon = (input: CouponCreateInput) =>
  api.post<{ data: AdminCouponView }>('/coupons', input, { handledStatuses: [400, 409] });

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY }),
  });
}
