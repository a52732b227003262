/**
 * Height above ground from evidence, in this order: the flight controller's relative altitude
 * (DJI `RelativeAltitude`, senseFly `Height`); else the dataset's own ground capture (a capture
 * taken on the ground near the flight, e.g. MicaSense's reflectance-panel shot: GPS altitude,
 * else barometric altitude, above it); else GPS altitude minus the field's typed altitude. A height
 * or ground pixel outside a plausible range is not used: staff are asked to confirm it first.
 *
 * Interface: `findGroundCaptures(captures)` marks ground captures (not analysed, used as the
 * reference) and returns the reference altitudes; `decideHeight(metadata, evidence)` returns a
 * `HeightDecision` with its `source` and, when staff must confirm, `needsConfirmation` (English).
 */
// The catalogue alone, not the package's index: every analysis thread loads this, and the index's
// schemas took a fifth of a thread's start.
import {
  PLAUSIBLE_FLIGHT_HEIGHT_M as HEIGHT,
  type HeightSource,
  PLAUSIBLE_GROUND_PIXEL_M as PIXEL,
} from '@ampelos/domain/cameras';
import type { PhotoMetadata } from '../types.ts';
import { photoGeoreference } from './footprint.ts';

export interface GroundReference {
  /** GPS altitude of the ground capture(s), m (median when several). */
  gpsAltitudeM: number | null;
  /** Barometric altitude of the ground capture(s), m. */
  pressureAltitudeM: number | null;
}

export interface HeightEvidence {
  ground?: GroundReference | null;
  /** The field's altitude as typed on the field form (m above sea level), null when not given. */
  fieldAltitudeM?: number | null;
  /** A flight height entered by staff (m above ground). */
  confirmedHeightM?: number | null;
}

export interface HeightDecision {
  /** The height to analyse with, null when there is none (or it awaits confirmation). */
  heightM: number | null;
  source: HeightSource;
  /** Ground size of one stored pixel at that height (m), when the camera geometry is known. */
  gsdM: number | null;
  /** Why staff must confirm the height before analysis (English), or null. */
  needsConfirmation: string | null;
  /** The height the evidence implied when it was refused (shown to staff as a starting point). */
  impliedHeightM: number | null;
}

/** A capture at least this far below the others (m) is a ground capture (taken before take-off). */
const GROUND_GAP_M = 20;
/** ... and within this distance of the flight (m). */
const GROUND_NEAR_M = 1000;
/** GPS and barometric heights above the ground capture disagreeing by more than this are refused. */
const MAX_GPS_PRESSURE_DISAGREEMENT = 0.15;

const round1 = (value: number) => Math.round(value * 10) / 10;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function distanceM(a: PhotoMetadata, b: PhotoMetadata): number {
  if (!a.gps || !b.gps) return Number.POSITIVE_INFINITY;
  const rad = Math.PI / 180;
  const dy = (b.gps.lat - a.gps.lat) * 111_320;
  const dx = (b.gps.lng - a.gps.lng) * 111_320 * Math.cos(a.gps.lat * rad);
  return Math.hypot(dx, dy);
}

/**
 * Which captures were taken on the ground: a relative altitude under the plausible minimum, or a
 * GPS altitude at least 20 m below the median of the others while within 1 km of them. Returns
 * their indices and the reference altitudes (null when there is none).
 */
export function findGroundCaptures(captures: PhotoMetadata[]): {
  groundIndices: number[];
  reference: GroundReference | null;
} {
  const altitudes = captures.map((m) => m.gps?.altitude ?? null);
  const groundIndices: number[] = [];
  captures.forEach((capture, i) => {
    if (capture.relativeAltitude !== null && capture.relativeAltitude < HEIGHT.min) {
      groundIndices.push(i);
      return;
    }
    const own = altitudes[i];
    if (own === null || own === undefined || capture.relativeAltitude !== null) return;
    const others = altitudes.filter((a, j): a is number => j !== i && a !== null);
    const othersMedian = median(others);
    if (othersMedian === null || othersMedian - own < GROUND_GAP_M) return;
    if (captures.some((other, j) => j !== i && distanceM(capture, other) <= GROUND_NEAR_M))
      groundIndices.push(i);
  });
  if (groundIndices.length === 0) return { groundIndices, reference: null };
  const ground = groundIndices.map((i) => captures[i] as PhotoMetadata);
  const reference: GroundReference = {
    gpsAltitudeM: median(
      ground.map((m) => m.gps?.altitude).filter((a): a is number => typeof a === 'number'),
    ),
    pressureAltitudeM: median(
      ground.map((m) => m.pressureAltitudeM).filter((a): a is number => typeof a === 'number'),
    ),
  };
  return { groundIndices, reference };
}

