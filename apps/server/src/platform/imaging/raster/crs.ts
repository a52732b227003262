import proj4 from 'proj4';

/**
 * proj4 definitions for the CRSs drone orthomosaics come in. GeoTIFFs carry an EPSG code, not a
 * definition, and bundling the whole EPSG database is not worth it: UTM on WGS84/ETRS89/NAD83,
 * Web Mercator, geographic WGS84 and the Greek grid cover the product's users.
 */
export function proj4ForEpsg(epsg: number): string | null {
  if (epsg === 4326 || epsg === 4258) return '+proj=longlat +datum=WGS84 +no_defs';
  if (epsg === 3857 || epsg === 900913)
    return '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs';
  if (epsg >= 32601 && epsg <= 32660) return `+proj=utm +zone=${epsg - 32600} +datum=WGS84 +units=m +no_defs`;
  if (epsg >= 32701 && epsg <= 32760)
    return `+proj=utm +zone=${epsg - 32700} +south +datum=WGS84 +units=m +no_defs`;
  // ETRS89 / UTM zones 28N–38N: GRS80 with a null datum shift (sub-metre from WGS84).
  if (epsg >= 25828 && epsg <= 25838)
    return `+proj=utm +zone=${epsg - 25800} +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`;
  if (epsg >= 26901 && epsg <= 26923) return `+proj=utm +zone=${epsg - 26900} +datum=NAD83 +units=m +no_defs`;
  if (epsg === 2100)
    return '+proj=tmerc +lat_0=0 +lon_0=24 +k=0.9996 +x_0=500000 +y_0=0 +ellps=GRS80 +towgs84=-199.87,74.79,246.62,0,0,0,0 +units=m +no_defs';
  return null;
}

export type PointTransform = (x: number, y: number) => [number, number];

/** Forward transform from the CRS to WGS84 `[lng, lat]`. */
export function toWgs84(definition: string): PointTransform {
  const converter = proj4(definition, 'EPSG:4326');
  return (x, y) => converter.forward([x, y]) as [number, number];
}

/** Transform from WGS84 `[lng, lat]` into the CRS. */
export function fromWgs84(definition: string): PointTransform {
  const converter = proj4(definition, 'EPSG:4326');
  return (lng, lat) => converter.inverse([lng, lat]) as [number, number];
}

/** The UTM zone (WGS84, EPSG 326xx/327xx) containing a position. */
export function utmEpsgFor(lng: number, lat: number): number {
  const zone = Math.min(60, Math.max(1, Math.floor((lng + 180) / 6) + 1));
  return (lat >= 0 ? 32600 : 32700) + zone;
}
