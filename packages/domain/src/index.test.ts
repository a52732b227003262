import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('package entry', () => {
  it('keeps the exports server and web already use', () => {
    for (const name of [
      'MESSAGES',
      'signUpSchema',
      'loginSchema',
      'newPasswordSchema',
      'addressSchema',
      'updateAddressSchema',
      'deleteAddressSchema',
      'profileUpdateSchema',
      'changePasswordSchema',
      'ROLE_PERMISSIONS',
      'can',
      'roleLabel',
      'homePathForRole',
    ]) {
      expect(domain).toHaveProperty(name);
    }
  });
  it('exports the new modules', () => {
    for (const name of [
      'REPORT_STATUSES',
      'SHOOT_STATUSES',
      'ORDER_STATUSES',
      'canTransition',
      'canTransitionReport',
      'canTransitionShoot',
      'canTransitionOrder',
      'reportPrice',
      'volumeDiscount',
      'applyCoupon',
      'kelvinToCelsius',
      'invoiceDetailsSchema',
      'fieldCreateSchema',
      'fieldUpdateSchema',
      'imageSizeSchema',
      'VAT_RATE',
    ]) {
      expect(domain).toHaveProperty(name);
    }
  });
});
