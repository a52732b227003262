import { z } from 'zod';
import type { ImagingSetup } from '../../catalogues/cameras.ts';
import { BAND_ROLES, CAMERA_KINDS, CAMERA_METHODS, HEIGHT_SOURCES } from '../../catalogues/cameras.ts';
import { SERVICES } from '../../constants.ts';
import { REPORT_STATUSES } from '../../statuses/report-status.ts';
import type {
  DatasetFileView,
  DatasetProgressView,
  DatasetUploadView,
  DatasetView,
  ReportDataView,
} from '../dataset.ts';
import { DATASET_FILE_REASONS, DATASET_STATUSES } from '../dataset.ts';
import type {
  BoxUpdateView,
  ReportResultsView,
  ResultsBoxView,
  ResultsPhotoView,
  ResultsSiblingView,
} from '../results.ts';
import { STRESS_COLOURS } from '../results.ts';
import { agree, type Loosen, type Same } from './agreement.ts';

export const imagingSetupSchema = z.strictObject({
  camera: z.string().nullable(),
  kind: z.enum(CAMERA_KINDS),
  bands: z.array(z.enum(BAND_ROLES)),
  method: z.enum(CAMERA_METHODS),
  heightM: z.number().nullable(),
  heightSource: z.enum(HEIGHT_SOURCES),
  indices: z.array(z.string()),
});
export const datasetUploadViewSchema = z.strictObject({
  id: z.string(),
  filename: z.string(),
  size: z.number(),
  completed: z.boolean(),
});
export const datasetFileViewSchema = z.strictObject({
  path: z.string(),
  status: z.enum(['rejected', 'accepted']),
  kind: z.string().nullable(),
  reason: z.enum(DATASET_FILE_REASONS).nullable(),
  message: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export const datasetProgressViewSchema = z.strictObject({
  phase: z.string(),
  done: z.number(),
  total: z.number(),
});
export const datasetViewSchema = z.strictObject({
  uuid: z.string(),
  status: z.enum(DATASET_STATUSES),
  kind: z.string().nullable(),
  message: z.string().nullable(),
  uploads: z.array(datasetUploadViewSchema),
  filesAccepted: z.number(),
  filesRejected: z.number(),
  files: z.array(datasetFileViewSchema),
  filesTruncated: z.boolean(),
  progress: datasetProgressViewSchema,
  review: z.strictObject({ reasons: z.array(z.string()) }).nullable(),
  submittedAt: z.string().nullable(),
  processedAt: z.string().nullable(),
});
export const reportDataViewSchema = z.strictObject({
  report: z.strictObject({
    uuid: z.string(),
    service: z.enum(SERVICES),
    status: z.enum(REPORT_STATUSES),
    processedAt: z.string().nullable(),
    camera: z.string().nullable(),
    numOfInputImgs: z.number().nullable(),
    numOfOutputImgs: z.number().nullable(),
    layers: z.array(z.string()),
    imaging: z.array(imagingSetupSchema),
  }),
  canConfirmImaging: z.boolean(),
  canUpload: z.boolean(),
  uploadRefusal: z.string().nullable(),
  dataset: datasetViewSchema.nullable(),
  pdfUrl: z.string().nullable(),
});
export const resultsBoxViewSchema = z.strictObject({
  id: z.string(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
  lng: z.number(),
  lat: z.number(),
  colour: z.enum(STRESS_COLOURS).nullable(),
  className: z.string(),
  factor: z.string().nullable(),
  comment: z.string().nullable(),
  annotatedAt: z.string().nullable(),
  annotatedBy: z.string().nullable(),
  drawn: z.boolean(),
  ring: z.array(z.tuple([z.number(), z.number()])).nullable(),
});
export const resultsPhotoViewSchema = z.strictObject({
  file: z.string(),
  base: z.string(),
  lng: z.number(),
  lat: z.number(),
  hdUrl: z.string(),
  canDraw: z.boolean(),
  boxes: z.array(resultsBoxViewSchema),
});
export const resultsSiblingViewSchema = z.strictObject({
  uuid: z.string(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  finalShootDay: z.string().nullable(),
});
/** The box an annotation saved (`BoxUpdateView['data']`): null when a drawn box was cleared. */
export const savedBoxViewSchema = z.strictObject({
  file: z.string(),
  base: z.string(),
  box: resultsBoxViewSchema.nullable(),
});
export const reportResultsViewSchema = z.strictObject({
  uuid: z.string(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  field: z.strictObject({
    uuid: z.string().nullable(),
    title: z.string(),
    polygonPoints: z.array(z.tuple([z.number(), z.number()])).nullable(),
  }),
  layers: z.array(z.string()),
  tileUrlTemplate: z.string(),
  tileZoom: z
    .strictObject({ min: z.number(), max: z.number(), maxByLayer: z.record(z.string(), z.number()) })
    .nullable(),
  pdfUrl: z.string().nullable(),
  vigourUrl: z.string().nullable(),
  canExportAnnotations: z.boolean(),
  size: z.strictObject({ hd: z.strictObject({ w: z.number(), h: z.number() }) }).nullable(),
  scale: z.strictObject({ ratio: z.strictObject({ x: z.number(), y: z.number() }) }).nullable(),
  surfaceMap: z.strictObject({ min: z.number(), max: z.number() }).nullable(),
  photos: z.array(resultsPhotoViewSchema),
  canAnnotate: z.boolean(),
  siblings: z.array(resultsSiblingViewSchema),
});

agree<Same<Loosen<z.infer<typeof imagingSetupSchema>>, Loosen<ImagingSetup>>>(true);
agree<Same<Loosen<z.infer<typeof datasetUploadViewSchema>>, Loosen<DatasetUploadView>>>(true);
agree<Same<Loosen<z.infer<typeof datasetFileViewSchema>>, Loosen<DatasetFileView>>>(true);
agree<Same<Loosen<z.infer<typeof datasetProgressViewSchema>>, Loosen<DatasetProgressView>>>(true);
agree<Same<Loosen<z.infer<typeof datasetViewSchema>>, Loosen<DatasetView>>>(true);
agree<Same<Loosen<z.infer<typeof reportDataViewSchema>>, Loosen<ReportDataView>>>(true);
agree<Same<Loosen<z.infer<typeof resultsBoxViewSchema>>, Loosen<ResultsBoxView>>>(true);
agree<Same<Loosen<z.infer<typeof resultsPhotoViewSchema>>, Loosen<ResultsPhotoView>>>(true);
agree<Same<Loosen<z.infer<typeof resultsSiblingViewSchema>>, Loosen<ResultsSiblingView>>>(true);
agree<Same<Loosen<z.infer<typeof reportResultsViewSchema>>, Loosen<ReportResultsView>>>(true);
agree<Same<Loosen<z.infer<typeof savedBoxViewSchema>>, Loosen<BoxUpdateView['data']>>>(true);
