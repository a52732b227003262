/** The job queue's contract: every job, its payload, and what senders and handlers see. */

/** Every background job and its payload. Handlers must be idempotent: a job may run more than once. */
export interface JobPayloads {
  'mail.send': { emailId: number };
  /** Validates every upload of a submitted dataset (zip safety, types, geolocation). */
  'dataset.ingest': { datasetId: number };
  /** Enqueues one job per unit of a phase (after ingest: measure; after statistics: detect). */
  'dataset.fanout': { datasetId: number; phase: 'measure' | 'detect'; generation: number };
  /** Phase 1 of one photo, band set or raster window. */
  'dataset.measure': { datasetId: number; unitId: number; generation: number };
  /** Phase 2 of one unit: stress boxes and the HD derivative. */
  'dataset.detect': { datasetId: number; unitId: number; generation: number };
  /** Tiles, PDF, report fields, status complete and the completion side effects. */
  'dataset.finalize': { datasetId: number; generation: number };
  /** Writes a complete report's PDF again (its agronomy file changed). */
  'report.pdf': { reportId: number };
  /** One run of an administrators' agro job over the reports (modules/agro). */
  'agro.run': { runId: string };
  /** Sent by the daily schedule: starts a refresh run over the current reports. */
  'agro.daily': Record<string, never>;
  /** Builds one user's data export zip (modules/privacy). */
  'privacy.export': { exportId: string };
  /** Daily: purges accounts deleted more than 60 days ago and removes expired export zips. */
  'privacy.purge': Record<string, never>;
  /** Daily: purges accounts unused for more than 6 years. */
  'privacy.retention': Record<string, never>;
}
export type JobName = keyof JobPayloads;

/** What a handler knows about the attempt it runs in. */
export interface JobAttempt {
  id: string;
  retryCount: number;
  retryLimit: number;
  /** True when a failure now will not be retried. */
  isLastAttempt: boolean;
}
export type JobHandler<N extends JobName> = (data: JobPayloads[N], attempt: JobAttempt) => Promise<void>;

export interface SendOptions {
  /**
   * A stable key: a second send with the same key is ignored while the first job is kept, so
   * concurrent or repeated senders enqueue one job.
   */
  key?: string;
  /** Seconds before an active job is considered dead (its worker crashed) and retried. */
  expireInSeconds?: number;
}

export interface Jobs {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<void>;
  sendMany<N extends JobName>(
    name: N,
    items: { data: JobPayloads[N]; key?: string }[],
    options?: Omit<SendOptions, 'key'>,
  ): Promise<void>;
  /** A cron schedule (UTC) sending `name` with `data`; replaces the queue's previous schedule. */
  schedule<N extends JobName>(name: N, cron: string, data: JobPayloads[N]): Promise<void>;
  unschedule(name: JobName): Promise<void>;
  /** Registers a handler; it only runs in processes whose role includes the worker. */
  handle<N extends JobName>(
    name: N,
    handler: JobHandler<N>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /** Throws unless the queue's tables answer (readiness). */
  check(): Promise<void>;
  /** Jobs waiting (`created`, `retry`) and running (`active`) per queue, for the metrics. */
  depths(): Promise<QueueDepth[]>;
  /** Stops taking jobs; running ones get `gracefulMs` to finish, then are failed and so retried later. */
  stop(gracefulMs?: number): Promise<void>;
}

export interface QueueDepth {
  queue: string;
  state: 'created' | 'retry' | 'active';
  count: number;
}

/** Told about every job a handler finished, for the metrics (duration and outcome). */
export interface JobObserver {
  jobStarted(queue: JobName): void;
  jobFinished(queue: JobName, seconds: number, outcome: 'completed' | 'failed'): void;
}
