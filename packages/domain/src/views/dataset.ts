import type { CameraLayout, ImagingSetup } from '../catalogues/cameras.ts';
import type { Service } from '../constants.ts';
import type { ReportStatus } from '../statuses/report-status.ts';

/**
 * A report's uploaded data: `open` collects uploads, `validating` checks them, `rejected` had no valid
 * image, `review` waits for staff to confirm the camera or the flight height (the evidence was
 * implausible or missing), `processing` runs the analysis, then `complete` (or `failed`).
 */
export const DATASET_STATUSES = [
  'open',
  'validating',
  'rejected',
  'review',
  'processing',
  'complete',
  'failed',
] as const;
export type DatasetStatus = (typeof DATASET_STATUSES)[number];

/** Why a file of a dataset was not accepted (the web shows a translated sentence for each). */
export const DATASET_FILE_REASONS = [
  'unsupported_type',
  'corrupt',
  'no_gps',
  'outside_field',
  'not_georeferenced',
  'unsafe_zip',
  'zip_bomb',
  'too_many_entries',
  'mixed_dataset',
  'extra_orthomosaic',
  'dsm_without_orthomosaic',
  // Decided at ingest from the headers, so nothing is accepted that the analysis cannot read.
  'too_many_pixels',
  'unsupported_bands',
  'unsupported_bit_depth',
  'unsupported_camera',
] as const;
export type DatasetFileReason = (typeof DATASET_FILE_REASONS)[number];

/** Server messages of the upload and ingest flow (exact texts; the web translates known ones). */
export const DATASET_MESSAGES = {
  reportNotFound: 'Report not found',
  uploadNotAllowed: 'You may not upload data for this report',
  uploadWrongStatus: 'Data can be uploaded only while the report is awaiting data',
  uploadOutsideValidity: 'This report is not valid at this time',
  datasetAlreadySubmitted: 'The dataset of this report was already submitted',
  uploadNotFound: 'Upload not found',
  uploadLengthRequired: 'The upload must state its size (Upload-Length)',
  uploadMetadataRequired: 'The upload must name its report and file',
  uploadNoSpace:
    'The server does not have enough free space for this upload right now. Please try again later, or contact us.',
  uploadAccountLimit:
    'Your uploads that are not processed yet have reached the limit for one account. Wait until they are processed, or remove some, then try again.',
  noUploads: 'Add at least one file before submitting',
  uploadsIncomplete: 'Some files have not finished uploading',
  noValidImage:
    'The dataset has no valid image: every file was rejected. Check the list, then upload photos taken over this field.',
  fileNotFound: 'File not found',
  noImageAnalysed:
    'None of the images could be analysed. The report awaits data again: please upload the photos again.',
  processingFailed:
    'The data could not be processed. The report awaits data again: please upload it again. Our team has been told.',
  workerStopped:
    'Processing this data stopped our server several times, so it was ended. The report awaits data again: please check the files and upload them again. Our team has been told.',
  notInReview: 'This dataset is not waiting for a confirmation',
  confirmNotAllowed: 'Only our operations team may confirm the camera or the flight height',
  stillNeedsConfirmation: 'The analysis still needs a confirmation: ',
} as const;

export interface DatasetUploadView {
  id: string;
  filename: string;
  size: number;
  completed: boolean;
}

export interface DatasetFileView {
  path: string;
  status: 'accepted' | 'rejected';
  /** 'photo', 'band', 'orthomosaic' or 'dsm' when identified. */
  kind: string | null;
  reason: DatasetFileReason | null;
  /** English detail of the reason (e.g. how far outside the field). */
  message: string | null;
  lat: number | null;
  lng: number | null;
}

export type DatasetPhase =
  | 'uploading'
  | 'validating'
  | 'review'
  | 'measuring'
  | 'detecting'
  | 'finalizing'
  | 'complete'
  | 'rejected'
  | 'failed';

export interface DatasetProgressView {
  phase: DatasetPhase;
  /** Steps done and total of the whole analysis (two per unit plus the final step). */
  done: number;
  total: number;
}

export interface DatasetView {
  uuid: string;
  status: DatasetStatus;
  /** 'photos' or 'raster' once validated. */
  kind: string | null;
  message: string | null;
  uploads: DatasetUploadView[];
  filesAccepted: number;
  filesRejected: number;
  /** Rejected files first; at most DATASET_FILES_SHOWN entries. */
  files: DatasetFileView[];
  filesTruncated: boolean;
  progress: DatasetProgressView;
  /**
   * While `review`: what staff must confirm before the analysis starts (English, one reason per
   * entry; the implied height is in the text). Null otherwise.
   */
  review: { reasons: string[] } | null;
  submittedAt: string | null;
  processedAt: string | null;
}

export const DATASET_FILES_SHOWN = 1000;

/** `POST /api/reports/{uuid}/data/confirm`: staff confirm a dataset in review. */
export interface ConfirmImagingInput {
  /** Flight height above ground in metres, for photos without a usable height. */
  heightM?: number;
  /** Band layout of a camera the engine could not recognise. */
  layout?: CameraLayout;
}

/** `GET /api/reports/{uuid}/data`: the upload panel's state for one report. */
export interface ReportDataView {
  report: {
    uuid: string;
    service: Service;
    status: ReportStatus;
    processedAt: string | null;
    camera: string | null;
    numOfInputImgs: number | null;
    numOfOutputImgs: number | null;
    layers: string[];
    /** How the photos were read: camera, bands, height source, method (one entry per distinct setup). */
    imaging: ImagingSetup[];
  };
  /** Whether the caller (operations staff) may confirm the camera or flight height of a dataset in review. */
  canConfirmImaging: boolean;
  /** Whether the caller may upload now, and why not when they may not. */
  canUpload: boolean;
  uploadRefusal: string | null;
  /** The latest dataset (open, processing, complete, or the last rejected one). */
  dataset: DatasetView | null;
  /** The PDF report once the report is complete. */
  pdfUrl: string | null;
}
