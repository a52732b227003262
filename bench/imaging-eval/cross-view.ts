// Whether overlapping photos agree on a plant: for each box, every other photo whose footprint
// holds the box's ground centre well inside (not at its edge, where the plant-scale windows and
// the rows are cut) is asked whether it boxed something near the same ground point. Each photo is
// judged alone (the same photo gives the same boxes in any upload), so this measures how stable a
// verdict is from one view to the next, plus the georeference error between the two views (the
// nadir model: a tilted frame or a yaw error moves a point by metres; docs/IMAGING.md, Limitations).
import { pointInRing } from '../../apps/server/src/modules/datasets/ingest/geofence.ts';
import { localFrame } from '../../apps/server/src/platform/imaging/geometry/local-frame.ts';
import type { PhotoAnalysis } from '../../apps/server/src/platform/imaging/index.ts';

/** A view counts when the box lies at least this far inside the other photo's footprint (m). */
const INSIDE_M = 8;

type Point = [number, number];

function distanceToEdge(ring: Point[], [x, y]: Point): number {
  let nearest = Number.POSITIVE_INFINITY;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[j] as Point;
    const [x2, y2] = ring[i] as Point;
    const dx = x2 - x1;
    const dy = y2 - y1;
    const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy || 1)));
    nearest = Math.min(nearest, Math.hypot(x - x1 - t * dx, y - y1 - t * dy));
  }
  return nearest;
}

export interface CrossViewAgreement {
  /** Box and other photo pairs where the other photo sees the box's ground point well inside. */
  views: number;
  /** Of those, how many have a box of the other photo within each distance (m). */
  within: { metres: number; count: number }[];
}

export function crossViewAgreement(analyses: PhotoAnalysis[], distancesM = [3, 6]): CrossViewAgreement {
  const anchor = analyses.find((a) => a.lat !== null && a.lng !== null);
  const result: CrossViewAgreement = { views: 0, within: distancesM.map((metres) => ({ metres, count: 0 })) };
  if (!anchor) return result;
  const frame = localFrame(anchor.lng as number, anchor.lat as number);
  const rings = analyses.map((a) =>
    a.footprint
      ? (a.footprint.coordinates[0] ?? []).map(([lng, lat]) => frame.toMetres(lng as number, lat as number))
      : null,
  );
  const boxes = analyses.map((a) => a.boxes.map((box) => frame.toMetres(box.lng, box.lat)));
  analyses.forEach((_, image) => {
    for (const point of boxes[image] ?? []) {
      analyses.forEach((__, other) => {
        const ring = rings[other];
        if (other === image || !ring || !pointInRing(point, ring) || distanceToEdge(ring, point) < INSIDE_M)
          return;
        result.views++;
        let nearest = Number.POSITIVE_INFINITY;
        for (const [x, y] of boxes[other] ?? [])
          nearest = Math.min(nearest, Math.hypot(x - point[0], y - point[1]));
        for (const bucket of result.within) if (nearest <= bucket.metres) bucket.count++;
      });
    }
  });
  return result;
}
