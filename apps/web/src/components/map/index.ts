export { BaseMap, type BaseMapProps, DEFAULT_MAP_VIEW, refitOnImageryPadding } from './base-map.tsx';
export * from './geometry.ts';
export * from './layers.ts';
export * from './map-style.ts';
export { mapSnapshot } from './snapshot.ts';
export { type PolygonDrawing, usePolygonDraw } from './use-polygon-draw.ts';
