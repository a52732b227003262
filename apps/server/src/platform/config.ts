import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './storage/s3-storage.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
/**
 * Analysis threads a worker process runs by default: half the cores (the other half serves the API
 * in the embedded default, or another worker), at least 1, at most 4 (each holds a few hundred MB
 * of working buffers on large photos).
 */
export const imagingConcurrencyFor = (cores: number) => Math.max(1, Math.min(4, Math.floor(cores / 2)));

const intWithDefault = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(fallback));
/** An http(s) URL that may hold `{z}`-style placeholders, even in the host (`{s}.tile…`). */
const httpUrlTemplate = z
  .string()
  .regex(/^https?:\/\/[^\s/?#]+(\/\S*)?$/i, 'must be an http(s) URL (placeholders such as {z} allowed)');

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];
/**
 * `none`/`false`, a hop count, or a comma-separated list of addresses, CIDRs and the keywords
 * loopback, linklocal, uniquelocal (Fastify's trustProxy). `true` (trust any sender) is refused: it
 * lets every client choose its own address and walk around the rate limits.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (/^(none|false|0)$/i.test(value)) return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => {
      if (PROXY_KEYWORDS.includes(entry)) return false;
      const [address, bits, extra] = entry.split('/');
      const family = isIP(address ?? '');
      const maxBits = family === 6 ? 128 : 32;
      return (
        !family ||
        extra !== undefined ||
        (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits))
      );
    });
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be none, a hop count, or addresses/CIDRs/loopback (not "true": that trusts every client); bad: ${bad.join(', ') || value}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Keyless satellite imagery (XYZ template) used when no tile source is configured. */
export const DEFAULT_SATELLITE_TILES_URL =
  'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
export const DEFAULT_SATELLITE_ATTRIBUTION = 'Imagery © Esri, Maxar, Earthstar Geographics';

/** Every setting of the server, parsed once. `.env.example` documents each variable. */
const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: intWithDefault(3000),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  PROCESS_ROLE: z.preprocess(emptyToUndefined, z.enum(['all', 'api', 'worker']).default('all')),
  SMTP_URL: optionalString,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Ampelos <no-reply@ampelos.localhost>')),
  RECAPTCHA_SECRET: optionalString,
  RECAPTCHA_SITE_KEY: optionalString,
  SESSION_IDLE_DAYS: intWithDefault(14),
  SESSION_ABSOLUTE_DAYS: intWithDefault(30),
  RATE_LIMIT_AUTH_PER_MINUTE: intWithDefault(10),
  RATE_LIMIT_AUTH_WINDOW_SECONDS: intWithDefault(60),
  /** Whose X-Forwarded-For names the client: none, a hop count, or proxy addresses/CIDRs (docs/deploy.md). */
  TRUST_PROXY: z.preprocess((value) => emptyToUndefined(value) ?? 'loopback', trustProxySchema),
  /** Wrong passwords on one account (from any address) before each try must wait, then before a lock. */
  LOGIN_SLOWDOWN_AFTER: intWithDefault(5),
  LOGIN_LOCK_AFTER: intWithDefault(10),
  LOGIN_LOCK_MINUTES: intWithDefault(15),
  /** Account e-mails (sign-up, password reset) one client address may cause per hour. */
  AUTH_MAILS_PER_ADDRESS_PER_HOUR: intWithDefault(20),
  /** Account e-mails one mailbox may receive per hour (more are not sent; the answer is the same). */
  AUTH_MAILS_PER_RECIPIENT_PER_HOUR: intWithDefault(5),
  /** Disk kept free under local storage: an upload that would eat into it is refused. */
  UPLOAD_DISK_RESERVE_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(5120)),
  /** Bytes one account may have in datasets not yet processed (open, validating, processing). */
  UPLOAD_MAX_GB_PER_ACCOUNT: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(1000)),
  BANK_ACCOUNT_HOLDER: z.preprocess(emptyToUndefined, z.string().default('Ampelos Agritech IKE')),
  BANK_NAME: optionalString,
  BANK_IBAN: optionalString,
  BANK_BIC: optionalString,
  SALES_EMAIL: z.preprocess(emptyToUndefined, z.string().email().default('sales@ampelos.localhost')),
  /** The seller printed on order documents; the name defaults to the bank account holder. */
  SELLER_NAME: optionalString,
  SELLER_ADDRESS: optionalString,
  SELLER_VAT_ID: optionalString,
  SELLER_TAX_AUTHORITY: optionalString,
  WEB_DIST_DIR: optionalString,
  /** Maintenance from the configuration (administrators can also switch it on the dashboard). */
  MAINTENANCE_MODE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  MAP_SATELLITE_TILES_URL: z.preprocess(
    emptyToUndefined,
    httpUrlTemplate.default(DEFAULT_SATELLITE_TILES_URL),
  ),
  MAP_SATELLITE_ATTRIBUTION: z.preprocess(
    emptyToUndefined,
    z.string().default(DEFAULT_SATELLITE_ATTRIBUTION),
  ),
  MAP_STYLE_URL: z.preprocess(emptyToUndefined, httpUrlTemplate.optional()),
  DATASET_GEOFENCE_BUFFER_M: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(10_000).default(30)),
  DATASET_ZIP_MAX_ENTRIES: intWithDefault(100_000),
  DATASET_ZIP_MAX_RATIO: intWithDefault(200),
  IMAGING_JOB_EXPIRE_SECONDS: intWithDefault(1800),
  /** Analyses at once per worker process, each in its own thread (default: half the cores, 1 to 4). */
  IMAGING_CONCURRENCY: intWithDefault(imagingConcurrencyFor(availableParallelism())),
  /** Largest photo accepted at ingest, and sharp's decode limit for every photo (docs/IMAGING.md). */
  IMAGING_MAX_PHOTO_MEGAPIXELS: intWithDefault(120),
  /** Largest orthomosaic or DSM accepted at ingest (read by windows, so far above the photo cap). */
  IMAGING_MAX_RASTER_MEGAPIXELS: intWithDefault(10_000),
  /** Time budget of one analysis step (measure or detect of one unit); past it the unit fails. */
  IMAGING_STEP_TIMEOUT_SECONDS: intWithDefault(900),
  /** Disk (MB) a worker may use to hand each photo's phase-1 work to phase 2; 0 turns it off. */
  IMAGING_CACHE_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(4096)),
  /** Retries of a failed background job before it fails for good (0: the first failure is final). */
  JOB_RETRY_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(50).default(5)),
  /**
   * How often an idle worker process asks the database whether a job is waiting that nothing announced
   * (a sent job wakes the workers at once, a retry at its time): cron jobs and lost wake-ups.
   */
  JOB_IDLE_POLL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3600).default(60)),
  /** Weather and soil sources (docs/AGRO.md); Open-Meteo's free API is for non-commercial use only. */
  AGRO_WEATHER_PROVIDER: z.preprocess(
    emptyToUndefined,
    z.enum(['open-meteo', 'agromonitoring', 'none']).default('open-meteo'),
  ),
  AGRO_SOIL_PROVIDER: z.preprocess(
    emptyToUndefined,
    z.enum(['open-meteo', 'agromonitoring', 'none']).default('open-meteo'),
  ),
  AGROMONITORING_API_KEY: optionalString,
  AGROMONITORING_URL: z.preprocess(
    emptyToUndefined,
    z.string().url().default('https://api.agromonitoring.com'),
  ),
  /** Open-Meteo's commercial API key (with its customer URL in OPEN_METEO_URL). */
  OPEN_METEO_API_KEY: optionalString,
  OPEN_METEO_URL: z.preprocess(emptyToUndefined, z.string().url().default('https://api.open-meteo.com')),
  AGRO_TIMEOUT_MS: intWithDefault(5000),
  /** Weather and soil history of a report's period (Open-Meteo's Historical Forecast API). */
  OPEN_METEO_HISTORY_URL: z.preprocess(
    emptyToUndefined,
    z.string().url().default('https://historical-forecast-api.open-meteo.com'),
  ),
  /** Satellite index history: Agromonitoring when keyed (auto), else Sentinel-2 from a STAC catalogue. */
  AGRO_SATELLITE_SOURCE: z.preprocess(
    emptyToUndefined,
    z.enum(['auto', 'agromonitoring', 'sentinel-2-stac', 'none']).default('auto'),
  ),
  STAC_URL: z.preprocess(
    emptyToUndefined,
    z.string().url().default('https://earth-search.aws.element84.com/v1'),
  ),
  STAC_COLLECTION: z.preprocess(emptyToUndefined, z.string().default('sentinel-2-l2a')),
  STAC_MAX_CLOUD: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(100).default(60)),
  STAC_TIMEOUT_MS: intWithDefault(20_000),
  /** Days of history before a report's validity starts, so a new report has some context. */
  AGRO_HISTORY_DAYS_BEFORE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(365).default(30),
  ),
  AGRO_DAILY_REFRESH: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
  AGRO_DAILY_REFRESH_CRON: z.preprocess(emptyToUndefined, z.string().default('0 3 * * *')),
  /** When the privacy jobs run (UTC cron): purge of accounts deleted 60 days ago, 6-year retention. */
  PRIVACY_SCHEDULE_CRON: z.preprocess(emptyToUndefined, z.string().default('30 2 * * *')),
  /** Days a user's data export stays downloadable before its zip is removed. */
  DATA_EXPORT_DAYS: intWithDefault(7),
  /** The production deploy of the dashboard: a shell command, or else a webhook called with POST. */
  DEPLOY_COMMAND: optionalString,
  DEPLOY_WEBHOOK_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url()
      .regex(/^https?:/i)
      .optional(),
  ),
  DEPLOY_TIMEOUT_SECONDS: intWithDefault(1800),
  /** Bearer token for GET /metrics; unset: only a direct request from this machine may read it. */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  /** A worker process serves /metrics, /api/health and /api/ready on this port (unset: no port). */
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  /** On SIGTERM: how long in-flight requests and running jobs get to finish before the process exits. */
  SHUTDOWN_TIMEOUT_SECONDS: intWithDefault(30),
  /** S3-compatible object storage for every stored file; unset: the local directory under DATA_DIR. */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.string().url().optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
  S3_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9/_.-]*$/i, 'letters, digits, / _ . - only')
      .refine((prefix) => !prefix.split('/').includes('..'), 'no .. segments')
      .optional(),
  ),
  /** tus parts on S3: 1000 GiB in at most 10,000 parts needs parts of at least 103 MiB. */
  S3_UPLOAD_PART_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(103).max(5120).default(128)),
  S3_UPLOAD_PARALLEL_PARTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).default(4)),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Cookies get `Secure` and the `__Host-` prefix only when the public URL is https. */
  secureCookies: boolean;
  processRole: Env['PROCESS_ROLE'];
  smtpUrl: string | undefined;
  mailFrom: string;
  recaptchaSecret: string | undefined;
  recaptchaSiteKey: string | undefined;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  authRateLimitPerMinute: number;
  /** The window the auth attempts are counted in (a minute; tests shorten it). */
  authRateLimitWindowMs: number;
  /** Fastify's trustProxy: false (the socket's peer is the client), a hop count, or proxy addresses. */
  trustProxy: false | number | string[];
  /** Database-held limits that hold across API processes and client addresses (modules/auth/throttle.ts). */
  authThrottle: {
    loginSlowdownAfter: number;
    loginLockAfter: number;
    loginLockMs: number;
    mailsPerAddressPerHour: number;
    mailsPerRecipientPerHour: number;
  };
  /** tus uploads: free disk kept (local storage) and the bytes one account may have in flight. */
  uploads: { diskReserveBytes: number; maxBytesPerAccount: number };
  /** Wire-transfer details; wire transfer is offered only once BANK_NAME, BANK_IBAN and BANK_BIC are set. */
  bank: { accountHolder: string; bankName: string | null; iban: string | null; bic: string | null };
  salesEmail: string;
  /** Printed on order PDFs; lines left unset are omitted. */
  seller: { name: string; address: string | null; vatId: string | null; taxAuthority: string | null };
  webDistDir: string;
  /** On: customers and drone crews see the maintenance page; staff keep working. */
  maintenanceMode: boolean;
  /** The base map the web app draws (GET /config/public); the CSP admits these origins. */
  map: { satelliteTilesUrl: string; satelliteAttribution: string; styleUrl: string | null };
  /** Uploaded datasets: geolocation buffer around the field and zip safety limits. */
  datasets: { geofenceBufferM: number; zipMaxEntries: number; zipMaxRatio: number };
  /** Analysis jobs: how long one may run before it is taken as crashed, and how many run at once. */
  imaging: {
    jobExpireSeconds: number;
    concurrency: number;
    cacheBytes: number;
    photoMaxPixels: number;
    rasterMaxPixels: number;
    stepTimeoutSeconds: number;
  };
  jobs: { retryLimit: number; idlePollSeconds: number };
  /** Weather, soil and satellite providers (platform/agro). */
  agro: {
    weatherProvider: Env['AGRO_WEATHER_PROVIDER'];
    soilProvider: Env['AGRO_SOIL_PROVIDER'];
    agromonitoringApiKey: string | null;
    agromonitoringUrl: string;
    openMeteoUrl: string;
    openMeteoApiKey: string | null;
    timeoutMs: number;
    openMeteoHistoryUrl: string;
    satelliteSource: Env['AGRO_SATELLITE_SOURCE'];
    stac: { url: string; collection: string; maxCloud: number; timeoutMs: number };
    historyDaysBefore: number;
    /** The pg-boss schedule refreshing current reports' agronomy files (UTC cron), or null when off. */
    dailyRefreshCron: string | null;
  };
  /** Privacy operations (modules/privacy): the daily schedule and how long an export is kept. */
  privacy: { scheduleCron: string; exportDays: number };
  /** `GET /deploy/production` runs the command (first) or calls the webhook; neither set: disabled. */
  deploy: { command: string | null; webhookUrl: string | null; timeoutMs: number };
  /** Who may read /metrics and where a worker serves it. */
  metrics: { token: string | null; workerPort: number | null };
  shutdownTimeoutMs: number;
  /**
   * Where files live: `s3` set → that bucket (platform/storage/s3-storage.ts), else
   * `$DATA_DIR/files`. tus uploads on S3 go in parts of `uploadPartBytes`, at most
   * `uploadParallelParts` of them buffered in the OS temporary directory at once per process.
   */
  storage: { s3: S3Settings | null; uploadPartBytes: number; uploadParallelParts: number };
  logLevel: Env['LOG_LEVEL'];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    processRole: env.PROCESS_ROLE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    recaptchaSecret: env.RECAPTCHA_SECRET,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
    sessionIdleMs: env.SESSION_IDLE_DAYS * DAY_MS,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_DAYS * DAY_MS,
    authRateLimitPerMinute: env.RATE_LIMIT_AUTH_PER_MINUTE,
    authRateLimitWindowMs: env.RATE_LIMIT_AUTH_WINDOW_SECONDS * 1000,
    trustProxy: env.TRUST_PROXY,
    authThrottle: {
      loginSlowdownAfter: env.LOGIN_SLOWDOWN_AFTER,
      loginLockAfter: Math.max(env.LOGIN_LOCK_AFTER, env.LOGIN_SLOWDOWN_AFTER),
      loginLockMs: env.LOGIN_LOCK_MINUTES * 60 * 1000,
      mailsPerAddressPerHour: env.AUTH_MAILS_PER_ADDRESS_PER_HOUR,
      mailsPerRecipientPerHour: env.AUTH_MAILS_PER_RECIPIENT_PER_HOUR,
    },
    uploads: {
      diskReserveBytes: env.UPLOAD_DISK_RESERVE_MB * 1024 * 1024,
      maxBytesPerAccount: Math.round(env.UPLOAD_MAX_GB_PER_ACCOUNT * 1024 ** 3),
    },
    bank: {
      accountHolder: env.BANK_ACCOUNT_HOLDER,
      bankName: env.BANK_NAME ?? null,
      iban: env.BANK_IBAN ?? null,
      bic: env.BANK_BIC ?? null,
    },
    salesEmail: env.SALES_EMAIL,
    seller: {
      name: env.SELLER_NAME ?? env.BANK_ACCOUNT_HOLDER,
      address: env.SELLER_ADDRESS ?? null,
      vatId: env.SELLER_VAT_ID ?? null,
      taxAuthority: env.SELLER_TAX_AUTHORITY ?? null,
    },
    maintenanceMode: env.MAINTENANCE_MODE === 'true',
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    map: {
      satelliteTilesUrl: env.MAP_SATELLITE_TILES_URL,
      satelliteAttribution: env.MAP_SATELLITE_ATTRIBUTION,
      styleUrl: env.MAP_STYLE_URL ?? null,
    },
    datasets: {
      geofenceBufferM: env.DATASET_GEOFENCE_BUFFER_M,
      zipMaxEntries: env.DATASET_ZIP_MAX_ENTRIES,
      zipMaxRatio: env.DATASET_ZIP_MAX_RATIO,
    },
    imaging: {
      jobExpireSeconds: env.IMAGING_JOB_EXPIRE_SECONDS,
      concurrency: env.IMAGING_CONCURRENCY,
      photoMaxPixels: env.IMAGING_MAX_PHOTO_MEGAPIXELS * 1_000_000,
      rasterMaxPixels: env.IMAGING_MAX_RASTER_MEGAPIXELS * 1_000_000,
      stepTimeoutSeconds: env.IMAGING_STEP_TIMEOUT_SECONDS,
      cacheBytes: env.IMAGING_CACHE_MB * 1024 * 1024,
    },
    jobs: { retryLimit: env.JOB_RETRY_LIMIT, idlePollSeconds: env.JOB_IDLE_POLL_SECONDS },
    agro: {
      weatherProvider: env.AGRO_WEATHER_PROVIDER,
      soilProvider: env.AGRO_SOIL_PROVIDER,
      agromonitoringApiKey: env.AGROMONITORING_API_KEY ?? null,
      agromonitoringUrl: env.AGROMONITORING_URL,
      openMeteoUrl: env.OPEN_METEO_URL,
      openMeteoApiKey: env.OPEN_METEO_API_KEY ?? null,
      timeoutMs: env.AGRO_TIMEOUT_MS,
      openMeteoHistoryUrl: env.OPEN_METEO_HISTORY_URL,
      satelliteSource: env.AGRO_SATELLITE_SOURCE,
      stac: {
        url: env.STAC_URL,
        collection: env.STAC_COLLECTION,
        maxCloud: env.STAC_MAX_CLOUD,
        timeoutMs: env.STAC_TIMEOUT_MS,
      },
      historyDaysBefore: env.AGRO_HISTORY_DAYS_BEFORE,
      dailyRefreshCron: env.AGRO_DAILY_REFRESH === 'true' ? env.AGRO_DAILY_REFRESH_CRON : null,
    },
    privacy: { scheduleCron: env.PRIVACY_SCHEDULE_CRON, exportDays: env.DATA_EXPORT_DAYS },
    deploy: {
      command: env.DEPLOY_COMMAND?.trim() || null,
      webhookUrl: env.DEPLOY_WEBHOOK_URL ?? null,
      timeoutMs: env.DEPLOY_TIMEOUT_SECONDS * 1000,
    },
    metrics: { token: env.METRICS_TOKEN ?? null, workerPort: env.METRICS_PORT ?? null },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    storage: {
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT ?? null,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? null,
            // Self-hosted services rarely have per-bucket DNS names: path style by default there.
            forcePathStyle: (env.S3_FORCE_PATH_STYLE ?? String(Boolean(env.S3_ENDPOINT))) === 'true',
            prefix: env.S3_PREFIX ? `${env.S3_PREFIX.replace(/\/+$/, '')}/` : '',
          }
        : null,
      uploadPartBytes: env.S3_UPLOAD_PART_MB * 1024 * 1024,
      uploadParallelParts: env.S3_UPLOAD_PARALLEL_PARTS,
    },
    logLevel: env.LOG_LEVEL,
  };
}
