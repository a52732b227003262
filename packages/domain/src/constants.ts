/**
 * Business constants and limits of spec section 9 (plus the few of sections 4 and 5 they belong with).
 * Every duration is in milliseconds, every size in bytes, every area in square metres unless named otherwise.
 */

/** Money: prices are shown in euros, US number format, VAT excluded from displayed prices. */
export const CURRENCY = 'EUR';
export const NUMBER_LOCALE = 'en-US';
export const VAT_RATE = 0.24;

/** 1 hectare = 10000 square metres; hectares = area / 10000. */
export const SQUARE_METRES_PER_HECTARE = 10_000;

/** The two services: end-to-end (the provider's drone team shoots) and bring your own images. */
export const SERVICES = ['e2e', 'manual'] as const;
export type Service = (typeof SERVICES)[number];
export const SERVICE_LABELS: Record<Service, string> = {
  e2e: 'End to End',
  manual: 'Bring Your Own Images',
};

/**
 * Price per hectare by service and number of shoots. Any other shoot count has no price (0).
 * The pricing chooser also advertises plans "from 100 or 120 per hectare"; those are display texts only.
 */
export const PRICES_PER_HECTARE = {
  manual: { 3: 120, 6: 280 },
  e2e: { 3: 200, 5: 400 },
} as const satisfies Record<Service, Record<number, number>>;

/** Package sizes in shoots per report. E2E Premium is 5 shoots. */
export const PACKAGE_SIZES = { STANDARD: 3, PREMIUM: 6 } as const;
export const E2E_PREMIUM_SHOOTS = 5;
export const PLANS = ['standard', 'premium'] as const;
export type Plan = (typeof PLANS)[number];

/** Defaults of the "Add multiple reports" (bulk) modal. */
export const BULK_REPORT_DEFAULTS = { service: 'e2e', plan: 'standard', shoots: 3 } as const;

/** A paid report is valid this many months from the day its order is completed (docs/decisions/commerce.md). */
export const REPORT_VALIDITY_MONTHS = 12;

/** In the cart, the distinct fields of E2E reports must total at least this many hectares. */
export const E2E_MIN_TOTAL_HECTARES = 5;
/**
 * Smallest field eligible for end-to-end, in hectares. The original's English text said 0.2 and its
 * Greek text 0.25; this one constant is the rule, and both languages show it.
 */
export const E2E_FIELD_MIN_HECTARES = 0.2;

export interface VolumeDiscountTier {
  /** Inclusive lower bound of the slice, in euros. */
  from: number;
  /** Exclusive upper bound of the slice, in euros (Infinity for the last tier). */
  to: number;
  /** Discount percent applied to the part of the amount inside this slice. */
  percent: number;
}

/**
 * Volume discount tiers by amount, applied marginally (each slice of the amount gets its own percent).
 * The 250000-500000 tier is 10 %, lower than the tier below it: the spec gives it so and it is kept.
 */
export const VOLUME_DISCOUNT_TIERS: readonly VolumeDiscountTier[] = [
  { from: 0, to: 5_000, percent: 0 },
  { from: 5_000, to: 10_000, percent: 3 },
  { from: 10_000, to: 30_000, percent: 5 },
  { from: 30_000, to: 50_000, percent: 7 },
  { from: 50_000, to: 150_000, percent: 10 },
  { from: 150_000, to: 250_000, percent: 15 },
  { from: 250_000, to: 500_000, percent: 10 },
  { from: 500_000, to: 1_000_000, percent: 20 },
  { from: 1_000_000, to: 2_000_000, percent: 25 },
  { from: 2_000_000, to: Number.POSITIVE_INFINITY, percent: 30 },
];

