import type { ImagingSetup } from '@ampelos/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Invoice details of a company as last saved through the invoice form (spec section 3). */
export interface CompanyInvoiceDetails {
  firmTitle: string;
  firmActivity: string;
  vatId: string;
  email: string;
  telephone: string;
  city: string;
  address: string;
  zipCode: string;
  taxAuthority: string;
  state: string;
  country: string;
}

/** A customer organisation (b2b) or drone operator; extended by the operations feature. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().defaultRandom().unique(),
  title: text('title').notNull(),
  vatId: text('vat_id'),
  activity: text('activity'),
  email: text('email'),
  telephone: text('telephone'),
  city: text('city'),
  address: text('address'),
  zipCode: text('zip_code'),
  taxAuthority: text('tax_authority'),
  state: text('state'),
  country: text('country'),
  /** Storage keys of the avatar renditions (not URLs). */
  avatarXs: text('avatar_xs'),
  avatarMd: text('avatar_md'),
  /** Null until the invoice form is saved; orders invoiced to the company copy it. */
  invoiceDetails: jsonb('invoice_details').$type<CompanyInvoiceDetails>(),
  /** 'customer' (a business account) or 'drone_operator' (its users: the drone_admin and its pilots). */
  kind: text('kind').notNull().default('customer'),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    lang: text('lang').notNull().default('en'),
    mobile: text('mobile'),
    location: text('location'),
    avatarXs: text('avatar_xs'),
    avatarMd: text('avatar_md'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    /** Added by someone else (Add User): set when the invitation was sent. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /**
     * Last sign-in or authenticated request (kept to the day): the 6-year retention counts from it
     * (modules/privacy, docs/decisions/accounts.md).
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** The account was closed by its owner: no sign-in, no mail; its data is purged 60 days later. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Personal data removed; the row stays as an anonymous stand-in for the orders the law keeps. */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // A closed account frees its e-mail address for a new sign-up.
    uniqueIndex('users_email_unique').on(table.email).where(sql`${table.deletedAt} is null`),
    index('users_company_idx').on(table.companyId),
    index('users_role_idx').on(table.role),
    index('users_deleted_idx').on(table.deletedAt).where(sql`${table.purgedAt} is null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
  ],
);

/** Single-use e-mail verification and password-reset tokens, stored as SHA-256 hashes. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('user_tokens_hash_unique').on(table.tokenHash)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    country: text('country').notNull(),
    state: text('state').notNull(),
    zipPostcode: text('zip_postcode').notNull(),
    line1: text('line_1').notNull(),
    line2: text('line_2'),
    line3: text('line_3'),
    isBilling: boolean('is_billing').notNull().default(true),
    isShipping: boolean('is_shipping').notNull().default(false),
    ...timestamps,
  },
  (table) => [index('addresses_user_idx').on(table.userId)],
);

/**
 * Every e-mail the product sends. The body is kept until delivery so the job can retry,
 * then cleared (it may hold a one-time link).
 */
export const emails = pgTable('emails', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  template: text('template').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body'),
  htmlBody: text('html_body'),
  headers: text('headers'),
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A registered field (vineyard). Area in square metres, computed on the server from the polygon. */
export const fields = pgTable(
  'fields',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The owner's company when the field was created: b2b colleagues share it. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    variety: text('variety'),
    usedFor: integer('used_for').notNull().default(1),
    age: doublePrecision('age'),
    altitude: doublePrecision('altitude'),
    slope: doublePrecision('slope'),
    avgPlantHeight: doublePrecision('avg_plant_height'),
    /** Closed ring of [longitude, latitude] in WGS84 (GeoJSON order). */
    polygon: jsonb('polygon').$type<[number, number][]>().notNull(),
    area: doublePrecision('area').notNull(),
    centroidLng: doublePrecision('centroid_lng').notNull(),
    centroidLat: doublePrecision('centroid_lat').notNull(),
    mapDisplay: jsonb('map_display').$type<{ lat: number; lng: number; zoom: number }>(),
    region: text('region'),
    country: text('country'),
    countryCode: text('country_code'),
    avatarMd: text('avatar_md'),
    avatarXs: text('avatar_xs'),
    agroId: text('agro_id'),
    ...timestamps,
  },
  (table) => [
    index('fields_owner_idx').on(table.ownerId),
    index('fields_company_idx').on(table.companyId),
    // The dashboard map asks for the outlines of the fields centred in the visible area.
    index('fields_centroid_idx').on(table.centroidLat, table.centroidLng),
  ],
);

export interface ReportScale {
  ratio: { x: number; y: number };
}
export interface ReportSize {
  hd: { w: number; h: number };
}
/** A stressed-plant box in HD-photo pixels, with its centre on the ground. */
export interface ReportBox {
  thr_coords: { x: number; y: number; w: number; h: number };
  lng: number;
  lat: number;
  colour: string;
  className: string;
  comment?: string;
  /** Annotation (modules/results): stress factor id, when and by whom (display name). */
  factor?: string;
  annotatedAt?: string;
  annotatedBy?: string;
  /** Drawn by a person on the HD photo (colour is then empty). */
  drawn?: boolean;
}
/** One analysed photo (or raster window) of a report's outputData. */
export interface ReportOutputPoint {
  lng: number;
  lat: number;
  file: string;
  bboxes: Record<string, ReportBox>;
  /** Base of the HD derivative (`{base}-hd.jpg`); windows of one orthomosaic share `file`. */
  base?: string;
  /** Ground position of the HD image's corners [lng, lat]: top-left, bottom-left, bottom-right, top-right. */
  corners?: [number, number][];
  /** Size of the HD image the boxes' pixels refer to (older reports: the report's `size.hd`). */
  hd?: { w: number; h: number };
  /** How the photo was read: camera, bands, height above ground and its source, method. */
  imaging?: ImagingSetup;
}

/**
 * A purchased (or in-cart) report: one row per shoot of a package. The field's title and area are
 * copied at creation so orders stay readable after the field is deleted (fieldId then becomes null).
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    fieldId: integer('field_id').references(() => fields.id, { onDelete: 'set null' }),
    fieldTitle: text('field_title').notNull(),
    /** Square metres, as the field had when the report was added. */
    fieldArea: doublePrecision('field_area').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'e2e' or 'manual'. */
    service: text('service').notNull(),
    /** Shoots of the package this report belongs to (the price key). */
    shoots: integer('shoots').notNull(),
    status: text('status').notNull().default('pending'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Results of the imaging pipeline (spec section 3), filled when the report completes. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    camera: text('camera'),
    numOfInputImgs: integer('num_of_input_imgs'),
    numOfOutputImgs: integer('num_of_output_imgs'),
    scale: jsonb('scale').$type<ReportScale>(),
    size: jsonb('size').$type<ReportSize>(),
    outputData: jsonb('output_data').$type<ReportOutputPoint[]>(),
    /**
     * Stressed-plant boxes in outputData, kept by the database on every write so the dashboard sums a
     * column instead of walking 100,000 JSON documents (docs/decisions/agro.md).
     */
    stressedPoints: integer('stressed_points')
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce(jsonb_array_length(jsonb_path_query_array(output_data, '$[*].bboxes.keyvalue()')), 0)`,
      ),
    surfaceMapMin: doublePrecision('surface_map_min'),
    surfaceMapMax: doublePrecision('surface_map_max'),
    /** Map layers the report has tiles for (MAP_LAYERS keys), so the viewer offers only those. */
    layers: jsonb('layers').$type<string[]>(),
    /** Set once the "AI Processing completed" side effects ran: they run at most once. */
    completionNotifiedAt: timestamp('completion_notified_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('reports_owner_status_idx').on(table.ownerId, table.status),
    index('reports_field_idx').on(table.fieldId),
    index('reports_order_idx').on(table.orderId),
  ],
);

