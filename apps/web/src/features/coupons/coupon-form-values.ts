import { COMMERCE_MESSAGES, couponCreateSchema } from '@ampelos/domain';
import type { CouponCreateInput } from './api/create-coupon.ts';

export interface CouponFormValues {
  code: string;
  /** NumberInput gives '' while empty. */
  discountPercent: number | string;
  minTotalHectares: number | string;
  waivesE2eMinimum: boolean;
  /** `YYYY-MM-DD` from a date input, or ''. */
  validFrom: string;
  validTo: string;
}

export const EMPTY_COUPON: CouponFormValues = {
  code: '',
  discountPercent: '',
  minTotalHectares: '',
  waivesE2eMinimum: false,
  validFrom: '',
  validTo: '',
};

const numberOrUndefined = (value: number | string) =>
  value === '' || value === null ? undefined : Number(value);

/**
 * The request body. A validity window is whole days in UTC, both ends included: from the start of the
 * first day to the last millisecond of the last day (the server compares instants).
 */
export function couponPayload(values: CouponFormValues): CouponCreateInput {
  return {
    code: values.code,
    discountPercent: numberOrUndefined(values.discountPercent) as number,
    minTotalHectares: numberOrUndefined(values.minTotalHectares) ?? null,
    waivesE2eMinimum: values.waivesE2eMinimum,
    validFrom: values.validFrom ? `${values.validFrom}T00:00:00.000Z` : null,
    validTo: values.validTo ? `${values.validTo}T23:59:59.999Z` : null,
  };
}

export type CouponFormErrorKey =
  | 'codeRequired'
  | 'codeFormat'
  | 'discountPercent'
  | 'minTotalHectares'
  | 'validFrom'
  | 'validTo'
  | 'validityOrder';

/** Checks the form with the domain's `couponCreateSchema`; answers an error key per input. */
export function validateCoupon(
  values: CouponFormValues,
): Partial<Record<keyof CouponFormValues, CouponFormErrorKey>> {
  const errors: Partial<Record<keyof CouponFormValues, CouponFormErrorKey>> = {};
  const result = couponCreateSchema.safeParse(couponPayload(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (field === 'code') {
        errors.code ??= issue.message === COMMERCE_MESSAGES.couponRequired ? 'codeRequired' : 'codeFormat';
      } else if (
        field === 'discountPercent' ||
        field === 'minTotalHectares' ||
        field === 'validFrom' ||
        field === 'validTo'
      ) {
        errors[field] ??= field;
      }
    }
  }
  if (values.validFrom && values.validTo && values.validTo < values.validFrom) {
    errors.validTo ??= 'validityOrder';
  }
  return errors;
}
