import type { PlantVigour } from '../types.ts';
import type { PlantUnit } from './plant-units.ts';

const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

/**
 * The vigour layer's plants: every judged unit with its vigour class (against its neighbours, see
 * plant-units.ts) and the ground outline of its box. Nothing without a georeference: a plant that
 * cannot be placed on the map has no place on a map layer.
 */
export function plantVigour(
  units: readonly PlantUnit[],
  pixelToLngLat: ((x: number, y: number) => [number, number]) | null,
): PlantVigour[] {
  if (!pixelToLngLat) return [];
  const plants: PlantVigour[] = [];
  const corner = (x: number, y: number) => pixelToLngLat(x, y).map(round7) as [number, number];
  for (const unit of units) {
    if (!unit.judged || unit.vigourClass === null) continue;
    const [left, top, right, bottom] = [unit.minX, unit.minY, unit.maxX + 1, unit.maxY + 1];
    plants.push({
      ring: [corner(left, top), corner(left, bottom), corner(right, bottom), corner(right, top)],
      vigourClass: unit.vigourClass,
      z: Math.round(unit.z.vigour * 100) / 100,
    });
  }
  return plants;
}
