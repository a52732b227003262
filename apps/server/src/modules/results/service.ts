import { type BoxAnnotation, RESULTS_MESSAGES as M, MAP } from '@ampelos/domain';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { imageSize } from '../../platform/imaging/derived-images.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Access } from '../auth/access.ts';
import { mayCall, requirePolicy } from '../auth/policy.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { hdFileName, PDF_FILE, reportKey, VIGOUR_FILE } from '../datasets/paths.ts';
import type { ReportContext } from '../datasets/repository.ts';
import { deepestTileLevel, hasTileLevel } from '../datasets/tile-levels.ts';
import { annotationZip } from './annotation-export.ts';
import { addDrawnBox, annotateExistingBox, findPhotoIndex, hdBase } from './annotations.ts';
import type { ResultsState, SavedBox } from './presenter.ts';
import type { ResultsRepository } from './repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The zoom levels a report's tiles were rendered for: the pipeline renders from the field's zoom to
 * the data's native zoom, so the map can overzoom past the last level instead of showing nothing.
 * Each layer has its own last level (the plant layers may stop above the photos, at the analysis
 * pixel's zoom), found from the top down; the first level is the first layer's.
 */
async function tileZoomRange(storage: Storage, reportUuid: string, layers: readonly string[]) {
  const [first] = layers;
  if (!first) return null;
  let min: number | undefined;
  for (let z = MAP.rasterMinZoom; z <= MAP.rasterMaxZoom && min === undefined; z++)
    if (await hasTileLevel(storage, reportUuid, first, z)) min = z;
  if (min === undefined) return null;
  const maxByLayer: Record<string, number> = {};
  for (const layer of layers) {
    const deepest = await deepestTileLevel(storage, reportUuid, layer, MAP.rasterMaxZoom, min);
    if (deepest !== undefined) maxByLayer[layer] = deepest;
  }
  const max = Math.max(...Object.values(maxByLayer));
  return { min, max, maxByLayer };
}

/** Width and height of an HD photo, read from its header. */
async function hdImageSize(storage: Storage, reportUuid: string, base: string) {
  const key = reportKey(reportUuid, hdFileName(base));
  if (!(await storage.stat(key))) return null;
  const size = await storage.withLocalFile(key, imageSize);
  return size ? { w: size.width, h: size.height } : null;
}

export function createResultsService(deps: {
  findReport: (uuid: string) => Promise<ReportContext | undefined>;
  /** Who sees a report's results (`report.viewResults`) and annotates them (`report.annotate`). */
  access: Access;
  results: ResultsRepository;
  storage: Storage;
  /** Rebuilds the PDF after an annotation (the `report.pdf` job). */
  jobs: Pick<Jobs, 'send'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** Visibility (404), then the permission when asked (403), then the status (409). */
  async function completedReport(auth: AuthContext, reportUuid: string, toAnnotate = false) {
    if (!UUID.test(reportUuid)) throw notFound(M.reportNotFound);
    if (toAnnotate)
      await deps.access.require(auth, 'report.annotate', [reportUuid], M.reportNotFound, M.mayNotAnnotate);
    else await deps.access.require(auth, 'report.viewResults', [reportUuid], M.reportNotFound);
    const context = await deps.findReport(reportUuid);
    if (!context) throw notFound(M.reportNotFound);
    if (context.report.status !== 'complete') throw new AppError(409, M.notComplete);
    return context;
  }

  /** The field's other completed reports the caller may see, for the swipe comparison. */
  async function visibleSiblings(auth: AuthContext, context: ReportContext) {
    if (!context.field) return [];
    const siblings = await deps.results.completedSiblings(context.field.id, context.report.id);
    const visible = await deps.access.allowed(
      auth,
      'report.viewResults',
      siblings.map((sibling) => sibling.uuid),
    );
    return siblings.filter((sibling) => visible.has(sibling.uuid));
  }

  return {
    /** `GET /reports/{uuid}/results`: layers, tiles, photos and boxes of a completed report. */
    async results(auth: AuthContext, reportUuid: string): Promise<ResultsState> {
      const context = await completedReport(auth, reportUuid);
      const { report, field } = context;
      const [tileZoom, pdf, vigour, siblings, annotatable] = await Promise.all([
        tileZoomRange(deps.storage, report.uuid, report.layers ?? []),
        deps.storage.stat(reportKey(report.uuid, PDF_FILE)),
        deps.storage.stat(reportKey(report.uuid, VIGOUR_FILE)),
        visibleSiblings(auth, context),
        deps.access.allowed(auth, 'report.annotate', [report.uuid]),
      ]);
      return {
        report,
        field: field ? { uuid: field.uuid, polygon: field.polygon } : null,
        tileZoom,
        hasPdf: pdf !== null,
        hasVigour: vigour !== null,
        canAnnotate: annotatable.has(report.uuid),
        canExportAnnotations: mayCall(auth, 'report.exportAnnotations'),
        siblings,
      };
    },

    /**
     * `POST /reports/update/bbox`: a stress factor and comment on a box, or a box the user drew.
     * Who: the report's customer and staff; the photo and the box must exist in the report.
     */
    async annotate(auth: AuthContext, input: BoxAnnotation): Promise<SavedBox> {
      const context = await completedReport(auth, input.reportUuid, true);
      const by = { name: `${auth.user.firstName} ${auth.user.lastName}`.trim(), now: now() };
      const { id: reportId, uuid } = context.report;
      let saved: ReturnType<typeof annotateExistingBox>;
      if (input.bboxId !== undefined) {
        const bboxId = input.bboxId;
        saved = await deps.results.changeOutputData(reportId, (points) => {
          const changed = annotateExistingBox(points, { ...input, bboxId }, by);
          return { outputData: changed.outputData, result: changed };
        });
      } else {
        const points = context.report.outputData ?? [];
        const photo = points[findPhotoIndex(points, { file: input.file, base: input.base })];
        const size = photo ? await hdImageSize(deps.storage, uuid, hdBase(photo)) : null;
        if (!photo || !size) throw new AppError(409, M.cannotPlaceBox);
        const thr_coords = input.thr_coords as NonNullable<BoxAnnotation['thr_coords']>;
        saved = await deps.results.changeOutputData(reportId, (current) => {
          const changed = addDrawnBox(current, { ...input, thr_coords, base: hdBase(photo) }, size, by);
          return { outputData: changed.outputData, result: changed };
        });
      }
      // The PDF lists the annotations: written again by the idempotent job (one per save).
      await deps.jobs.send(
        'report.pdf',
        { reportId },
        { key: `${uuid}:annotation:${by.now.toISOString()}:${saved.id}` },
      );
      return { id: saved.id, box: saved.box, point: saved.point, reportHd: context.report.size?.hd ?? null };
    },

    /**
     * `GET /annotations/export`: the annotated plants of one report (or of every report) as a
     * labelled zip. Staff only (`ANNOTATION_EXPORT_ROLES`), checked before anything is read.
     */
    async exportAnnotations(auth: AuthContext, reportUuid: string | undefined) {
      requirePolicy(auth, 'report.exportAnnotations');
      if (reportUuid !== undefined) await completedReport(auth, reportUuid);
      const sources = await deps.results.annotatedReports(reportUuid);
      if (sources.length === 0) throw notFound(M.nothingToExport);
      return annotationZip(deps.storage, sources, now());
    },
  };
}
export type ResultsService = ReturnType<typeof createResultsService>;
