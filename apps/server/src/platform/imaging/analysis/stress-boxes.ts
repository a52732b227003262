import sharp from 'sharp';
import {
  type BoxClassification,
  type DetectOptions,
  NOT_CLASSIFIED,
  type StressBox,
  type StressColour,
} from '../types.ts';
import type { PlantFields } from './plant-fields.ts';
import type { PlantUnit } from './plant-units.ts';
import { DEFAULT_DETECT, type ScoreMaps } from './scores.ts';

export interface BoxContext {
  fields: PlantFields;
  scores: ScoreMaps;
  /** Ground size of one working (= HD) pixel, null when unknown. */
  gsdM: number | null;
  imageId: string;
  /** Working-pixel position → WGS84, null when the capture is not georeferenced. */
  pixelToLngLat: ((x: number, y: number) => [number, number]) | null;
  /** Fallback position for every box when there is no georeference (the photo's GPS). */
  fallbackLngLat: [number, number] | null;
  /** 8-bit RGB of the working image, for classifier crops (null when phase 1's fields were reused). */
  display: Uint8Array | null;
  options: DetectOptions;
}

/** Spec section 4: yellow stress; magenta + low chlorophyll; blue + low leaf water; red all three. */
export function stressColour(lowChlorophyll: boolean, lowWater: boolean): StressColour {
  if (lowChlorophyll && lowWater) return 'red';
  if (lowChlorophyll) return 'magenta';
  if (lowWater) return 'blue';
  return 'yellow';
}

/**
 * One box per stressed plant unit (see plant-units.ts): the unit's canopy extent, so a box never
 * exceeds the plant spacing (at most `maxBoxM`) and is mostly canopy. Scores are the unit's robust
 * z against its neighbours.
 */
export async function unitBoxes(
  context: Omit<BoxContext, 'scores'> & { units: PlantUnit[]; hasWater: boolean },
): Promise<StressBox[]> {
  const { gsdM, options } = context;
  const lowZ = options.lowZ ?? DEFAULT_DETECT.lowZ;
  const boxes: StressBox[] = [];
  for (const unit of context.units) {
    if (!unit.stressed) continue;
    const w = unit.maxX - unit.minX + 1;
    const h = unit.maxY - unit.minY + 1;
    const centre = context.pixelToLngLat
      ? context.pixelToLngLat(unit.minX + w / 2, unit.minY + h / 2)
      : context.fallbackLngLat;
    if (!centre) continue;
    const colour = stressColour(unit.z.chlorophyll < -lowZ, context.hasWater && unit.z.water < -lowZ);
    const box: StressBox = {
      id: `${context.imageId}-${boxes.length + 1}`,
      thr_coords: { x: unit.minX, y: unit.minY, w, h },
      lng: round(centre[0], 8),
      lat: round(centre[1], 8),
      colour,
      scores: {
        vigour: round(Math.min(unit.z.vigour, unit.z.cover), 3),
        chlorophyll: round(unit.z.chlorophyll, 3),
        water: round(context.hasWater ? unit.z.water : 0, 3),
        stressedShare: round(unit.canopyPixels / (w * h), 3),
      },
      areaM2: gsdM ? round(unit.canopyPixels * gsdM * gsdM, 3) : null,
      classification: { label: NOT_CLASSIFIED, probability: null },
    };
    box.classification = await classify(context, box);
    boxes.push(box);
  }
  return boxes;
}

/** Only a configured classifier above its probability threshold names a class; never a guess. */
async function classify(context: Omit<BoxContext, 'scores'>, box: StressBox): Promise<BoxClassification> {
  const classifier = context.options.classifier;
  // With a classifier, phase 2 always works on the decoded image (it never reuses phase 1's fields).
  if (!classifier || !context.display) return { label: NOT_CLASSIFIED, probability: null };
  const { x, y, w, h } = box.thr_coords;
  const crop = await sharp(context.display, {
    raw: { width: context.fields.width, height: context.fields.height, channels: 3 },
  })
    .extract({ left: x, top: y, width: w, height: h })
    .png()
    .toBuffer();
  const result = await classifier.classify({ crop, scores: box.scores, colour: box.colour });
  if (result.probability >= classifier.minProbability) return result;
  return { label: NOT_CLASSIFIED, probability: result.probability };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
