import { vigourCounts } from '@ampelos/domain';
import type { ReportOutputPoint } from '../../../platform/db/schema.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { Storage } from '../../../platform/storage/storage.ts';
import { readHistoryFile } from '../../agro/history-file.ts';
import { hdFileName, PDF_FILE, reportKey, tileFile } from '../paths.ts';
import { unitInput } from '../pipeline/units.ts';
import { vigourLayer } from '../pipeline/vigour-layer.ts';
import type { DatasetRepository, ReportContext } from '../repository.ts';
import { deepestTileLevel } from '../tile-levels.ts';
import { renderFieldMap } from './field-map.ts';
import { renderFinalReport } from './final-report.ts';
import { lookFirstAreas, pdfPlants } from './plants.ts';
import { type AnalysedImage, COLOUR_HEX } from './stress-summary.ts';

const MAP_LAYERS = ['no_pseu', 'ai'];
const HIGHEST_ZOOM = 23;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface ReportPdfInput {
  images: AnalysedImage[];
  /** Layers the report has tiles for. */
  layers: string[];
  /** Each layer's highest zoom with tiles; a layer's is found in the storage when not known. */
  layerMaxZoom?: Partial<Record<string, number>>;
  processedAt: Date;
  camera: string | null;
  numOfInputImgs: number;
  /** The report's outputData: the annotations people saved and the boxes they drew. */
  outputData: readonly ReportOutputPoint[];
}

/**
 * `final_report.pdf` of a report: the field map from its stored tiles, its analysed images and its
 * agronomy history file when it has one, the annotations people saved. Written by the finalize job
 * and again (`report.pdf` job) whenever the agro jobs write a new `front_agro_weather.json` or
 * someone saves an annotation; the same inputs give the same pages.
 */
export async function writeReportPdf(storage: Storage, context: ReportContext, input: ReportPdfInput) {
  const { report, field, owner } = context;
  const uuid = report.uuid;
  const readTile = async (layer: string, z: number, x: number, y: number) => {
    const file = await storage.get(reportKey(uuid, tileFile(layer, z, x, y)));
    return file ? readAll(file.stream) : null;
  };
  const layers = MAP_LAYERS.filter((layer) => input.layers.includes(layer));
  const highestZoom = async (layer: string) =>
    input.layerMaxZoom?.[layer] ?? deepestTileLevel(storage, uuid, layer, HIGHEST_ZOOM, 0);
  // The map is drawn at one zoom for all its layers: the plant layers may stop above the photos'.
  const zooms = (await Promise.all(layers.map(highestZoom))).filter((z) => z !== undefined);
  const maxZoom = zooms.length ? Math.min(...zooms) : undefined;
  const plants = pdfPlants(input.images, input.outputData);
  const lookFirst = lookFirstAreas(field?.polygon ?? [], plants);
  const vigour = vigourLayer(input.images);
  const fieldMap = await renderFieldMap({
    ring: field?.polygon ?? [],
    points: input.images.flatMap(({ analysis }) =>
      analysis.boxes.map((box) => ({ lng: box.lng, lat: box.lat, colour: COLOUR_HEX[box.colour] })),
    ),
    areas: lookFirst.areas.map((area) => ({ ring: area.ring, label: String(area.rank) })),
    readTile,
    layers,
    ...(maxZoom !== undefined ? { maxZoom } : {}),
  });
  const pdf = await renderFinalReport({
    lang: owner.lang,
    field: {
      title: field?.title ?? report.fieldTitle,
      region: field?.region ?? null,
      country: field?.country ?? null,
      area: field?.area ?? report.fieldArea,
      variety: field?.variety ?? null,
      latitude: field?.centroidLat ?? null,
      longitude: field?.centroidLng ?? null,
    },
    report: {
      uuid,
      service: report.service === 'e2e' ? 'e2e' : 'manual',
      processedAt: input.processedAt,
      camera: input.camera,
    },
    numOfInputImgs: input.numOfInputImgs,
    images: input.images,
    fieldMap,
    readHd: async (base) => {
      const file = await storage.get(reportKey(uuid, hdFileName(base)));
      return file ? readAll(file.stream) : null;
    },
    agro: await readHistoryFile(storage, uuid),
    plants,
    vigour: vigour.features.length > 0 ? vigourCounts(vigour) : null,
    lookFirst,
  });
  await storage.put(reportKey(uuid, PDF_FILE), pdf, 'application/pdf');
}

/**
 * The `report.pdf` job: writes a complete report's PDF again from what is stored (its latest
 * dataset's analyses, tiles and agronomy file). Idempotent; a report not complete is left alone
 * (its finalize reads the agronomy file when it runs).
 */
export function createReportPdfJob(deps: {
  repository: DatasetRepository;
  storage: Storage;
  logger: Logger;
}) {
  return async ({ reportId }: { reportId: number }) => {
    const context = await deps.repository.findReportById(reportId);
    if (context?.report.status !== 'complete') return;
    const dataset = await deps.repository.latestDataset(reportId);
    if (dataset?.status !== 'complete') return;
    const units = await deps.repository.unitsIn(dataset.id, 'detected');
    const images: AnalysedImage[] = units.flatMap((unit) => {
      const analysis = unit.result?.analysis as AnalysedImage['analysis'] | undefined;
      const { file, base, setup } = unitInput(unit);
      return analysis ? [{ file, base, analysis, ...(setup ? { setup } : {}) }] : [];
    });
    const { report } = context;
    await writeReportPdf(deps.storage, context, {
      images,
      layers: report.layers ?? [],
      processedAt: report.processedAt ?? new Date(),
      camera: report.camera,
      numOfInputImgs: report.numOfInputImgs ?? 0,
      outputData: report.outputData ?? [],
    });
    deps.logger.info(
      { report: report.uuid },
      'report PDF written again (agronomy file or annotations changed)',
    );
  };
}
