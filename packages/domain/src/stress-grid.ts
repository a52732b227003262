import { MAP } from './constants.ts';

/** One grid square with stressed plants: its outline (closed ring, lng/lat) and how many it holds. */
export interface StressGridCell {
  ring: [number, number][];
  count: number;
  /** Stressed plants per hectare of the square. */
  perHectare: number;
}

export interface StressGrid {
  cells: StressGridCell[];
  /** The highest count of a square (0 when no plant is stressed): the colour scale's top. */
  maxCount: number;
  squareKm: number;
}

const KM_PER_DEGREE_LAT = 111.32;

/**
 * The spec's 0.08 km grid squares with a 0.08 km buffer, put to use as a stress-density grid: the
 * field's bounding box grown by the buffer (plants photographed just outside the outline still
 * count) is cut into squares of `squareKm`, and each stressed plant falls in one. A grower reads
 * where stress clusters (a wet corner, a row end) at a glance, whatever the zoom.
 * Squares are equal in metres at the field's mid latitude (a field spans far too little latitude
 * for the difference to matter).
 */
export function stressDensityGrid(
  fieldRing: readonly [number, number][],
  plants: readonly { lng: number; lat: number }[],
  squareKm: number = MAP.gridSquareKm,
  bufferKm: number = MAP.gridBufferKm,
): StressGrid {
  if (fieldRing.length < 3 || squareKm <= 0) return { cells: [], maxCount: 0, squareKm };
  const lngs = fieldRing.map(([lng]) => lng);
  const lats = fieldRing.map(([, lat]) => lat);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const kmPerDegreeLng = KM_PER_DEGREE_LAT * Math.cos((midLat * Math.PI) / 180);
  const stepLat = squareKm / KM_PER_DEGREE_LAT;
  const stepLng = squareKm / kmPerDegreeLng;
  const west = Math.min(...lngs) - bufferKm / kmPerDegreeLng;
  const south = Math.min(...lats) - bufferKm / KM_PER_DEGREE_LAT;
  const east = Math.max(...lngs) + bufferKm / kmPerDegreeLng;
  const north = Math.max(...lats) + bufferKm / KM_PER_DEGREE_LAT;
  const columns = Math.max(1, Math.ceil((east - west) / stepLng));
  const rows = Math.max(1, Math.ceil((north - south) / stepLat));

  const counts = new Map<number, number>();
  for (const { lng, lat } of plants) {
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) continue;
    const column = Math.floor((lng - west) / stepLng);
    const row = Math.floor((lat - south) / stepLat);
    if (column < 0 || row < 0 || column >= columns || row >= rows) continue;
    const index = row * columns + column;
    counts.set(index, (counts.get(index) ?? 0) + 1);
  }

  const hectares = squareKm * squareKm * 100;
  const cells: StressGridCell[] = [];
  let maxCount = 0;
  for (const [index, count] of [...counts].sort(([a], [b]) => a - b)) {
    const column = index % columns;
    const row = Math.floor(index / columns);
    const x0 = west + column * stepLng;
    const y0 = south + row * stepLat;
    const [x1, y1] = [x0 + stepLng, y0 + stepLat];
    cells.push({
      ring: [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ],
      count,
      perHectare: count / hectares,
    });
    maxCount = Math.max(maxCount, count);
  }
  return { cells, maxCount, squareKm };
}
