import type { CouponView } from '@ampelos/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What `GET /coupon/code/:code` answers: the coupon, with whether it waives the E2E minimum. */
export type CheckedCoupon = CouponView;

/** Checked against the caller's cart; the form shows the refusal itself (no global alert). */
export const checkCoupon = (code: string) =>
  api.get<CheckedCoupon>(`/coupon/code/${encodeURIComponent(code.trim())}`, {
    handledStatuses: [400, 404],
  });

export function useCheckCoupon() {
  return useMutation({ mutationFn: checkCoupon });
}