/** A discount code; administrators create and deactivate them. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    discountPercent: doublePrecision('discount_percent').notNull(),
    minTotalHectares: doublePrecision('min_total_hectares'),
    /** Lets a cart with E2E reports proceed below the 5-hectare minimum. */
    waivesE2eMinimum: boolean('waives_e2e_minimum').notNull().default(false),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('coupons_code_unique').on(table.code)],
);

/** An order: every total is computed on the server when it is created. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending_payment'),
    /** 'receipt' or 'invoice'. */
    transactionType: text('transaction_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** Sum of the items before any discount. */
    total: doublePrecision('total').notNull(),
    finalPrice: doublePrecision('final_price').notNull(),
    /** Effective volume discount percent. */
    discountPercent: doublePrecision('discount_percent').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    couponPercent: doublePrecision('coupon_percent'),
    billingAddress: jsonb('billing_address').$type<Record<string, string | null>>(),
    paymentDetails: jsonb('payment_details').$type<Record<string, string | null>>(),
    idempotencyKey: text('idempotency_key'),
    ...timestamps,
  },
  (table) => [
    index('orders_user_idx').on(table.userId),
    uniqueIndex('orders_user_idempotency_unique').on(table.userId, table.idempotencyKey),
  ],
);

/** One use of a coupon per customer and calendar year. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    year: integer('year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('coupon_redemptions_unique').on(table.couponId, table.userId, table.year)],
);

/** One notification for one recipient (spec section 3): the read flag is the recipient's own. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    index('notifications_user_read_idx').on(table.userId, table.read),
  ],
);

/**
 * The photo shoot of an E2E report (one per report). Days are calendar days (YYYY-MM-DD, Europe/Athens):
 * the client's availability (date_start … date_end), the confirmed and alternative ranges, the final
 * day, and the fixed days staff may set instead.
 */
