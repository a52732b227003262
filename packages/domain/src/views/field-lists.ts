// Answers that list fields together with another entity's views. Kept apart from field.ts so that
// field, commerce and operations views do not import each other in a circle.
import type { PriceBreakdown } from '../pricing.ts';
import type { CartItemView } from './commerce.ts';
import type { FieldView } from './field.ts';
import type { ShootReportView, ShootView } from './operations.ts';

/**
 * A shoot as the fields list carries it: its scheduling state and the caller's actions, with its
 * report's identity; the field, the owner and the crew come from `GET /shoot/:uuid` and the Shoots screen.
 */
export type FieldShootView = Pick<
  ShootView,
  | 'id'
  | 'uuid'
  | 'reportId'
  | 'fieldId'
  | 'scheduleType'
  | 'dateRange'
  | 'shootDays'
  | 'fixedDates'
  | 'status'
  | 'needsAssignment'
  | 'completedAt'
  | 'createdAt'
  | 'updatedAt'
  | 'actions'
> & { report: Pick<ShootReportView, 'id' | 'uuid' | 'status'> };

/** `GET /fields` answer. */
export interface FieldListView {
  data: FieldView[];
  /** The photo shoots of the listed fields the caller may see (spec: entries with fieldId). */
  shootData: FieldShootView[];
}

/** `GET /fields?type=cart` answer. */
export interface CartView {
  data: FieldView[];
  shootData: { fieldId: number }[];
  cartItems: CartItemView[];
  /** Distinct fields' hectares (the E2E minimum and coupon limits use it). */
  totalHectares: number;
  hasE2e: boolean;
  totals: PriceBreakdown;
}