function gsdAt(metadata: PhotoMetadata, heightM: number): number | null {
  return photoGeoreference(metadata, { heightAboveGroundM: heightM })?.gsdM ?? null;
}

/** The decision for one height from one source, refused when the height or pixel is implausible. */
function checked(
  metadata: PhotoMetadata,
  heightM: number,
  source: HeightSource,
  what: string,
): HeightDecision {
  const gsdM = gsdAt(metadata, heightM);
  const heightOk = heightM >= HEIGHT.min && heightM <= HEIGHT.max;
  const pixelOk = gsdM === null || (gsdM >= PIXEL.min && gsdM <= PIXEL.max);
  if (heightOk && pixelOk) return { heightM, source, gsdM, needsConfirmation: null, impliedHeightM: heightM };
  const reason = heightOk
    ? `${what} gives a flight height of ${round1(heightM)} m and ground pixels of ${round1((gsdM ?? 0) * 100)} cm, outside ${PIXEL.min * 100}–${PIXEL.max * 100} cm: confirm the flight height above ground before analysis.`
    : `${what} gives a flight height of ${round1(heightM)} m, outside the plausible ${HEIGHT.min}–${HEIGHT.max} m: confirm the flight height above ground before analysis.`;
  return { heightM: null, source, gsdM, needsConfirmation: reason, impliedHeightM: heightM };
}

/** The height above ground of one capture (its reference file's metadata) from the evidence. */
export function decideHeight(metadata: PhotoMetadata, evidence: HeightEvidence = {}): HeightDecision {
  if (evidence.confirmedHeightM != null && evidence.confirmedHeightM > 0) {
    const heightM = evidence.confirmedHeightM;
    return {
      heightM,
      source: 'staff-confirmed',
      gsdM: gsdAt(metadata, heightM),
      needsConfirmation: null,
      impliedHeightM: heightM,
    };
  }
  if (metadata.relativeAltitude !== null)
    return checked(
      metadata,
      metadata.relativeAltitude,
      'relative-altitude',
      'The drone’s recorded height above take-off',
    );
  const ground = evidence.ground;
  const gps = metadata.gps?.altitude ?? null;
  const pressure = metadata.pressureAltitudeM ?? null;
  if (ground) {
    const byGps = gps !== null && ground.gpsAltitudeM !== null ? gps - ground.gpsAltitudeM : null;
    const byPressure =
      pressure !== null && ground.pressureAltitudeM !== null ? pressure - ground.pressureAltitudeM : null;
    if (byGps !== null && byPressure !== null && byPressure > 0) {
      const disagreement = Math.abs(byGps - byPressure) / Math.max(byGps, byPressure);
      if (disagreement > MAX_GPS_PRESSURE_DISAGREEMENT) {
        return {
          heightM: null,
          source: 'ground-capture',
          gsdM: gsdAt(metadata, byGps),
          needsConfirmation: `GPS (${round1(byGps)} m) and barometric (${round1(byPressure)} m) heights above the ground capture disagree: confirm the flight height above ground before analysis.`,
          impliedHeightM: byGps,
        };
      }
    }
    if (byGps !== null)
      return checked(metadata, byGps, 'ground-capture', 'The GPS altitude above the ground capture');
    if (byPressure !== null)
      return checked(
        metadata,
        byPressure,
        'pressure-ground-capture',
        'The barometric altitude above the ground capture',
      );
  }
  const field = evidence.fieldAltitudeM ?? null;
  if (gps !== null && field !== null) {
    return checked(
      metadata,
      gps - field,
      'field-altitude',
      `The photo’s GPS altitude minus the field’s altitude (${field} m)`,
    );
  }
  return {
    heightM: null,
    source: 'unknown',
    gsdM: null,
    needsConfirmation:
      'The photos carry no height above ground and there is no field altitude or ground capture to derive one: confirm the flight height above ground before analysis.',
    impliedHeightM: null,
  };
}