export const shoots = pgTable(
  'shoots',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    /** 'flexible' (the client's availability) or 'fixed' (days set by staff). */
    scheduleType: text('schedule_type').notNull().default('flexible'),
    dateStart: date('date_start', { mode: 'string' }),
    dateEnd: date('date_end', { mode: 'string' }),
    confirmedStart: date('confirmed_start', { mode: 'string' }),
    confirmedEnd: date('confirmed_end', { mode: 'string' }),
    alternativeStart: date('alternative_start', { mode: 'string' }),
    alternativeEnd: date('alternative_end', { mode: 'string' }),
    finalDay: date('final_day', { mode: 'string' }),
    fixedPrimary: date('fixed_primary', { mode: 'string' }),
    fixedAlternative: date('fixed_alternative', { mode: 'string' }),
    status: text('status').notNull().default('unassigned'),
    droneAdminId: integer('drone_admin_id').references(() => users.id, { onDelete: 'set null' }),
    droneOperatorId: integer('drone_operator_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('shoots_report_unique').on(table.reportId),
    index('shoots_drone_admin_idx').on(table.droneAdminId),
    index('shoots_drone_operator_idx').on(table.droneOperatorId),
    index('shoots_status_idx').on(table.status),
  ],
);

/**
 * One upload session of a report's data (BYOI customer, or staff/pilot for E2E). `open` collects tus
 * uploads; `validating` runs the ingest job; `rejected` had no valid image; `processing` runs the
 * analysis jobs; `complete` or `failed` at the end. At most one non-rejected dataset per report.
 */
export const datasets = pgTable(
  'datasets',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('open'),
    /** 'photos' or 'raster' once ingest has decided. */
    kind: text('kind'),
    /** Why the dataset was refused or failed (shown to the user). */
    message: text('message'),
    filesAccepted: integer('files_accepted').notNull().default(0),
    filesRejected: integer('files_rejected').notNull().default(0),
    /** Bumped when a crashed run is resumed: job ids of a new run never collide with stale ones. */
    generation: integer('generation').notNull().default(0),
    /** Dataset-wide statistics of the analysis (robust medians and spreads). */
    statistics: jsonb('statistics').$type<Record<string, unknown>>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('datasets_report_idx').on(table.reportId),
    uniqueIndex('datasets_report_active_unique')
      .on(table.reportId)
      .where(sql`${table.status} <> 'rejected' and ${table.status} <> 'failed'`),
  ],
);

/** A tus upload (one file or zip) of a dataset; its bytes live under storage key `uploads/{id}`. */
export const datasetUploads = pgTable(
  'dataset_uploads',
  {
    id: text('id').primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set when ingest has recorded every file of this upload (ingest resumes after the last one). */
    inspectedAt: timestamp('inspected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dataset_uploads_dataset_idx').on(table.datasetId)],
);

