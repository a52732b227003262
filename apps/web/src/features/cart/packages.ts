import { E2E_PREMIUM_SHOOTS, PACKAGE_SIZES, type Plan, pricePerHectare, type Service } from '@ampelos/domain';

/** Shoots per plan (spec section 9): BYOI 3 or 6; E2E 3 or 5. */
export function shootsOf(service: Service, plan: Plan): number {
  if (plan === 'standard') return PACKAGE_SIZES.STANDARD;
  return service === 'e2e' ? E2E_PREMIUM_SHOOTS : PACKAGE_SIZES.PREMIUM;
}

/** The rate per hectare of a service and plan, from the domain rate table. */
export const rateOf = (service: Service, plan: Plan): number =>
  pricePerHectare(service, shootsOf(service, plan));
