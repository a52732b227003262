// Self-consistency of the band registration of a multispectral capture: every band registered onto
// every other (the engine's estimateBandTransform, on the calibrated bands it registers).
// Registration has no ground truth here, but a right one is consistent: band a → b → a comes back
// where it started, and a → b → c lands where a → c does. Measured at the frame's corners and centre, where an
// extrapolated fit shows. A consistent registration can still be wrong; an inconsistent one is.
import {
  type BandTransform,
  estimateBandTransform,
} from '../../apps/server/src/platform/imaging/capture/band-alignment.ts';
import { readSingleBand } from '../../apps/server/src/platform/imaging/capture/load-capture.ts';
import { readPhotoMetadata } from '../../apps/server/src/platform/imaging/index.ts';

type Point = [number, number];

const apply = (t: BandTransform, [x, y]: Point): Point => [
  t.a * x - t.b * y + t.tx,
  t.b * x + t.a * y + t.ty,
];
const distance = ([x1, y1]: Point, [x2, y2]: Point) => Math.hypot(x1 - x2, y1 - y2);
const quantile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))] as number;

export interface RegistrationConsistency {
  /** a → b → a, pixels: median and largest. */
  roundTrip: { median: number; max: number };
  /** a → b → c against a → c, pixels: median, 90th percentile and largest. */
  closure: { median: number; p90: number; max: number };
}

export async function registrationConsistency(paths: string[]): Promise<RegistrationConsistency> {
  // The bands as the engine registers them (calibrated by readSingleBand).
  const bands = await Promise.all(
    paths.map(async (path) => readSingleBand(path, await readPhotoMetadata(path))),
  );
  const { width, height } = bands[0] as { width: number; height: number };
  const transforms = bands.map((from) =>
    bands.map((to) => (from === to ? null : estimateBandTransform(from.values, to.values, width, height))),
  );
  const between = (a: number, b: number) => transforms[a]?.[b] as BandTransform;
  const points: Point[] = [
    [0, 0],
    [width - 1, 0],
    [0, height - 1],
    [width - 1, height - 1],
    [width / 2, height / 2],
  ];
  const roundTrips: number[] = [];
  const closures: number[] = [];
  for (let a = 0; a < bands.length; a++) {
    for (let b = 0; b < bands.length; b++) {
      if (a === b) continue;
      for (const p of points) {
        if (a < b) roundTrips.push(distance(apply(between(b, a), apply(between(a, b), p)), p));
        for (let c = 0; c < bands.length; c++) {
          if (c === a || c === b) continue;
          closures.push(distance(apply(between(b, c), apply(between(a, b), p)), apply(between(a, c), p)));
        }
      }
    }
  }
  roundTrips.sort((x, y) => x - y);
  closures.sort((x, y) => x - y);
  return {
    roundTrip: { median: quantile(roundTrips, 0.5), max: quantile(roundTrips, 1) },
    closure: { median: quantile(closures, 0.5), p90: quantile(closures, 0.9), max: quantile(closures, 1) },
  };
}
