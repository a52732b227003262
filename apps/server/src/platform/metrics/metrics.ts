import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobName, JobObserver, QueueDepth } from '../jobs/jobs.ts';

/** Seconds: API reads take milliseconds, uploads and PDFs seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: an e-mail takes milliseconds, a photo's analysis seconds, a large dataset's tiles hours. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600, 4 * 3600];

export type ErrorKind = 'http_5xx' | 'job_failed';

/**
 * The process's Prometheus metrics (prom-client, one registry per app so tests do not share counters).
 * Names carry the `ampelos_` prefix; Node's default process metrics come along.
 */
export function createMetrics(options: { role: string }) {
  const registry = new Registry();
  registry.setDefaultLabels({ role: options.role });
  collectDefaultMetrics({ register: registry, prefix: 'ampelos_' });

  const httpDuration = new Histogram({
    name: 'ampelos_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'ampelos_job_duration_seconds',
    help: 'Background job duration by queue and outcome',
    labelNames: ['queue', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'ampelos_upload_bytes_received_total',
    help: 'Bytes of resumable (tus) uploads accepted by this process',
    registers: [registry],
  });
  const errors = new Counter({
    name: 'ampelos_errors_total',
    help: 'Errors: HTTP answers of 500 and above, failed job attempts',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const running = new Gauge({
    name: 'ampelos_jobs_running',
    help: 'Jobs this process is running now, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  let depthSource: (() => Promise<QueueDepth[]>) | null = null;
  new Gauge({
    name: 'ampelos_job_queue_depth',
    help: 'Jobs per queue and state (created, retry, active); the same deployment-wide figure from every process',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      if (!depthSource) return;
      for (const row of await depthSource()) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  for (const kind of ['http_5xx', 'job_failed'] as const) errors.inc({ kind }, 0);

  const jobObserver: JobObserver = {
    jobStarted(queue: JobName) {
      running.inc({ queue });
    },
    jobFinished(queue: JobName, seconds, outcome) {
      running.dec({ queue });
      jobDuration.observe({ queue, outcome }, seconds);
      if (outcome === 'failed') errors.inc({ kind: 'job_failed' });
    },
  };

  return {
    registry,
    jobObserver,
    /** Where queue depths come from (the job queue, once started). */
    setQueueDepthSource(source: () => Promise<QueueDepth[]>) {
      depthSource = source;
    },
    /** `route` is the pattern (`/api/fields/:uuid`), never the raw URL: label values stay few. */
    requestFinished(method: string, route: string, status: number, seconds: number) {
      httpDuration.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
      if (status >= 500) errors.inc({ kind: 'http_5xx' });
    },
    uploadReceived(bytes: number) {
      if (bytes > 0) uploadBytes.inc(bytes);
    },
    async render(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
