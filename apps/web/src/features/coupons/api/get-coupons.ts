import type { AdminCouponView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const COUPONS_QUERY_KEY = ['coupons'] as const;

/** `GET /api/coupons` (AdminOrders:update): every coupon, active or not. */
export const getCoupons = () =>
  api.get<{ data: AdminCouponView[] }>('/coupons').then((answer) => answer.data);

export const couponsQueryOptions = queryOptions({ queryKey: COUPONS_QUERY_KEY, queryFn: getCoupons });

export function useCoupons() {
  return useQuery(couponsQueryOptions);
}
