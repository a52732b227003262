/**
 * A user's download of their own data (privacy policy): a zip with a JSON document of everything about
 * them and their files, built in the background and downloadable by them alone for a few days.
 */
/** `expired`: it was ready, its download time is over and the zip is gone. */
export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export interface DataExportView {
  id: string;
  status: DataExportStatus;
  /** Files to put in the zip, known once the job has counted them. */
  filesTotal: number | null;
  filesDone: number;
  /** Size of the zip once ready. */
  bytes: number | null;
  createdAt: string;
  finishedAt: string | null;
  /** When the zip is removed; null until ready. */
  expiresAt: string | null;
  /** Where its owner downloads it (ready and not expired), else null. */
  downloadUrl: string | null;
}

/** `GET /api/user/export` and `POST /api/user/export`: the caller's latest export, if any. */
export interface DataExportAnswer {
  export: DataExportView | null;
}
