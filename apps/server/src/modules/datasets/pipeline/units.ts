import path from 'node:path';
import {
  groupCaptures,
  type PhotoMetadata,
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

/** Photos: one unit per capture (a multispectral band set is one capture). */
function photoUnits(dataset: DatasetRow, files: DatasetFileRow[]) {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const captures = groupCaptures(
    files.map((file) => ({ path: file.path, metadata: file.metadata as unknown as PhotoMetadata })),
  );
  const taken = new Set<string>();
  return captures.map((capture) => {
    const members = capture.paths.map((p) => byPath.get(p)).filter((file) => file !== undefined);
    const first = members[0];
    if (!first) throw new Error('capture without files');
    // A band set is named after its capture (IMG_0001 from IMG_0001_1.tif).
    const name = members.length > 1 ? path.basename(first.path).replace(/_\d+(\.[^.]+)$/, '$1') : first.path;
    const base = uniqueBase(name, taken);
    // `file` keeps the spec's relation: the HD photo is `{file base name}-hd.jpg`.
    const input: UnitInput = { base, file: `${base}${path.extname(name)}` };
    return {
      datasetId: dataset.id,
      key: `capture:${first.id}`,
      fileIds: members.map((file) => file.id),
      input: input as unknown as Record<string, unknown>,
    };
  });
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

/** Creates the dataset's units once (a repeated call inserts nothing new). */
export async function ensureUnits(repository: DatasetRepository, dataset: DatasetRow) {
  const files = await repository.acceptedFilesOf(dataset.id);
  const units = dataset.kind === 'raster' ? rasterUnits(dataset, files) : photoUnits(dataset, files);
  await repository.insertUnits(units);
}
