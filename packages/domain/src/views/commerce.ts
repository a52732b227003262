import type { Service } from '../constants.ts';
import type { OrderStatus } from '../statuses/order-status.ts';
import type { ReportStatus } from '../statuses/report-status.ts';

/** A report as it leaves the server (spec section 3). */
export interface ReportView {
  id: number;
  uuid: string;
  service: Service;
  shoots: number;
  status: ReportStatus;
  validFrom: string | null;
  validTo: string | null;
  createdAt: string;
  updatedAt: string;
  fieldId: number | null;
  /** Analysis results (spec section 3), null until the report is complete. */
  processedAt: string | null;
  camera: string | null;
  numOfInputImgs: number | null;
  numOfOutputImgs: number | null;
  /** Map layers the report has tiles for. */
  layers: string[];
}

/** One cart group: a field plus a service, with the server's price. */
export interface CartItemView {
  fieldId: number;
  fieldUuid: string;
  title: string;
  service: Service;
  shoots: number;
  hectares: number;
  price: number;
  reports: string[];
}

export interface CouponView {
  code: string;
  discountPercent: number;
  details: { minTotalHectares: number | null };
  /** The coupon lets a cart with E2E reports proceed below the 5-hectare minimum. */
  waivesE2eMinimum: boolean;
}

export interface AdminCouponView extends CouponView {
  id: number;
  validFrom: string | null;
  validTo: string | null;
  active: boolean;
  createdAt: string;
}

export interface OrderReportView extends ReportView {
  Fields: { id: number; uuid: string; title: string; area: number } | null;
  fieldTitle: string;
  fieldArea: number;
}

export interface OrderView {
  id: number;
  uuid: string;
  status: OrderStatus;
  transactionType: 'receipt' | 'invoice';
  paymentMethod: string;
  total: number;
  finalPrice: number;
  discountPercent: number;
  coupon: { code: string; discountPercent: number } | null;
  billingAddress: Record<string, string | null> | null;
  paymentDetails: Record<string, string | null> | null;
  createdAt: string;
  user: {
    uuid: string;
    firstName: string;
    lastName: string;
    email: string;
    mobile: string | null;
    location: string | null;
  };
  Reports: OrderReportView[];
  numOfReport: number;
}