/** One file found in a dataset (a loose upload or a zip entry) with its validation result. */
export const datasetFiles = pgTable(
  'dataset_files',
  {
    id: serial('id').primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    uploadId: text('upload_id').notNull(),
    /** The name the user gave it: the upload's file name or the zip entry path. */
    path: text('path').notNull(),
    /** Where the accepted file's bytes are (null when rejected). */
    storageKey: text('storage_key'),
    /** 'photo', 'band', 'orthomosaic' or 'dsm', identified from the bytes. */
    kind: text('kind'),
    format: text('format'),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull(),
    /** Rejection code (no_gps, outside_field, unsupported_type, corrupt, …) and its message. */
    reason: text('reason'),
    message: text('message'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** What the metadata reader found (camera, altitude, yaw, bands, CRS …). */
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('dataset_files_path_unique').on(table.datasetId, table.uploadId, table.path)],
);

/**
 * A unit of analysis work (a photo, a band set or a raster window) of a dataset: one job each.
 * The row is the source of truth for progress and idempotency; the job only points at it.
 */
export const datasetUnits = pgTable(
  'dataset_units',
  {
    id: serial('id').primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fileIds: jsonb('file_ids').$type<number[]>().notNull(),
    /** What the unit covers: output base name, original file name, raster window. */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('dataset_units_key_unique').on(table.datasetId, table.key),
    index('dataset_units_status_idx').on(table.datasetId, table.status),
  ],
);

/**
 * Staff actions (order status, assignment, user edits, coupons, deploys): who, what, to which record and
 * when. The actor's name and role are copied so an entry stays readable after the account is deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    /** The record's uuid (or a coupon's code). */
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_action_created_idx').on(table.action, table.createdAt),
  ],
);

/**
 * Runs of the administrators' agro jobs (modules/agro): each goes through the reports in id order and
 * writes their agronomy file; progress is read by GET and pushed to the administrators' console.
 */
export const agroRuns = pgTable(
  'agro_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** An AGRO_JOB_KINDS value. */
    kind: text('kind').notNull(),
    /** queued, running, done or failed. */
    status: text('status').notNull().default('queued'),
    requestedById: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The administrator's name as it was; null for the daily schedule. */
    requestedByName: text('requested_by_name'),
    total: integer('total'),
    done: integer('done').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Id of the last report gone through: a run retried after a crash continues after it. */
    cursor: integer('cursor').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('agro_runs_created_idx').on(table.createdAt)],
);

/**
 * A user's download of their own data (modules/privacy): a zip written by a job into storage under
 * `exports/{userUuid}/{id}.zip`, downloadable by its owner until `expiresAt`.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** queued, running, ready or failed. */
    status: text('status').notNull().default('queued'),
    /** Files to put in the zip once counted, and how many are in. */
    filesTotal: integer('files_total'),
    filesDone: integer('files_done').notNull().default(0),
    storageKey: text('storage_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [index('data_exports_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * Counters of the sign-in and account e-mail limits (modules/auth/throttle.ts), shared by every API
 * process: `login:{email}` (wrong passwords on one account from any address), `mail-from:{ip}` and
 * `mail-to:{email}` (account e-mails caused by one address, received by one mailbox).
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    /** No attempt is taken before this moment (a slowdown or a lock). */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (table) => [index('auth_throttles_window_idx').on(table.windowStartedAt)],
);

/*
 * The dashboard's figures, kept current by triggers on reports, shoots, orders and fields (migration
 * 0011): the overview reads these few hundred rows instead of aggregating 100,000 reports per request.
 * Only the triggers write them; modules/analytics reads them.
 */

/**
 * Per field (0: reports whose field was deleted), the reports past the cart, their image counts, and the
 * field's area (the overview's "hectares with shoots" without reading the fields).
 */
export const analyticsFieldReports = pgTable('analytics_field_reports', {
  fieldKey: integer('field_key').primaryKey(),
  area: doublePrecision('area').notNull().default(0),
  reports: integer('reports').notNull().default(0),
  e2e: integer('e2e').notNull().default(0),
  manual: integer('manual').notNull().default(0),
  inputs: bigint('inputs', { mode: 'number' }).notNull().default(0),
  outputs: bigint('outputs', { mode: 'number' }).notNull().default(0),
  stressed: bigint('stressed', { mode: 'number' }).notNull().default(0),
});

/** One row: how many fields there are and their area. */
export const analyticsFieldTotals = pgTable('analytics_field_totals', {
  id: boolean('id').primaryKey().default(true),
  fields: integer('fields').notNull().default(0),
  area: doublePrecision('area').notNull().default(0),
});

/** Shoots per status. */
export const analyticsShootStatuses = pgTable('analytics_shoot_statuses', {
  status: text('status').primaryKey(),
  count: integer('count').notNull().default(0),
});

/** Orders per day placed (dashboard time zone), payment method, status and whether a coupon was used. */
export const analyticsOrderDays = pgTable(
  'analytics_order_days',
  {
    day: date('day').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull(),
    withCoupon: boolean('with_coupon').notNull(),
    orders: integer('orders').notNull().default(0),
    orderValue: numeric('order_value').notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.day, table.paymentMethod, table.status, table.withCoupon] })],
);
