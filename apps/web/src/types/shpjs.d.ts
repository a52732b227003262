// shpjs ships no type declarations; the part the boundary import uses.
declare module 'shpjs' {
  import type { FeatureCollection } from 'geojson';

  type ShapefileCollection = FeatureCollection & { fileName?: string };
  export function parseZip(
    buffer: ArrayBuffer | Uint8Array,
    whiteList?: string[],
  ): Promise<ShapefileCollection | ShapefileCollection[]>;
}
