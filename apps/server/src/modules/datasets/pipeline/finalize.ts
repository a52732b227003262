import type { ReportBox, ReportOutputPoint } from '../../../platform/db/schema.ts';
import {
  type DatasetStatistics,
  decodePlantLayers,
  mergeOverlappingBoxes,
  NothingToTileError,
  type PhotoAnalysis,
  type PhotoMetadata,
  type RasterTile,
  renderTiles,
  type TilePhotoSource,
  type TileSetSummary,
} from '../../../platform/imaging/index.ts';
import type { JobPayloads } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { Storage } from '../../../platform/storage/storage.ts';
import type { OnReportProcessed } from '../completion.ts';
import { hdFileName, plantLayersKey, reportKey, tileFile } from '../paths.ts';
import type { AnalysedImage } from '../report-pdf/stress-summary.ts';
import { writeReportPdf } from '../report-pdf/write-report-pdf.ts';
import type {
  DatasetFileRow,
  DatasetRepository,
  DatasetRow,
  ReportContext,
  ReportResults,
  UnitRow,
} from '../repository.ts';
import { unitHeight, withLocalFiles } from './analysis-jobs.ts';
import { unitInput } from './units.ts';
import { writeVigourLayer } from './vigour-layer.ts';

async function readStored(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Map zoom of a field without a saved map position (about a 300 m wide view). */
const DEFAULT_FIELD_ZOOM = 16;

function mostCommon(values: (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

/** outputData of spec section 3: one point per analysed image, boxes keyed by box id. */
export function outputPoints(images: AnalysedImage[]): ReportOutputPoint[] {
  return images.flatMap(({ file, base, analysis, setup }) => {
    const lng = analysis.lng ?? analysis.boxes[0]?.lng;
    const lat = analysis.lat ?? analysis.boxes[0]?.lat;
    if (lng === undefined || lat === undefined) return [];
    const bboxes: Record<string, ReportBox> = {};
    for (const box of analysis.boxes) {
      bboxes[box.id] = {
        thr_coords: box.thr_coords,
        lng: box.lng,
        lat: box.lat,
        colour: box.colour,
        className: box.classification.label,
      };
    }
    // base and corners let the results viewer find the HD photo and place boxes drawn on it.
    const corners = analysis.footprint?.coordinates[0]?.slice(0, 4) as [number, number][] | undefined;
    return [
      {
        lng,
        lat,
        file,
        bboxes,
        base,
        hd: analysis.hd,
        ...(corners?.length === 4 ? { corners } : {}),
        ...(setup ? { imaging: setup } : {}),
      },
    ];
  });
}

/**
 * The `dataset.finalize` job: map tiles, the PDF, the report's results and status complete, then
 * the completion side effects (once). Re-running it after a crash rewrites the same files; once the
 * report is complete it only makes sure the side effects ran.
 */
export function createFinalize(deps: {
  repository: DatasetRepository;
  storage: Storage;
  logger: Logger;
  onReportProcessed: OnReportProcessed;
  now?: () => Date;
}) {
  const { repository, storage } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The map tiles; none when no photo can be placed on the ground (e.g. MicaSense bands without a
   * field altitude give no height above ground): the report completes without map layers rather
   * than failing after every retry.
   */
  async function renderMapTiles(
    context: ReportContext,
    dataset: DatasetRow,
    units: { unit: UnitRow; files: DatasetFileRow[]; analysis: PhotoAnalysis }[],
  ): Promise<TileSetSummary> {
    const minZoom = Math.floor(context.field?.mapDisplay?.zoom ?? DEFAULT_FIELD_ZOOM);
    try {
      return await renderAllTiles(context, dataset, units);
    } catch (error) {
      if (!(error instanceof NothingToTileError)) throw error;
      deps.logger.warn({ datasetId: dataset.id }, 'no georeferenced input: the report has no map layers');
      const empty: TileSetSummary = {
        layers: [],
        minZoom,
        maxZoom: minZoom,
        layerMaxZoom: {},
        bounds: [0, 0, 0, 0],
        tileSize: 512,
        tileCount: 0,
        surfaceMin: null,
        surfaceMax: null,
      };
      return empty;
    }
  }

  async function renderAllTiles(
    context: ReportContext,
    dataset: DatasetRow,
    units: { unit: UnitRow; files: DatasetFileRow[]; analysis: PhotoAnalysis }[],
  ): Promise<TileSetSummary> {
    const statistics = dataset.statistics as unknown as DatasetStatistics;
    const minZoom = Math.floor(context.field?.mapDisplay?.zoom ?? DEFAULT_FIELD_ZOOM);
    const onTile = (layer: string, z: number, x: number, y: number, image: Buffer, type: string) =>
      storage.put(reportKey(context.report.uuid, tileFile(layer, z, x, y)), image, type);
    if (dataset.kind === 'raster') {
      const ortho = units[0]?.files[0];
      const dsmId = units[0] ? unitInput(units[0].unit).dsmFileId : undefined;
      const dsm = dsmId ? (await repository.filesByIds([dsmId]))[0] : undefined;
      const keys = [ortho?.storageKey, dsm?.storageKey].filter((key) => typeof key === 'string');
      return withLocalFiles(storage, keys, ([orthoPath, dsmPath]) =>
        renderTiles({
          raster: {
            path: orthoPath as string,
            analyses: units.map((u) => ({
              tile: unitInput(u.unit).tile as RasterTile,
              analysis: u.analysis,
            })),
          },
          ...(dsmPath ? { dsmPath } : {}),
          statistics,
          minZoom,
          onTile,
        }),
      );
    }
    // Units whose phase 2 kept plant layers are tiled from them and their HD JPEG; the others'
    // original files are fetched and analysed again (another worker ran phase 1, an older dataset).
    const kept = await Promise.all(
      units.map(async ({ unit }) => (await storage.stat(plantLayersKey(dataset.uuid, unit.id))) !== null),
    );
    const keys = units.flatMap((u, i) => (kept[i] ? [] : u.files.map((file) => file.storageKey as string)));
    return withLocalFiles(storage, keys, async (paths) => {
      let next = 0;
      const photos: TilePhotoSource[] = units.map(({ unit, files, analysis }, i) => {
        const mine = kept[i] ? [] : paths.slice(next, next + files.length);
        next += mine.length;
        const metadata = files.map((file) => file.metadata as unknown as PhotoMetadata);
        // Placed with the same height above ground the analysis used (MicaSense has no relative altitude).
        const height = unitHeight(unit, metadata, context);
        return {
          input: { paths: mine, metadata, ...(height !== undefined ? { heightAboveGroundM: height } : {}) },
          analysis,
          ...(kept[i] ? { prepared: () => preparedPhoto(context, dataset, unit) } : {}),
        };
      });
      return renderTiles({ photos, statistics, minZoom, onTile });
    });
  }

  /** A unit's HD JPEG and the plant layers its phase 2 kept. */
  async function preparedPhoto(context: ReportContext, dataset: DatasetRow, unit: UnitRow) {
    const [layers, hdJpeg] = await Promise.all([
      readStored(storage, plantLayersKey(dataset.uuid, unit.id)),
      readStored(storage, reportKey(context.report.uuid, hdFileName(unitInput(unit).base))),
    ]);
    if (!layers || !hdJpeg) throw new Error(`unit ${unit.id}: its plant layers or HD photo went missing`);
    return { hdJpeg, layers: await decodePlantLayers(layers) };
  }

  async function buildResults(context: ReportContext, dataset: DatasetRow) {
    const detected = await repository.unitsIn(dataset.id, 'detected');
    const analysed = await Promise.all(
      detected.map(async (unit) => ({
        unit,
        files: await repository.filesByIds(unit.fileIds),
        analysis: unit.result?.analysis as PhotoAnalysis,
      })),
    );
    // A plant seen in two overlapping photos is one plant with one box (in the photo the map shows
    // there); each photo's own analysis stays as detected.
    const merged = mergeOverlappingBoxes(analysed.map(({ analysis }) => analysis));
    const units = analysed.map((entry, i) => ({ ...entry, analysis: merged[i] as PhotoAnalysis }));
    const images: AnalysedImage[] = units.map(({ unit, analysis }) => ({
      file: unitInput(unit).file,
      base: unitInput(unit).base,
      analysis,
      ...(unitInput(unit).setup ? { setup: unitInput(unit).setup } : {}),
    }));
    const summary = await renderMapTiles(context, dataset, units);
    await writeVigourLayer(storage, context.report.uuid, images);
    const accepted = await repository.acceptedFilesOf(dataset.id);
    const first = images[0]?.analysis;
    const results: ReportResults = {
      processedAt: now(),
      camera: mostCommon(accepted.map((file) => (file.metadata?.camera as string | null) ?? null)),
      numOfInputImgs: accepted.length,
      numOfOutputImgs: images.length,
      scale: first ? { ratio: first.scale } : null,
      size: first ? { hd: first.hd } : null,
      outputData: outputPoints(images),
      surfaceMapMin: summary.surfaceMin,
      surfaceMapMax: summary.surfaceMax,
      layers: summary.layers,
    };
    return { results, images, summary };
  }

  async function writePdf(context: ReportContext, built: Awaited<ReturnType<typeof buildResults>>) {
    await writeReportPdf(storage, context, {
      images: built.images,
      layers: built.summary.layers,
      layerMaxZoom: built.summary.layerMaxZoom,
      processedAt: built.results.processedAt ?? now(),
      camera: built.results.camera ?? null,
      numOfInputImgs: built.results.numOfInputImgs ?? 0,
      outputData: built.results.outputData ?? [],
    });
  }

  return async function finalize({ datasetId }: JobPayloads['dataset.finalize']) {
    const dataset = await repository.findDataset(datasetId);
    if (!dataset || (dataset.status !== 'processing' && dataset.status !== 'complete')) return;
    const context = await repository.findReportById(dataset.reportId);
    if (!context) return;
    if (dataset.status === 'processing' && context.report.status === 'processing_data') {
      const built = await buildResults(context, dataset);
      await writePdf(context, built);
      await repository.completeReport({
        reportId: context.report.id,
        datasetId: dataset.id,
        results: built.results,
        processedAt: now(),
      });
      deps.logger.info({ datasetId, images: built.images.length }, 'report complete');
    } else {
      await repository.moveDataset(dataset.id, ['processing'], { status: 'complete', processedAt: now() });
    }
    const fresh = await repository.findReportById(dataset.reportId);
    if (fresh?.report.status === 'complete') await deps.onReportProcessed(fresh);
  };
}
