import sharp from 'sharp';
import {
  type BoxClassification,
  type DetectOptions,
  NOT_CLASSIFIED,
  type StressBox,
  type StressColour,
} from '../types.ts';
import { hasBit } from './bit-mask.ts';
import { labelComponents } from './components.ts';
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

interface Accumulator {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  pixels: number;
  vigour: number;
  chlorophyll: number;
  water: number;
}

/**
 * Stressed pixels → connected components. Blobs closer than `mergeDistanceM` are merged by
 * labelling the stressed mask dilated by half that distance; each label keeps the bounding box of
 * its own stressed pixels. Components smaller than `minAreaM2` (or `minPixels` without a ground
 * resolution) are dropped.
 */
export async function stressBoxes(context: BoxContext): Promise<StressBox[]> {
  const { fields, scores, gsdM, options } = context;
  const { width, height } = fields;
  const mergeRadius = gsdM
    ? Math.round((options.mergeDistanceM ?? DEFAULT_DETECT.mergeDistanceM) / gsdM / 2)
    : Math.round(Math.min(width, height) / 300);
  const { domainIndex } = fields;
  // Stressed pixels are domain pixels: only those are visited.
  const { labels, count } = labelComponents(scores.stressed, width, height, domainIndex);
  const groups: Accumulator[] = Array.from({ length: count + 1 }, () => ({
    minX: width,
    minY: height,
    maxX: -1,
    maxY: -1,
    pixels: 0,
    vigour: 0,
    chlorophyll: 0,
    water: 0,
  }));
  // Stressed pixels are domain pixels: visited in scan order, with their scores at k.
  for (let k = 0; k < domainIndex.length; k++) {
    const i = domainIndex[k] as number;
    if (!scores.stressed[i]) continue;
    const y = Math.floor(i / width);
    const x = i - y * width;
    const group = groups[labels[i] as number] as Accumulator;
    if (x < group.minX) group.minX = x;
    if (x > group.maxX) group.maxX = x;
    if (y < group.minY) group.minY = y;
    if (y > group.maxY) group.maxY = y;
    group.pixels++;
    group.vigour += Math.min(scores.vigour[k] as number, scores.cover[k] as number);
    group.chlorophyll += scores.chlorophyll[k] as number;
    group.water += scores.water ? (scores.water[k] as number) : 0;
  }
  const minPixels = gsdM
    ? (options.minAreaM2 ?? DEFAULT_DETECT.minAreaM2) / (gsdM * gsdM)
    : DEFAULT_DETECT.minPixels;
  // Specks (under a quarter of the minimum size) are noise: dropped before merging, so that a
  // scatter of them cannot chain unrelated blobs into one box.
  for (const group of groups) if (group.pixels < minPixels / 4) group.pixels = 0;
  const maxSidePx = gsdM ? (options.maxBoxM ?? DEFAULT_DETECT.maxBoxM) / gsdM : Math.max(width, height) / 8;
  mergeNearby(groups, Math.max(1, mergeRadius * 2), maxSidePx);
  const lowZ = options.lowZ ?? DEFAULT_DETECT.lowZ;
  const boxes: StressBox[] = [];
  for (const group of groups) {
    if (group.pixels === 0 || group.pixels < minPixels) continue;
    const w = group.maxX - group.minX + 1;
    const h = group.maxY - group.minY + 1;
    const chlorophyll = group.chlorophyll / group.pixels;
    const water = scores.water ? group.water / group.pixels : 0;
    const colour = stressColour(chlorophyll < -lowZ, scores.water !== null && water < -lowZ);
    const centre = context.pixelToLngLat
      ? context.pixelToLngLat(group.minX + w / 2, group.minY + h / 2)
      : context.fallbackLngLat;
    if (!centre) continue;
    const box: StressBox = {
      id: `${context.imageId}-${boxes.length + 1}`,
      thr_coords: { x: group.minX, y: group.minY, w, h },
      lng: round(centre[0], 8),
      lat: round(centre[1], 8),
      colour,
      scores: {
        vigour: round(group.vigour / group.pixels, 3),
        chlorophyll: round(chlorophyll, 3),
        water: round(water, 3),
        stressedShare: round(group.pixels / domainPixels(fields, group), 3),
      },
      areaM2: gsdM ? round(group.pixels * gsdM * gsdM, 3) : null,
      classification: { label: NOT_CLASSIFIED, probability: null },
    };
    box.classification = await classify(context, box);
    boxes.push(box);
  }
  return boxes;
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

/**
 * Merges groups whose boxes, grown by `gap` px, overlap (a plant split by a leafless gap, or
 * neighbouring stressed plants), unless the merged box would exceed `maxSide` px.
 */
function mergeNearby(groups: Accumulator[], gap: number, maxSide: number): void {
  const live = groups.filter((group) => group.pixels > 0).sort((a, b) => a.minX - b.minX);
  for (let pass = 0; pass < 2; pass++) {
    for (let a = 0; a < live.length; a++) {
      const first = live[a] as Accumulator;
      if (!first.pixels) continue;
      for (let b = a + 1; b < live.length; b++) {
        const second = live[b] as Accumulator;
        if (second.minX > first.maxX + gap) break;
        if (!second.pixels) continue;
        if (second.minY > first.maxY + gap || first.minY > second.maxY + gap) continue;
        const minX = Math.min(first.minX, second.minX);
        const minY = Math.min(first.minY, second.minY);
        const maxX = Math.max(first.maxX, second.maxX);
        const maxY = Math.max(first.maxY, second.maxY);
        const overlapX = Math.min(first.maxX, second.maxX) - Math.max(first.minX, second.minX) + 1;
        const overlapY = Math.min(first.maxY, second.maxY) - Math.max(first.minY, second.minY) + 1;
        const smaller = Math.min(
          (first.maxX - first.minX + 1) * (first.maxY - first.minY + 1),
          (second.maxX - second.minX + 1) * (second.maxY - second.minY + 1),
        );
        // Boxes that mostly overlap are one box whatever the size cap: nested boxes help nobody.
        const mostlyOverlapping = overlapX > 0 && overlapY > 0 && overlapX * overlapY >= 0.5 * smaller;
        if (!mostlyOverlapping && (maxX - minX + 1 > maxSide || maxY - minY + 1 > maxSide)) continue;
        Object.assign(first, { minX, minY, maxX, maxY });
        first.pixels += second.pixels;
        first.vigour += second.vigour;
        first.chlorophyll += second.chlorophyll;
        first.water += second.water;
        second.pixels = 0;
      }
    }
  }
}

function domainPixels(fields: PlantFields, group: Accumulator): number {
  let count = 0;
  for (let y = group.minY; y <= group.maxY; y++) {
    for (let x = group.minX; x <= group.maxX; x++) if (hasBit(fields.domain, x, y)) count++;
  }
  return Math.max(1, count);
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
