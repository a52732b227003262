import type { PaymentMethod } from '../constants.ts';
import type { ShootStatus } from '../statuses/shoot-status.ts';
import type { CalendarDay } from './operations.ts';

/** One week of the growth chart: orders placed that week (Europe/Athens weeks starting Monday). */
export interface GrowthWeek {
  weekStart: CalendarDay;
  orders: number;
  /** Sum of the orders' final prices (EUR, VAT excluded), whatever their status. */
  orderValue: number;
  /** Orders placed with a coupon. */
  couponOrders: number;
}

/** One month of the orders chart, by order status. */
export interface OrdersMonth {
  /** `YYYY-MM`. */
  month: string;
  complete: number;
  pendingPayment: number;
  orderValue: number;
}

/**
 * `GET /analytics/overview` (spec section 3, "Analytics overview"). Report figures count ordered reports
 * (not those still in a cart); a field "with shoots" has at least one ordered report (each report is one
 * shoot of a package). Totals are all-time; `growth` and `monthlyOrders` cover `range`.
 */
export interface AnalyticsOverview {
  range: { from: CalendarDay; to: CalendarDay };
  reports: {
    numOfInputImgs: number;
    numOfOutputImgs: number;
    /** Stressed-plant boxes over every report's outputData. */
    totalStressedPoints: number;
    services: { e2e: number; manual: number };
  };
  fields: {
    totalHectares: number;
    totalHectaresWithShoots: number;
    totalNumOfFieldsWithShoots: number;
    totalNumOfFields: number;
  };
  companies: { totalNum: number };
  orders: { total: number; byPaymentMethod: Record<PaymentMethod, number> };
  shootStatuses: Record<ShootStatus, number>;
  growth: GrowthWeek[];
  monthlyOrders: OrdersMonth[];
}

/** A field on the dashboard map: its centroid, enough to cluster 10,000 of them. */
export interface FieldMapPoint {
  uuid: string;
  title: string;
  hectares: number;
  lng: number;
  lat: number;
}

/** `GET /analytics/fields-map`. */
export interface FieldsMapAnswer {
  data: FieldMapPoint[];
}

/** `GET /analytics/fields-map/polygons?bbox=`: outlines of the fields centred in the box. */
export interface FieldOutlinesAnswer {
  data: { uuid: string; title: string; ring: [number, number][] }[];
  /** More fields are in the box than one answer carries (zoom in to see them all). */
  truncated: boolean;
}
