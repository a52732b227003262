import {
  type BoxUpdateView,
  offeredLayers,
  type ReportResultsView,
  type ResultsBoxView,
  type ResultsPhotoView,
  type ResultsSiblingView,
  STRESS_COLOURS,
  type StressColour,
} from '@ampelos/domain';
import type { ReportBox, ReportOutputPoint } from '../../platform/db/schema.ts';
import { hdFileName, PDF_FILE, reportFileUrl, VIGOUR_FILE } from '../datasets/paths.ts';
import { hdBase, pixelToLngLat } from './annotations.ts';
import type { CompletedSibling, ResultsReportRow } from './repository.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The box's outline on the ground, closed, from the photo's corners (null when they are unknown). */
function groundRing(
  box: ReportBox,
  point: ReportOutputPoint | undefined,
  hd: { w: number; h: number } | null,
) {
  if (point?.corners?.length !== 4 || !hd) return null;
  const { x, y, w, h } = box.thr_coords;
  const at = (px: number, py: number) => pixelToLngLat(point.corners as [number, number][], hd, px, py);
  return [at(x, y), at(x, y + h), at(x + w, y + h), at(x + w, y), at(x, y)];
}

export function presentBox(
  id: string,
  box: ReportBox,
  point?: ReportOutputPoint,
  reportHd: { w: number; h: number } | null = null,
): ResultsBoxView {
  const colour = (STRESS_COLOURS as readonly string[]).includes(box.colour)
    ? (box.colour as StressColour)
    : null;
  return {
    id,
    ...box.thr_coords,
    lng: box.lng,
    lat: box.lat,
    colour,
    className: box.className,
    factor: box.factor ?? null,
    comment: box.comment ?? null,
    annotatedAt: box.annotatedAt ?? null,
    annotatedBy: box.annotatedBy ?? null,
    drawn: box.drawn === true,
    ring: groundRing(box, point, point?.hd ?? reportHd),
  };
}

export function presentPhoto(
  reportUuid: string,
  point: ReportOutputPoint,
  reportHd: { w: number; h: number } | null = null,
): ResultsPhotoView {
  const base = hdBase(point);
  return {
    file: point.file,
    base,
    lng: point.lng,
    lat: point.lat,
    hdUrl: reportFileUrl(reportUuid, hdFileName(base)),
    canDraw: point.corners?.length === 4,
    boxes: Object.entries(point.bboxes).map(([id, box]) => presentBox(id, box, point, reportHd)),
  };
}

/** What the results service answers for a completed report. */
export interface ResultsState {
  report: ResultsReportRow;
  field: { uuid: string; polygon: [number, number][] } | null;
  tileZoom: { min: number; max: number; maxByLayer: Record<string, number> } | null;
  hasPdf: boolean;
  hasVigour: boolean;
  canAnnotate: boolean;
  canExportAnnotations: boolean;
  /** The field's other completed reports the caller may see. */
  siblings: CompletedSibling[];
}

function presentSibling(report: ResultsState['siblings'][number]): ResultsSiblingView {
  return {
    uuid: report.uuid,
    createdAt: report.createdAt.toISOString(),
    processedAt: iso(report.processedAt),
    finalShootDay: report.finalShootDay,
  };
}

export function presentResults(input: ResultsState): ReportResultsView {
  const { report } = input;
  const { surfaceMapMin: min, surfaceMapMax: max } = report;
  return {
    uuid: report.uuid,
    createdAt: report.createdAt.toISOString(),
    processedAt: iso(report.processedAt),
    field: {
      uuid: input.field?.uuid ?? null,
      title: report.fieldTitle,
      polygonPoints: input.field?.polygon ?? null,
    },
    layers: input.tileZoom ? offeredLayers(report.layers ?? [], report.createdAt) : [],
    tileUrlTemplate: reportFileUrl(report.uuid, 'tiles/{layer}/{z}/{x}/{y}.png'),
    tileZoom: input.tileZoom,
    pdfUrl: input.hasPdf ? reportFileUrl(report.uuid, PDF_FILE) : null,
    vigourUrl: input.hasVigour ? reportFileUrl(report.uuid, VIGOUR_FILE) : null,
    canExportAnnotations: input.canExportAnnotations,
    size: report.size ?? null,
    scale: report.scale ?? null,
    surfaceMap: min !== null && max !== null ? { min, max } : null,
    photos: (report.outputData ?? []).map((point) =>
      presentPhoto(report.uuid, point, report.size?.hd ?? null),
    ),
    canAnnotate: input.canAnnotate,
    siblings: input.siblings.map(presentSibling),
  };
}

/** What an annotation saved: the box (null when a drawn box was cleared) on its photo. */
export interface SavedBox {
  id: string;
  box: ReportBox | null;
  point: ReportOutputPoint;
  /** The report's HD size, for photos that do not carry their own. */
  reportHd: { w: number; h: number } | null;
}

export function presentSavedBox({ id, box, point, reportHd }: SavedBox): BoxUpdateView['data'] {
  return {
    file: point.file,
    base: hdBase(point),
    box: box ? presentBox(id, box, point, reportHd) : null,
  };
}
