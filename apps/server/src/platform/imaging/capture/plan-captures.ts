import type { ImagingSetup } from '@ampelos/domain';
import { decideHeight, findGroundCaptures, type HeightDecision } from '../geometry/height-source.ts';
import { type CameraModel, recogniseCamera } from '../metadata/camera-model.ts';
import type { PhotoInput, PhotoMetadata } from '../types.ts';

/** How one capture will be read: its camera, its height above ground, and whether it is analysed. */
export interface CapturePlan {
  /** `survey`: analysed; `ground`: taken on the ground (e.g. the reflectance panel), used as the height reference only. */
  role: 'survey' | 'ground';
  camera: CameraModel;
  height: HeightDecision;
  /** What the report states for this capture. */
  setup: ImagingSetup;
}

export interface DatasetPlan {
  /** One plan per input, same order. */
  captures: CapturePlan[];
  /**
   * Reasons (English, for staff) the dataset must be confirmed before analysis: an unknown
   * false-colour camera, an implausible or missing height. Empty when the analysis may start.
   */
  confirmations: string[];
}

export interface PlanOptions {
  /** The field's altitude as typed (m above sea level), null when not given. */
  fieldAltitudeM?: number | null;
  /** A flight height entered by staff; used for captures without a relative altitude. */
  confirmedHeightM?: number | null;
}

export function setupOf(camera: CameraModel, height: HeightDecision): ImagingSetup {
  return {
    camera: camera.label,
    kind: camera.kind,
    bands: camera.bands,
    method: camera.method,
    heightM: height.heightM === null ? null : Math.round(height.heightM * 10) / 10,
    heightSource: height.heightM === null ? 'unknown' : height.source,
    indices: camera.indices,
  };
}

/**
 * The plan of a photo dataset (one entry per capture, as `groupCaptures` returns them): ground
 * captures are found first, then each survey capture's camera and height are decided from the
 * evidence. Pure and deterministic, so every job of a dataset derives the same plan.
 */
export function planCaptures(inputs: PhotoInput[], options: PlanOptions = {}): DatasetPlan {
  const references = inputs.map((input) => {
    const metadata = input.metadata?.[0];
    if (!metadata) throw new Error('planCaptures needs the metadata of every capture');
    return metadata;
  });
  const { groundIndices, reference } = findGroundCaptures(references);
  const ground = new Set(groundIndices);
  // Every capture on the ground (a set of test shots) is analysed: there is no flight to refer to.
  const allGround = ground.size === inputs.length;
  const confirmations = new Set<string>();
  const captures = inputs.map((input, i): CapturePlan => {
    const metadata = input.metadata as PhotoMetadata[];
    const camera = recogniseCamera(metadata.length > 1 ? metadata : (metadata[0] as PhotoMetadata));
    const role = ground.has(i) && !allGround ? 'ground' : 'survey';
    const height = decideHeight(references[i] as PhotoMetadata, {
      ground: reference,
      fieldAltitudeM: options.fieldAltitudeM ?? null,
      confirmedHeightM: options.confirmedHeightM ?? null,
    });
    if (role === 'survey') {
      if (camera.needsConfirmation) confirmations.add(camera.needsConfirmation);
      if (height.needsConfirmation) confirmations.add(height.needsConfirmation);
    }
    return { role, camera, height, setup: setupOf(camera, height) };
  });
  return { captures, confirmations: [...confirmations] };
}

/** The input the analysis takes for a planned capture (its height above ground, when decided). */
export function plannedInput(input: PhotoInput, plan: CapturePlan): PhotoInput {
  const { heightAboveGroundM: _previous, ...rest } = input;
  return plan.height.heightM === null ? rest : { ...rest, heightAboveGroundM: plan.height.heightM };
}
