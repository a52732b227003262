import type { GeoJsonPolygon, PhotoMetadata } from '../types.ts';

export interface FootprintOptions {
  /** Height above ground (m) when the metadata has no relative altitude. */
  heightAboveGroundM?: number;
}

/**
 * Ground footprint of a photo assuming a nadir view: from height above ground, focal length and
 * sensor size (or field of view) and yaw. Null without GPS, height or optics.
 */
export function photoFootprint(
  _metadata: PhotoMetadata,
  _options: FootprintOptions = {},
): GeoJsonPolygon | null {
  throw new Error('not implemented');
}
