import path from 'node:path';
import type { ImagingSetup } from '@ampelos/domain';
import {
  type DatasetPlan,
  groupCaptures,
  type PhotoMetadata,
  type PlanOptions,
  planCaptures,
  planRasterTiles,
  type RasterInfo,
  type RasterTile,
} from '../../../platform/imaging/index.ts';
import type { DatasetFileRow, DatasetRepository, DatasetRow, UnitRow } from '../repository.ts';

/** What a unit covers (stored with it, so every job of the unit reads the same plan). */
export interface UnitInput {
  /** Base of the HD derivative: `reports/{uuid}/{base}-hd.jpg`. */
  base: string;
  /** The file name shown in outputData (`file`). */
  file: string;
  /** Raster window of an orthomosaic unit. */
  tile?: RasterTile;
  /** Optional DSM file of a raster dataset. */
  dsmFileId?: number;
  /** Photos: how the capture is read (camera, bands, height and its source), decided once per plan. */
  setup?: ImagingSetup;
  /** Photos: height above ground the analysis uses (null: none, boxes keep the photo's position). */
  heightM?: number | null;
}

export const unitInput = (unit: UnitRow) => unit.input as unknown as UnitInput;

/** A file-system and URL safe base name, unique within the dataset. */
function uniqueBase(name: string, taken: Set<string>): string {
  const stem =
    path
      .basename(name, path.extname(name))
      .replace(/[^A-Za-z0-9_.-]+/g, '_')
      .slice(0, 120) || 'image';
  let base = stem;
  for (let n = 2; taken.has(base.toLowerCase()); n++) base = `${stem}_${n}`;
  taken.add(base.toLowerCase());
  return base;
}

/** The captures of a photo dataset with their plan (camera, height, ground captures). */
export function planPhotoDataset(files: DatasetFileRow[], options: PlanOptions) {
  const captures = groupCaptures(
    files.map((file) => ({ path: file.path, metadata: file.metadata as unknown as PhotoMetadata })),
  );
  return { captures, plan: planCaptures(captures, options) };
}

/**
 * Photos: one unit per capture (a multispectral band set is one capture), each with its plan.
 * Ground captures (the reflectance-panel shot) get no unit: they only give the height reference.
 */
function photoUnits(dataset: DatasetRow, files: DatasetFileRow[], options: PlanOptions) {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const { captures, plan } = planPhotoDataset(files, options);
  const taken = new Set<string>();
  const units = captures.flatMap((capture, index) => {
    const planned = plan.captures[index];
    if (!planned || planned.role === 'ground') return [];
    const members = capture.paths.map((p) => byPath.get(p)).filter((file) => file !== undefined);
    const first = members[0];
    if (!first) throw new Error('capture without files');
    // A band set is named after its capture (IMG_0001 from IMG_0001_1.tif).
    const name = members.length > 1 ? path.basename(first.path).replace(/_\d+(\.[^.]+)$/, '$1') : first.path;
    const base = uniqueBase(name, taken);
    // `file` keeps the spec's relation: the HD photo is `{file base name}-hd.jpg`.
    const input: UnitInput = {
      base,
      file: `${base}${path.extname(name)}`,
      setup: planned.setup,
      heightM: planned.height.heightM,
    };
    return [
      {
        datasetId: dataset.id,
        key: `capture:${first.id}`,
        fileIds: members.map((file) => file.id),
        input: input as unknown as Record<string, unknown>,
      },
    ];
  });
  return { units, plan };
}

/** Orthomosaic: one unit per analysis window. */
function rasterUnits(dataset: DatasetRow, files: DatasetFileRow[]) {
  const ortho = files.find((file) => file.kind === 'orthomosaic');
  if (!ortho) return [];
  const dsm = files.find((file) => file.kind === 'dsm');
  const stem = path
    .basename(ortho.path, path.extname(ortho.path))
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .slice(0, 80);
  return planRasterTiles(ortho.metadata as unknown as RasterInfo).map((tile) => {
    const input: UnitInput = {
      base: `${stem || 'orthomosaic'}_${tile.id}`,
      file: path.basename(ortho.path),
      tile,
      ...(dsm ? { dsmFileId: dsm.id } : {}),
    };
    return {
      datasetId: dataset.id,
      key: `tile:${tile.id}`,
      fileIds: [ortho.id],
      input: input as unknown as Record<string, unknown>,
    };
  });
}

/**
 * Creates the dataset's units once (a repeated call inserts nothing new) and returns what staff
 * must confirm before the analysis may start (empty for rasters and for plans that need nothing).
 */
export async function ensureUnits(
  repository: DatasetRepository,
  dataset: DatasetRow,
  options: PlanOptions,
): Promise<DatasetPlan['confirmations']> {
  const files = await repository.acceptedFilesOf(dataset.id);
  if (dataset.kind === 'raster') {
    await repository.insertUnits(rasterUnits(dataset, files));
    return [];
  }
  const { units, plan } = photoUnits(dataset, files, options);
  await repository.insertUnits(units);
  return plan.confirmations;
}

/**
 * Plans the photo units again with what staff confirmed (layouts are already in the files'
 * metadata); updates each unit's setup and height. Returns what still needs confirming.
 */
export async function replanUnits(
  repository: DatasetRepository,
  dataset: DatasetRow,
  options: PlanOptions,
): Promise<DatasetPlan['confirmations']> {
  const files = await repository.acceptedFilesOf(dataset.id);
  const { units, plan } = photoUnits(dataset, files, options);
  const byKey = new Map(units.map((unit) => [unit.key, unit]));
  for (const unit of await repository.unitsOf(dataset.id)) {
    const planned = byKey.get(unit.key);
    if (planned) await repository.updateUnitInput(unit.id, planned.input);
  }
  return plan.confirmations;
}
