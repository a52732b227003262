const WGS84_A = 6378137;
const WGS84_E2 = 0.00669437999014;
const RAD = Math.PI / 180;

/**
 * East/north metres around an origin ↔ WGS84, with the ellipsoid's meridian and prime-vertical
 * radii at the origin. Exact to millimetres over a photo's footprint (tens to hundreds of metres).
 */
export interface LocalFrame {
  toLngLat(east: number, north: number): [number, number];
  toMetres(lng: number, lat: number): [number, number];
}

export function localFrame(originLng: number, originLat: number): LocalFrame {
  const sinLat = Math.sin(originLat * RAD);
  const w = Math.sqrt(1 - WGS84_E2 * sinLat * sinLat);
  const meridian = (WGS84_A * (1 - WGS84_E2)) / (w * w * w);
  const primeVertical = WGS84_A / w;
  const metresPerDegLat = meridian * RAD;
  const metresPerDegLng = primeVertical * Math.cos(originLat * RAD) * RAD;
  return {
    toLngLat: (east, north) => [originLng + east / metresPerDegLng, originLat + north / metresPerDegLat],
    toMetres: (lng, lat) => [(lng - originLng) * metresPerDegLng, (lat - originLat) * metresPerDegLat],
  };
}
