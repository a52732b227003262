import {
  DATASET_FILES_SHOWN,
  type DatasetFileReason,
  type DatasetFileView,
  type DatasetPhase,
  type DatasetProgressView,
  type DatasetStatus,
  type DatasetView,
  type ImagingSetup,
  type ReportDataView,
  type ReportStatus,
  type Service,
} from '@ampelos/domain';
import { PDF_FILE, reportFileUrl } from './paths.ts';
import type { DatasetFileRow, DatasetRow, ReportRow, UploadRow } from './repository.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentFile(row: DatasetFileRow): DatasetFileView {
  return {
    path: row.path,
    status: row.status === 'accepted' ? 'accepted' : 'rejected',
    kind: row.kind,
    reason: row.reason as DatasetFileReason | null,
    message: row.message,
    lat: row.lat,
    lng: row.lng,
  };
}

/**
 * Progress of the whole analysis: each unit counts twice (measured, then detected) and the final
 * step once, so the bar moves steadily from the first job to completion.
 */
export function datasetProgress(dataset: DatasetRow, units: Record<string, number>): DatasetProgressView {
  const unitTotal = Object.values(units).reduce((sum, n) => sum + n, 0);
  const total = unitTotal * 2 + 1;
  const measured = units.measured ?? 0;
  const detected = units.detected ?? 0;
  const failed = units.failed ?? 0;
  const done = measured + detected * 2 + failed * 2;
  const status = dataset.status as DatasetStatus;
  let phase: DatasetPhase;
  if (status === 'open') phase = 'uploading';
  else if (status === 'validating') phase = 'validating';
  else if (status === 'review') phase = 'review';
  else if (status === 'rejected' || status === 'failed' || status === 'complete') phase = status;
  else if (unitTotal === 0 || (units.pending ?? 0) > 0) phase = 'measuring';
  else if (measured > 0) phase = 'detecting';
  else phase = 'finalizing';
  if (status === 'complete') return { phase, done: total, total };
  return { phase, done: Math.min(done, total - 1), total: unitTotal === 0 ? 0 : total };
}

/** A dataset as the upload panel reads it: the rows the data service answers. */
export interface DatasetRows {
  dataset: DatasetRow;
  uploads: UploadRow[];
  /** Its first files, one more than the panel shows (so it can say the list was cut). */
  files: DatasetFileRow[];
  /** Its units by status. */
  units: Record<string, number>;
}

export function presentDataset({ dataset, uploads, files, units }: DatasetRows): DatasetView {
  return {
    uuid: dataset.uuid,
    status: dataset.status as DatasetStatus,
    kind: dataset.kind,
    message: dataset.message,
    uploads: uploads.map((upload) => ({
      id: upload.id,
      filename: upload.filename,
      size: upload.size,
      completed: upload.completedAt !== null,
    })),
    filesAccepted: dataset.filesAccepted,
    filesRejected: dataset.filesRejected,
    files: files.slice(0, DATASET_FILES_SHOWN).map(presentFile),
    filesTruncated: files.length > DATASET_FILES_SHOWN,
    progress: datasetProgress(dataset, units),
    review:
      dataset.status === 'review' ? { reasons: (dataset.message ?? '').split('\n').filter(Boolean) } : null,
    submittedAt: iso(dataset.submittedAt),
    processedAt: iso(dataset.processedAt),
  };
}

/** The distinct ways the report's photos were read (outputData points carry their setup). */
export function imagingSetups(report: Pick<ReportRow, 'outputData'>): ImagingSetup[] {
  const seen = new Map<string, ImagingSetup>();
  for (const point of report.outputData ?? []) {
    if (!point.imaging) continue;
    const { heightM: _height, ...rest } = point.imaging;
    const key = JSON.stringify(rest);
    if (!seen.has(key)) seen.set(key, point.imaging);
  }
  return [...seen.values()];
}

/** A report's upload state as the data service answers it. */
export interface ReportDataState {
  report: ReportRow;
  /** Why the caller may not upload now (null: they may). */
  refusal: string | null;
  dataset: DatasetRows | null;
  /** The report is complete and the caller may download its PDF. */
  pdfAvailable: boolean;
  canConfirmImaging: boolean;
}

export function presentReportData(input: ReportDataState): ReportDataView {
  const { report } = input;
  return {
    report: {
      uuid: report.uuid,
      service: report.service as Service,
      status: report.status as ReportStatus,
      processedAt: iso(report.processedAt),
      camera: report.camera,
      numOfInputImgs: report.numOfInputImgs,
      numOfOutputImgs: report.numOfOutputImgs,
      layers: report.layers ?? [],
      imaging: imagingSetups(report),
    },
    canConfirmImaging: input.canConfirmImaging,
    canUpload: input.refusal === null,
    uploadRefusal: input.refusal,
    dataset: input.dataset ? presentDataset(input.dataset) : null,
    pdfUrl: input.pdfAvailable ? reportFileUrl(report.uuid, PDF_FILE) : null,
  };
}
