import type { VigourLayerFile } from '@ampelos/domain';
import type { Storage } from '../../../platform/storage/storage.ts';
import { reportKey, VIGOUR_FILE } from '../paths.ts';
import type { AnalysedImage } from '../report-pdf/stress-summary.ts';

type LngLat = [number, number];

function inside([x, y]: LngLat, ring: readonly LngLat[]): boolean {
  let within = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as LngLat;
    const [xj, yj] = ring[j] as LngLat;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

const centreOf = (ring: readonly LngLat[]): LngLat => {
  const corners = ring.slice(0, 4);
  return [
    corners.reduce((sum, p) => sum + p[0], 0) / corners.length,
    corners.reduce((sum, p) => sum + p[1], 0) / corners.length,
  ];
};

/**
 * The report's vigour layer from its analysed images: every judged plant unit with its class.
 * Where photos overlap, a plant is taken from the photo whose centre is nearest to it (the rule the
 * map mosaic paints by), so each plant on the ground is counted once and matches the tiles.
 */
export function vigourLayer(images: readonly AnalysedImage[]): VigourLayerFile {
  const placed = images.flatMap(({ analysis }) => {
    const ring = analysis.footprint?.coordinates[0] as LngLat[] | undefined;
    if (!ring || analysis.lng === null || analysis.lat === null) return [];
    const lngs = ring.map((p) => p[0]);
    const lats = ring.map((p) => p[1]);
    return [
      {
        analysis,
        ring,
        centre: [analysis.lng, analysis.lat] as LngLat,
        bounds: [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)],
      },
    ];
  });
  const cosLat = Math.cos(((placed[0]?.centre[1] ?? 0) * Math.PI) / 180);
  const distance = (a: LngLat, b: LngLat) => ((a[0] - b[0]) * cosLat) ** 2 + (a[1] - b[1]) ** 2;
  const features: VigourLayerFile['features'] = [];
  for (const own of placed) {
    for (const plant of own.analysis.plants ?? []) {
      const centre = centreOf(plant.ring);
      const mine = distance(centre, own.centre);
      const nearer = placed.some(
        (other) =>
          other !== own &&
          centre[0] >= (other.bounds[0] as number) &&
          centre[0] <= (other.bounds[2] as number) &&
          centre[1] >= (other.bounds[1] as number) &&
          centre[1] <= (other.bounds[3] as number) &&
          distance(centre, other.centre) < mine &&
          inside(centre, other.ring),
      );
      if (nearer) continue;
      features.push({
        type: 'Feature',
        properties: { vigour: plant.vigourClass, z: plant.z },
        geometry: { type: 'Polygon', coordinates: [[...plant.ring, plant.ring[0] as LngLat]] },
      });
    }
  }
  return { type: 'FeatureCollection', features };
}

/** Writes `data_files/vigour.geojson` when the analyses hold plant units; answers the layer (or null). */
export async function writeVigourLayer(
  storage: Storage,
  reportUuid: string,
  images: readonly AnalysedImage[],
) {
  const layer = vigourLayer(images);
  if (layer.features.length === 0) return null;
  await storage.put(
    reportKey(reportUuid, VIGOUR_FILE),
    Buffer.from(JSON.stringify(layer)),
    'application/geo+json',
  );
  return layer;
}