/** Checkout: transaction type codes and payment methods. */
export const TRANSACTION_TYPES = { receipt: 0, invoice: 1 } as const;
export type TransactionTypeName = keyof typeof TRANSACTION_TYPES;
export type TransactionType = (typeof TRANSACTION_TYPES)[TransactionTypeName];
/** wire_transfer is the one in use; card and stripe appear in stored data. */
export const PAYMENT_METHODS = ['wire_transfer', 'card', 'stripe'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'wire_transfer';
/** Cart steps: 0 Cart, 1 Billing Info, 2 Payment Method, 3 order success. */
export const CART_STEPS = { cart: 0, billing: 1, payment: 2, success: 3 } as const;

/** Uploads: an image at most 2 MB, a dataset strictly under 1 terabyte (1000 GB). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const DATASET_MAX_BYTES = 1000 * 1024 * 1024 * 1024;

/** Shoot scheduling range in days. */
export const SHOOT_RANGE_DAYS = 14;

/** Photos taken more than this many days from the shoot's final day are flagged to staff. */
export const CAPTURE_DAY_TOLERANCE_DAYS = 7;

/** Every timer of the product, in milliseconds. */
export const TIMERS_MS = {
  alertAutoRemove: 5000,
  notificationsPanelClose: 500,
  modalClose: 350,
  reportPickerAutoClose: 300,
  satelliteHint: 1600,
  passwordMismatchAlert: 3000,
  resetPasswordError: 5000,
  finalDayConfirmation: 4000,
  invoiceSuccess: 5000,
  invoiceError: 3000,
  profileSuccess: 5000,
  profileError: 3000,
  passwordMessage: 5000,
} as const;

/** Map settings. */
export const MAP = {
  initialZoom: 5,
  clusterRadius: 50,
  clusterMaxZoomDashboard: 14,
  clusterMaxZoomReport: 30,
  /** Cluster colour changes at these point counts. */
  clusterColourSteps: [100, 750],
  rasterMinZoom: 0,
  rasterMaxZoom: 23,
  rasterTileSize: 512,
  layerOpacityMin: 0,
  layerOpacityMax: 100,
  layerOpacityDefault: 100,
  gridSquareKm: 0.08,
  gridBufferKm: 0.08,
  annotationLineWidth: 3,
  annotationLineWidthWide: 10,
  /** Above this window width (px) the annotation line is the wide one. */
  annotationWideAbovePx: 992,
} as const;

/**
 * Dashboard charts: the growth series by week, orders by month, both between two days the admin picks.
 * The original's fixed 2021 range is replaced by the last seven calendar months (the current one included).
 */
export const DASHBOARD_CHARTS = {
  growthInterval: 'week',
  ordersInterval: 'month',
  defaultRangeMonths: 7,
  /** Longest range one request may ask for (about five years: at most 262 weekly points). */
  maxRangeDays: 1830,
} as const;

/** Map layers of a report (section 4) and the year from which Water Stress is offered. */
export const MAP_LAYERS = {
  ai: 'Plant Stress',
  beta: 'Classification',
  comb: 'Chlorophyll Content',
  water_stress: 'Water Stress',
  dsm: 'Surface Model',
  no_pseu: 'High Definition',
} as const;
export type MapLayer = keyof typeof MAP_LAYERS;
export const WATER_STRESS_MIN_YEAR = 2023;
export const SATELLITE_INDICES = ['ndwi', 'evi2', 'ndvi'] as const;
export type SatelliteIndex = (typeof SATELLITE_INDICES)[number];

/** Layout breakpoints and sizes in pixels. */
export const BREAKPOINTS = {
  smallScreen: 767,
  imageDrag: 1024,
  /** Image width is capped at window width minus this margin. */
  imageWidthMargin: 30,
  /** Calendar height is about window height divided by this. */
  calendarHeightDivisor: 1.2,
} as const;

/** Conversions. */
export const MPH_TO_KNOTS = 0.86898;
export const KELVIN_OFFSET = 273.15;
/** Shoot calendar event length: 0.25 hours per hectare (10000 units of area). */
export const SHOOT_EVENT_HOURS_PER_HECTARE = 0.25;
/** Weather history keeps every third entry. */
export const WEATHER_KEEP_EVERY = 3;

/** Numeric inputs: integers clamped to 1..2000, parsed integers capped at 2000 by default. */
export const INTEGER_CLAMP = { min: 1, max: 2000 } as const;
export const PARSE_INT_CAP = 2000;

/** Languages: en is the fallback; Greek only when the user's lang is el. */
export const LANGS = ['en', 'el'] as const;
export const FALLBACK_LANG = 'en';
export const DATE_FORMATS = { dayMonth: 'DD/MM', dayMonthYear: 'DD/MM/YY' } as const;

/** The add-to-home-screen prompt shows at most this many times. */
export const ADD_TO_HOME_MAX_PROMPTS = 3;

/** Privacy policy: data is kept at most 60 days after the account is deleted. */
export const DELETED_ACCOUNT_RETENTION_DAYS = 60;
/** Privacy policy: data is kept up to 6 years while the account is unused (docs/decisions/accounts.md). */
export const INACTIVE_ACCOUNT_RETENTION_YEARS = 6;
