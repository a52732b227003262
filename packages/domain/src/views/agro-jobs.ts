/**
 * The administrators' agro jobs (spec section 7, `GET /agro/populateReports…`, `deleteReports…`): each
 * call starts a run over the reports that writes or clears lists of their `front_agro_weather.json`.
 * `refreshReports` fills all four lists; the daily schedule runs it over the current reports.
 */
export const AGRO_JOB_KINDS = [
  'populateReportsSoilData',
  'populateReportsSatelliteImgs',
  'populateReportsSatelliteStats',
  'populateReportsShootDays',
  'deleteReportsSoilData',
  'deleteReportsSatelliteImgs',
  'refreshReports',
] as const;
export type AgroJobKind = (typeof AGRO_JOB_KINDS)[number];

/** Jobs that remove data: the console asks for confirmation first. */
export const DESTRUCTIVE_AGRO_JOBS: readonly AgroJobKind[] = [
  'deleteReportsSoilData',
  'deleteReportsSatelliteImgs',
];

export const AGRO_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type AgroRunStatus = (typeof AGRO_RUN_STATUSES)[number];

/** One run of an agro job, as `GET /api/agro/runs` answers it and the `agro` channel pushes it. */
export interface AgroRunView {
  id: string;
  kind: AgroJobKind;
  status: AgroRunStatus;
  /** Who asked for it; null for the daily schedule. */
  requestedBy: string | null;
  /** Reports to go through, known once the run starts. */
  total: number | null;
  /** Reports gone through so far (updated, unchanged or failed). */
  done: number;
  /** Reports whose file was written. */
  updated: number;
  /** Reports for which a provider gave nothing (left as they were; tried again next run). */
  failed: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Why the run stopped, when it failed as a whole. */
  error: string | null;
}

export const AGRO_JOB_MESSAGES = {
  runNotFound: 'Run not found',
} as const;
